import { describe, expect, it } from 'vitest';
import {
  averageRating,
  isReferralTokenShape,
  isUsableOffer,
  LOYALTY_BOXES,
  loyaltyProgress,
  loyaltyRewardKeys,
  loyaltyVoucherEndDate,
  ratingSummaryText,
  referralLink,
  type OfferVoucher,
} from '../../domain/rewards';

describe('loyalty (product rule R12.9)', () => {
  it('counts paid boxes towards the next voucher, one voucher every fifth box', () => {
    expect(LOYALTY_BOXES).toBe(5);
    expect(loyaltyProgress(0)).toEqual({ boxesTowardsNext: 0, boxesToGo: 5, vouchersEarned: 0 });
    expect(loyaltyProgress(4)).toEqual({ boxesTowardsNext: 4, boxesToGo: 1, vouchersEarned: 0 });
    expect(loyaltyProgress(5)).toEqual({ boxesTowardsNext: 0, boxesToGo: 5, vouchersEarned: 1 });
    expect(loyaltyProgress(12)).toEqual({ boxesTowardsNext: 2, boxesToGo: 3, vouchersEarned: 2 });
    expect(loyaltyProgress(-3).vouchersEarned).toBe(0);
  });

  it('names each voucher earned by plan and number, so it is issued once', () => {
    expect(loyaltyRewardKeys(7, 4)).toEqual([]);
    expect(loyaltyRewardKeys(7, 11)).toEqual(['loyalty:7:1', 'loyalty:7:2']);
  });

  it('keeps a voucher usable for 60 days', () => {
    expect(loyaltyVoucherEndDate('2026-11-24')).toBe('2027-01-23');
  });
});

describe('offers (product rule R12.10)', () => {
  const offer: OfferVoucher = {
    type: 'DiscountVoucher',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    customerId: null,
    offerTitle: '£5 off',
    newCustomer: false,
  };
  const context = { customerId: 3, today: '2026-11-24', alreadyUsed: false };

  it('offers a live headline voucher and the customer’s own rewards', () => {
    expect(isUsableOffer(offer, context)).toBe(true);
    expect(isUsableOffer({ ...offer, customerId: 3, offerTitle: null }, context)).toBe(true);
  });

  it('never offers credit, new-customer, untitled, expired, future, others’ or used vouchers', () => {
    expect(isUsableOffer({ ...offer, type: 'CreditVoucher' }, context)).toBe(false);
    expect(isUsableOffer({ ...offer, newCustomer: true }, context)).toBe(false);
    expect(isUsableOffer({ ...offer, offerTitle: null }, context)).toBe(false);
    expect(isUsableOffer({ ...offer, endDate: '2026-11-23' }, context)).toBe(false);
    expect(isUsableOffer({ ...offer, startDate: '2026-11-25' }, context)).toBe(false);
    expect(isUsableOffer({ ...offer, customerId: 4 }, context)).toBe(false);
    expect(isUsableOffer(offer, { ...context, alreadyUsed: true })).toBe(false);
  });
});

describe('referrals (product rule R12.11)', () => {
  it('builds the sign-up link and knows a token’s shape', () => {
    expect(referralLink('https://sfoglia.example/', 'abcDEF123_-xyz')).toBe(
      'https://sfoglia.example/signup?ref=abcDEF123_-xyz',
    );
    expect(isReferralTokenShape('abcDEF123_-xyz')).toBe(true);
    expect(isReferralTokenShape('short')).toBe(false);
    expect(isReferralTokenShape('has space in it!')).toBe(false);
  });
});

describe('dish ratings (product rule R12.13)', () => {
  it('averages to one decimal place and says it in words', () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([5, 4])).toBe(4.5);
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(ratingSummaryText(4.5, 2)).toBe('4.5 out of 5 (2 ratings)');
    expect(ratingSummaryText(5, 1)).toBe('5.0 out of 5 (1 rating)');
  });
});
