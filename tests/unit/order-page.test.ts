import { describe, expect, it } from 'vitest';
import {
  canGiveFeedback,
  FEEDBACK_MESSAGES,
  feedbackErrors,
  optionalText,
  paymentMethodText,
  paymentStateText,
} from '../../domain/order-page';

describe('canGiveFeedback (product rule R9.16)', () => {
  it.each(['delivered', 'collected'])('takes feedback on a %s order', (state) => {
    expect(canGiveFeedback(state)).toBe(true);
  });

  it.each(['payment_pending', 'not_authorized', 'paid', 'accepted', 'shipped', 'ready', 'dropped'])(
    'refuses feedback on a %s order',
    (state) => {
      expect(canGiveFeedback(state)).toBe(false);
    },
  );
});

describe('feedbackErrors (product rule R9.16)', () => {
  it('accepts every score from 0 to 10 with optional text', () => {
    for (let score = 0; score <= 10; score += 1)
      expect(feedbackErrors({ npsRating: score, reason: '', notes: '' })).toEqual([]);
  });

  it('asks for a score when none is chosen or it is out of range', () => {
    for (const npsRating of [null, -1, 11, 7.5]) {
      expect(feedbackErrors({ npsRating, reason: '', notes: '' })).toEqual([
        { field: 'npsRating', message: FEEDBACK_MESSAGES.npsMissing },
      ]);
    }
  });

  it('limits the reason to 200 and the notes to 2000 characters, in the order of the fields', () => {
    expect(
      feedbackErrors({ npsRating: null, reason: 'x'.repeat(201), notes: 'y'.repeat(2001) }),
    ).toEqual([
      {
        field: 'npsRating',
        message: 'Select how likely you are to recommend Sfoglia, from 0 to 10',
      },
      { field: 'reason', message: 'Your main reason must be 200 characters or fewer' },
      { field: 'notes', message: 'Your notes must be 2000 characters or fewer' },
    ]);
    expect(
      feedbackErrors({ npsRating: 5, reason: ` ${'x'.repeat(200)} `, notes: 'y'.repeat(2000) }),
    ).toEqual([]);
  });
});

describe('optionalText', () => {
  it('keeps trimmed text and reads blank text as none', () => {
    expect(optionalText('  Quick rider ')).toBe('Quick rider');
    expect(optionalText('   ')).toBeNull();
    expect(optionalText('')).toBeNull();
    expect(optionalText(null)).toBeNull();
    expect(optionalText(undefined)).toBeNull();
  });
});

describe('payment texts (product rule R9.15)', () => {
  it('names the method', () => {
    expect(paymentMethodText('CreditCard', 'visa', '4242')).toBe('Visa ending 4242');
    expect(paymentMethodText('CreditCard', null, null)).toBe('Card');
    expect(paymentMethodText('CreditCard', null, '0002')).toBe('Card ending 0002');
    expect(paymentMethodText('PaypalAccount', null, null)).toBe('PayPal');
  });

  it('says each state in words', () => {
    expect(paymentStateText('succeeded')).toBe('Paid');
    expect(paymentStateText('failed')).toBe('Declined');
    expect(paymentStateText('requires_action')).toBe('Waiting for your bank to confirm');
    expect(paymentStateText('processing')).toBe('Processing');
  });
});
