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

  it('groups thousands, signs a negative amount and rounds half up, as en-GB currency reads', () => {
    expect(formatPrice(1234567.891)).toBe('£1,234,567.89');
    expect(formatPrice(-1.5)).toBe('-£1.50');
    expect(formatPrice(1.005)).toBe('£1.01');
    expect(formatPrice(0.1 + 0.2)).toBe('£0.30');
    // No minus on an amount that rounds to nothing.
    expect(formatPrice(-0.001)).toBe('£0.00');
  });

  it('writes every amount in pence from -£100 to £2,000 as the en-GB GBP formatter does', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    const differing: string[] = [];
    for (let pence = -10_000; pence <= 200_000; pence += 1) {
      const pounds = pence / 100;
      if (formatPrice(pounds) !== gbp.format(pounds)) differing.push(String(pounds));
    }
    expect(differing).toEqual([]);
  });
});
