/** Product rule R13.2: minimum spend and per-order minimum both default to 10 pounds. */
export const MINIMUM_SPEND_POUNDS = 10;
/** Product rule R8.6: delivery price when a shipment has none. */
export const DEFAULT_DELIVERY_PRICE_POUNDS = 1.99;

const gbp = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
});

/** Pound sign and two decimals: £12.50. */
export function formatPrice(pounds: number): string {
  return gbp.format(pounds);
}
