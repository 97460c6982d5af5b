import { describe, expect, it } from 'vitest';
import {
  canEstimateDelivery,
  isAddressReady,
  listableAddresses,
  PLACEHOLDER_STREET,
} from '../../domain/address';
import { DEFAULT_ETA_TEXT, etaText } from '../../domain/eta';
import { isPaymentFailed, orderStatusText } from '../../domain/order-status';
import {
  HARD_DECLINE_CODES,
  isCardRequested,
  isHardDecline,
  isLikelyCardCharge,
  isSetupIntentId,
} from '../../domain/payment';
import { doublePortionDiscountPercent, isDoublePortion } from '../../domain/portion';
import { amountLeftToMinimum, isTakeawayBasketValid } from '../../domain/takeaway-basket';
import { upsellCategories } from '../../domain/upsell';
import { normaliseVoucherCode } from '../../domain/voucher';

describe('order status text (product rule R9.1)', () => {
  it.each([
    ['paid', 'Is being prepared'],
    ['billed', 'Is being prepared'],
    ['packed', 'Is being prepared'],
    ['submitted', 'Is being prepared'],
    ['accepted', 'Is being prepared'],
    ['shipped', 'Is out for delivery'],
    ['payment_pending', 'Payment failed'],
    ['not_authorized', 'Payment failed'],
    ['dropped', 'Unable to process'],
    ['delivered', 'Delivered'],
    ['skipped', 'Skipped'],
  ])('%s, its payment failed -> %s', (state, text) => {
    expect(orderStatusText(state, true)).toBe(text);
  });

  it("reads 'Awaiting payment' for an order awaiting its first payment (R9.28)", () => {
    expect(orderStatusText('payment_pending', false)).toBe('Awaiting payment');
    expect(orderStatusText('paid', false)).toBe('Is being prepared');
  });

  it('calls payment_pending and not_authorized payment-failed, nothing else', () => {
    expect(['payment_pending', 'not_authorized', 'paid', 'failed'].map(isPaymentFailed)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('ETA text (product rule R4.7)', () => {
  it("defaults to '15 - 30 mins'", () => {
    expect(etaText(null)).toBe('15 - 30 mins');
    expect(DEFAULT_ETA_TEXT).toBe('15 - 30 mins');
  });

  it('adds 15 to 30 minutes to prepTime plus etaDelay', () => {
    expect(etaText({ prepTime: 10, etaDelay: 5 })).toBe('30 - 45 mins');
    expect(etaText({ prepTime: 0, etaDelay: 0 })).toBe('15 - 30 mins');
  });
});

describe('upsell categories (product rule R4.8)', () => {
  it('eat-in uses its five categories; delivery adds Desserts and Gelato', () => {
    expect(upsellCategories('eat_in')).toEqual([
      'Starters & Sides',
      'Alcoholic Drinks',
      'Alcohol',
      'Drinks',
      'Sides',
    ]);
    expect(upsellCategories('delivery')).toEqual([
      'Starters & Sides',
      'Alcoholic Drinks',
      'Alcohol',
      'Drinks',
      'Sides',
      'Desserts',
      'Gelato',
    ]);
  });
});

describe('addresses (product rules R3.2, R3.3 and R4.6)', () => {
  const ready = {
    address1: '12 Devonshire Road',
    city: 'London',
    zip: 'W4 2HD',
    phone: '07812 345678',
  };

  it('is ready with address1, city and zip, not the ignore_me placeholder', () => {
    expect(isAddressReady(ready)).toBe(true);
    expect(isAddressReady({ ...ready, address1: PLACEHOLDER_STREET })).toBe(false);
    expect(isAddressReady({ ...ready, city: ' ' })).toBe(false);
    expect(isAddressReady({ ...ready, zip: null })).toBe(false);
    expect(isAddressReady(null)).toBe(false);
  });

  it('leaves addresses without street, phone, city or zip out of the list', () => {
    const list = [
      ready,
      { ...ready, phone: '' },
      { ...ready, address1: null },
      { ...ready, city: undefined },
      { ...ready, zip: '' },
    ];
    expect(listableAddresses(list)).toEqual([ready]);
  });

  it('estimates delivery only with every input and a postcode shape or a real street', () => {
    const input = {
      timeSlot: 'asap',
      restaurantId: 16,
      zip: 'W4 2HD',
      lat: 51.49,
      lon: -0.25,
      country: 'GB',
      address1: '12 Devonshire Road',
      city: 'London',
    };
    expect(canEstimateDelivery(input)).toBe(true);
    expect(canEstimateDelivery({ ...input, zip: 'not a postcode' })).toBe(true);
    expect(
      canEstimateDelivery({ ...input, zip: 'not a postcode', address1: PLACEHOLDER_STREET }),
    ).toBe(false);
    expect(canEstimateDelivery({ ...input, address1: PLACEHOLDER_STREET })).toBe(true);
    for (const key of Object.keys(input))
      expect(canEstimateDelivery({ ...input, [key]: null })).toBe(false);
  });
});

describe('payments (product rules R11.1, R11.2 and R11.3)', () => {
  it('knows the four hard declines', () => {
    expect(HARD_DECLINE_CODES).toEqual([
      'stolen_card',
      'lost_card',
      'fraudulent',
      'merchant_blacklist',
    ]);
    expect(isHardDecline('insufficient_funds')).toBe(false);
    expect(isHardDecline('lost_card')).toBe(true);
  });

  it('recognises setup intents by seti_', () => {
    expect(isSetupIntentId('seti_123')).toBe(true);
    expect(isSetupIntentId('pi_123')).toBe(false);
  });

  it('flags a likely card charge at 30 or more', () => {
    expect([29.99, 30, 30.01].map(isLikelyCardCharge)).toEqual([false, true, true]);
  });

  it('requests a card when credit does not cover the total, or the basket says so', () => {
    expect(isCardRequested(20, 20)).toBe(false);
    expect(isCardRequested(20.01, 20)).toBe(true);
    expect(isCardRequested(0, 5, true)).toBe(true);
  });
});

describe('portions and vouchers (product rules R7.9 and R12.1)', () => {
  it('is double unless the variant title contains Regular', () => {
    expect(isDoublePortion('Regular')).toBe(false);
    expect(isDoublePortion('Double Portion, Serves 2')).toBe(true);
  });

  it('computes the double portion discount against two singles as a percentage', () => {
    expect(doublePortionDiscountPercent(10, 17)).toBe(15);
    expect(doublePortionDiscountPercent(10, 20)).toBe(0);
    expect(doublePortionDiscountPercent(0, 5)).toBe(0);
  });

  it('uppercases voucher codes', () => {
    expect(normaliseVoucherCode(' oos-20 ')).toBe('OOS-20');
  });
});

describe('takeaway basket minimum (product rule R4.5)', () => {
  it('needs items and a pre-discount subtotal of at least the minimum (10 pounds by default)', () => {
    expect(isTakeawayBasketValid(1, 10)).toBe(true);
    expect(isTakeawayBasketValid(1, 9.99)).toBe(false);
    expect(isTakeawayBasketValid(0, 50)).toBe(false);
    expect(isTakeawayBasketValid(2, 14.99, 15)).toBe(false);
  });

  it('says how much is left', () => {
    expect(amountLeftToMinimum(7.5)).toBe(2.5);
    expect(amountLeftToMinimum(12)).toBe(0);
    expect(amountLeftToMinimum(9.99)).toBe(0.01);
  });
});
