import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  cardNumberGroups,
  digitsBefore,
  formatCardNumber,
  formatExpiry,
  maxCardDigits,
} from '../../domain/card-input';

describe('the card number as typed (product rule R5.9)', () => {
  it('groups a Visa or Mastercard number in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('5555 5555 5555 4444')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('4242-4242-4242-4242')).toBe('4242 4242 4242 4242');
  });

  it('groups an American Express number 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3400000000000099999')).toBe('3400 000000 00009');
    expect(cardNumberGroups('37')).toEqual([4, 6, 5]);
    expect(maxCardDigits('34')).toBe(15);
  });

  it('groups as it goes and never leaves a trailing space', () => {
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });

  it('drops letters and stops at 19 digits', () => {
    expect(formatCardNumber('42a42b')).toBe('4242');
    expect(formatCardNumber('1234567890123456789012')).toBe('1234 5678 9012 3456 789');
    expect(maxCardDigits('4242')).toBe(19);
  });
});

describe('the expiry date as typed (product rule R5.9)', () => {
  it('puts the slash in after the month', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/28')).toBe('12/28');
  });

  it('reads a first digit of 2 to 9 as the month', () => {
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('0')).toBe('0');
  });

  it('lets backspace remove the slash and go on', () => {
    expect(formatExpiry('12', true)).toBe('12');
    expect(formatExpiry('1', true)).toBe('1');
    expect(formatExpiry('12/2', true)).toBe('12/2');
    expect(formatExpiry('', true)).toBe('');
    expect(formatExpiry('4', true)).toBe('4');
  });

  it('keeps four digits at most and drops anything else', () => {
    expect(formatExpiry('12/2829')).toBe('12/28');
    expect(formatExpiry('ab')).toBe('');
    expect(formatExpiry(' 0 4 / 2 9 ')).toBe('04/29');
  });
});

describe('the caret kept after the same digit', () => {
  it('counts the digits before the caret', () => {
    expect(digitsBefore('4242 42', 7)).toBe(6);
    expect(digitsBefore('4242 42', 5)).toBe(4);
    expect(digitsBefore('4242', 0)).toBe(0);
    expect(digitsBefore('4242', -1)).toBe(0);
  });

  it('puts the caret after that digit, past a separator when typing on', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(5);
    expect(caretAfterDigits('4242 4242', 4, false)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('12/', 2)).toBe(3);
    expect(caretAfterDigits('4242', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });
});
