import { describe, expect, it } from 'vitest';
import full from 'libphonenumber-js/metadata.min.json';
import type { MetadataJson } from 'libphonenumber-js/core';
import { hasNoPlusSign, isValidUkPhone, normaliseUkPhone } from '../../domain/phone';
import { ukDiallingMetadata } from '../../domain/phone-metadata';
import committed from '../../domain/phone-metadata.uk.json';

describe('isValidUkPhone', () => {
  it.each([
    ['07812 345678', true],
    ['020 7946 0018', true],
    ['+44 7812 345678', true],
    ['0044 7812 345678', true],
    ['(020) 7946-0018', true],
    ['0781234567', false],
    ['12345', false],
    ['', false],
    ['+33 1 42 68 53 00', false],
    ['+1 212 555 0100', false],
  ])('%s -> %s', (phone, valid) => {
    expect(isValidUkPhone(phone)).toBe(valid);
  });
});

describe('normaliseUkPhone', () => {
  it('reads a leading 0 as +44 and a 0044 prefix as +44', () => {
    expect(normaliseUkPhone('07812 345678')).toBe('+447812345678');
    expect(normaliseUkPhone('0044 7812 345678')).toBe('+447812345678');
  });

  it('gives nothing for a number that is not GB', () => {
    expect(normaliseUkPhone('+33 1 42 68 53 00')).toBeUndefined();
  });
});

describe('hasNoPlusSign', () => {
  it('treats a phone without a plus sign as valid', () => {
    expect(hasNoPlusSign('07812 345678')).toBe(true);
    expect(hasNoPlusSign('+44 7812 345678')).toBe(false);
  });
});

describe('GB only', () => {
  it('refuses a +44 number that belongs to Guernsey rather than GB', () => {
    expect(isValidUkPhone('07911 123456')).toBe(false);
  });
});

describe('the +44 metadata the browser loads', () => {
  it("is the installed libphonenumber's own, cut to +44 (run npm run gen:phone-metadata after an upgrade)", () => {
    expect(committed).toEqual(ukDiallingMetadata(full as MetadataJson));
  });
});
