/** Product rule R13.2: minimum spend and per-order minimum both default to 10 pounds. */
export const MINIMUM_SPEND_POUNDS = 10;
/** Product rule R8.6: delivery price when a shipment has none. */
export const DEFAULT_DELIVERY_PRICE_POUNDS = 1.99;

/**
 * Pound sign and two decimals, thousands grouped: £12.50, £1,234.00, -£1.50 (what
 * `Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })` writes). By hand: that
 * formatter's first use loads the browser's currency data, about 30 ms of a phone's first seconds
 * (R14.16).
 */
export function formatPrice(pounds: number): string {
  // Rounded from the number as written (1.005 → £1.01, as Intl does), not from its binary value.
  const pence = Math.round(Number((Math.abs(pounds) * 100).toPrecision(15)));
  const whole = String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = pounds < 0 && pence > 0 ? '-' : '';
  return `${sign}£${whole}.${String(pence % 100).padStart(2, '0')}`;
}
