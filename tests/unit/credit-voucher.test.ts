import { describe, expect, it } from 'vitest';
import { CREDIT_VOUCHER_MESSAGES, creditVoucherProblem } from '../../domain/credit-voucher';

const credit = {
  type: 'CreditVoucher' as const,
  valueType: 'fixed_amount' as const,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
};

describe('creditVoucherProblem', () => {
  it('accepts a fixed-amount credit voucher on the first and last day of its dates', () => {
    expect(creditVoucherProblem(credit, '2026-03-01')).toBeNull();
    expect(creditVoucherProblem(credit, '2026-03-31')).toBeNull();
    expect(
      creditVoucherProblem({ ...credit, startDate: null, endDate: null }, '1999-01-01'),
    ).toBeNull();
  });

  it('refuses discount and add-on vouchers, and a credit voucher given as a percentage', () => {
    for (const voucher of [
      { ...credit, type: 'DiscountVoucher' as const },
      { ...credit, type: 'AddonVoucher' as const },
      { ...credit, valueType: 'percentage' as const },
    ])
      expect(creditVoucherProblem(voucher, '2026-03-10')).toEqual({
        code: 'not_credit_voucher',
        detail: CREDIT_VOUCHER_MESSAGES.notCreditVoucher,
      });
  });

  it('says from when a voucher can be redeemed, and that an old one has expired', () => {
    expect(creditVoucherProblem(credit, '2026-02-28')).toEqual({
      code: 'voucher_not_started',
      detail: 'This voucher can be redeemed from 1 March 2026',
    });
    expect(creditVoucherProblem(credit, '2026-04-01')).toEqual({
      code: 'voucher_expired',
      detail: 'This voucher has expired',
    });
  });

  it('reuses the message of product rule R12.4 for an unknown code', () => {
    expect(CREDIT_VOUCHER_MESSAGES.unknownCode).toBe('Invalid code');
  });
});
