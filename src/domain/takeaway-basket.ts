import { MINIMUM_SPEND_POUNDS } from './money';

/** Spec section 5: a takeaway basket is valid with items and a pre-discount subtotal at the restaurant's minimum. */
export function isTakeawayBasketValid(
  itemCount: number,
  subtotalBeforeDiscount: number,
  minimumSpend = MINIMUM_SPEND_POUNDS,
): boolean {
  return itemCount > 0 && subtotalBeforeDiscount >= minimumSpend;
}

/** What is left to reach the minimum, in pounds (0 once reached), rounded to pennies. */
export function amountLeftToMinimum(
  subtotalBeforeDiscount: number,
  minimumSpend = MINIMUM_SPEND_POUNDS,
): number {
  return Math.max(0, Math.round((minimumSpend - subtotalBeforeDiscount) * 100) / 100);
}
