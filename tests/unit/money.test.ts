import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_PRICE_POUNDS,
  formatPrice,
  MINIMUM_SPEND_POUNDS,
} from '../../domain/money';

describe('money constants', () => {
  it('defaults the minimum spend to 10 pounds and delivery to 1.99', () => {
    expect(MINIMUM_SPEND_POUNDS).toBe(10);
    expect(DEFAULT_DELIVERY_PRICE_POUNDS).toBe(1.99);
  });
});

describe('formatPrice', () => {
  it('shows the pound sign and two decimals', () => {
    expect(formatPrice(12.5)).toBe('£12.50');
    expect(formatPrice(0)).toBe('£0.00');
    expect(formatPrice(1234.567)).toBe('£1,234.57');
  });
});
