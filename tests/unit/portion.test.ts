import { describe, expect, it } from 'vitest';
import { doublePortionDiscountPercent, isDoublePortion } from '../../domain/portion';

describe('portion (product rule R7.9)', () => {
  it('is double unless the variant title contains Regular', () => {
    expect(isDoublePortion('Regular')).toBe(false);
    expect(isDoublePortion('Double Portion, Serves 2')).toBe(true);
  });

  it("gives the double portion's discount against two singles as a whole percentage", () => {
    expect(doublePortionDiscountPercent(8.95, 15.95)).toBe(11);
    expect(doublePortionDiscountPercent(5, 10)).toBe(0);
    expect(doublePortionDiscountPercent(5, 11)).toBe(0);
    expect(doublePortionDiscountPercent(0, 10)).toBe(0);
  });
});
