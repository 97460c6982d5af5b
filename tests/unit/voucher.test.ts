import { describe, expect, it } from 'vitest';
import {
  normaliseVoucherCode,
  voucherDiscountPence,
  voucherFailureMessage,
  voucherProblem,
  VOUCHER_MESSAGES,
  type VoucherTerms,
} from '../../domain/voucher';

const terms = (overrides: Partial<VoucherTerms> = {}): VoucherTerms => ({
  code: 'PASTA5',
  type: 'DiscountVoucher',
  valueType: 'fixed_amount',
  value: 500,
  startDate: null,
  endDate: null,
  productVariantIds: [],
  minimumSpendPerOrderPence: null,
  propositions: ['TW'],
  ...overrides,
});
const lines = [
  { productVariantId: '102', totalPence: 2100 },
  { productVariantId: '301', totalPence: 650 },
];
const basket = { proposition: 'TW' as const, today: '2026-03-10', lines };

describe('normaliseVoucherCode (product rule R12.1)', () => {
  it('uppercases and trims', () => {
    expect(normaliseVoucherCode('  pasta5 ')).toBe('PASTA5');
    expect(normaliseVoucherCode('oos-20')).toBe('OOS-20');
  });

  it('keeps the messages of product rule R12.4', () => {
    expect(VOUCHER_MESSAGES).toEqual({
      invalidCode: 'Invalid code',
      couldNotValidate: "Couldn't validate voucher",
      fallback: 'Voucher invalid',
    });
  });
});

describe('voucherDiscountPence', () => {
  it('takes a fixed amount off', () => {
    expect(voucherDiscountPence(terms(), lines)).toBe(500);
  });

  it('takes a percentage of the lines, rounded to the penny', () => {
    expect(voucherDiscountPence(terms({ valueType: 'percentage', value: 10 }), lines)).toBe(275);
    expect(voucherDiscountPence(terms({ valueType: 'percentage', value: 100 }), lines)).toBe(2750);
  });

  it('discounts only the variants it is tied to', () => {
    const tied = terms({ valueType: 'percentage', value: 50, productVariantIds: ['301'] });
    expect(voucherDiscountPence(tied, lines)).toBe(325);
  });

  it('never takes off more than the lines it applies to cost', () => {
    expect(voucherDiscountPence(terms({ value: 2751 }), lines)).toBe(2750);
    expect(voucherDiscountPence(terms({ value: 1000, productVariantIds: ['301'] }), lines)).toBe(
      650,
    );
    expect(voucherDiscountPence(terms(), [])).toBe(0);
  });
});

describe('voucherProblem', () => {
  it('accepts a voucher within its terms', () => {
    expect(voucherProblem(terms(), basket)).toBeNull();
  });

  it('checks the dates, inclusive at both ends', () => {
    expect(
      voucherProblem(terms({ startDate: '2026-03-10', endDate: '2026-03-10' }), basket),
    ).toBeNull();
    expect(voucherProblem(terms({ startDate: '2026-03-11' }), basket)).toEqual({
      code: 'voucher_not_started',
      detail: 'PASTA5 can be used from 2026-03-11',
    });
    expect(voucherProblem(terms({ endDate: '2026-03-09' }), basket)).toEqual({
      code: 'voucher_expired',
      detail: 'PASTA5 expired on 2026-03-09',
    });
  });

  it('checks the proposition (TW for takeaway)', () => {
    expect(voucherProblem(terms({ propositions: ['RK', 'OO'] }), basket)?.detail).toBe(
      "PASTA5 can't be used for takeaway orders",
    );
  });

  it('checks the minimum on the subtotal before discount, inclusive', () => {
    expect(voucherProblem(terms({ minimumSpendPerOrderPence: 2750 }), basket)).toBeNull();
    expect(voucherProblem(terms({ minimumSpendPerOrderPence: 2751 }), basket)?.detail).toBe(
      'Spend £27.51 or more to use PASTA5',
    );
  });

  it('needs a matching dish for a tied voucher, and a discount voucher', () => {
    expect(voucherProblem(terms({ productVariantIds: ['999'] }), basket)?.code).toBe(
      'voucher_no_matching_items',
    );
    expect(voucherProblem(terms({ type: 'CreditVoucher' }), basket)?.code).toBe(
      'voucher_not_for_baskets',
    );
  });
});

describe('add-on vouchers', () => {
  it('fit recipe-kit and one-off boxes, never a takeaway basket', () => {
    const addon = terms({ type: 'AddonVoucher', propositions: ['RK', 'OO'] });

    expect(voucherProblem(addon, { ...basket, proposition: 'RK' })).toBeNull();
    expect(voucherProblem(addon, { ...basket, proposition: 'OO' })).toBeNull();
    expect(voucherProblem(addon, basket)?.code).toBe('voucher_not_for_baskets');
  });
});

describe('voucherFailureMessage (product rule R12.4)', () => {
  it.each([
    [
      { status: 400, serverMessage: 'PASTA5 expired on 2023-08-31' },
      'PASTA5 expired on 2023-08-31',
    ],
    [{ status: 400 }, 'Voucher invalid'],
    [{ status: 404, serverMessage: 'No voucher has the code X' }, 'Invalid code'],
    [{ status: 500 }, "Couldn't validate voucher"],
    [{ status: 0 }, "Couldn't validate voucher"],
    [{}, 'Voucher invalid'],
    [null, 'Voucher invalid'],
  ])('%o -> %s', (failure, message) => {
    expect(voucherFailureMessage(failure)).toBe(message);
  });
});
