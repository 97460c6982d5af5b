import { DEFAULT_DELIVERY_PRICE_POUNDS } from './money';

/** A delivery fee config item (product rule R8.6), in pence; weekDay 0 is Sunday. */
export interface DeliveryFeeRule {
  weekDay: number;
  pricePence: number;
  /** Free delivery from this subtotal; null for never free. */
  thresholdPence: number | null;
}

/** Product rule R8.6: the delivery price when a shipment has none. */
export const DEFAULT_DELIVERY_PENCE = Math.round(DEFAULT_DELIVERY_PRICE_POUNDS * 100);

/** The weekday (0 Sunday .. 6 Saturday) of an ISO date, read as a calendar date (UTC). */
export const weekDayOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

/**
 * One shipment's fee: the rule for the delivery date's weekday, free once the subtotal reaches its
 * threshold; the default price when there is no rule or no date yet. An empty shipment costs nothing.
 */
export function deliveryFeePence(
  rules: readonly DeliveryFeeRule[],
  deliveryDate: string | null,
  subtotalPence: number,
): number {
  if (subtotalPence <= 0) return 0;
  const rule =
    deliveryDate === null ? undefined : rules.find((r) => r.weekDay === weekDayOf(deliveryDate));
  if (!rule) return DEFAULT_DELIVERY_PENCE;
  if (rule.thresholdPence !== null && subtotalPence >= rule.thresholdPence) return 0;
  return rule.pricePence;
}
