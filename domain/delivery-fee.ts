import { firstDeliveryDate, isDeliveryDay } from './delivery-dates';
import { DEFAULT_DELIVERY_PRICE_POUNDS } from './money';
import { addDays, weekDayIndex } from './weeks';

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

/**
 * Product rule R8.9: the day a meal week's box is priced for. With a chosen delivery day, the
 * same weekday in that week (a plan delivers every box on the chosen weekday); before the
 * customer chooses, the first day the instructions step will offer in that week (product rules
 * R7.2, R8.4, R8.5): its Monday, or the first delivery date when that is later, past Sundays and
 * Christmas closures.
 */
export function boxDeliveryDate(mealWeek: string, chosenDate: string | null, now: Date): string {
  if (chosenDate) return addDays(mealWeek, (weekDayIndex(chosenDate) + 6) % 7);
  const first = firstDeliveryDate(now);
  let date = first > mealWeek ? first : mealWeek;
  while (!isDeliveryDay(date)) date = addDays(date, 1);
  return date;
}

/** A meal week's box as its delivery fee reads it: every line, add-ons included. */
export interface BoxShipment {
  mealWeek: string;
  subtotalPence: number;
}

export interface BoxDeliveryFee {
  mealWeek: string;
  deliveryDate: string;
  feePence: number;
}

/**
 * Product rule R8.9: each meal week's delivery fee, the one function the box (basket document),
 * the instructions step and the order (payment preview, order written) all price with.
 */
export function boxDeliveryFees(
  rules: readonly DeliveryFeeRule[],
  shipments: readonly BoxShipment[],
  chosenDate: string | null,
  now: Date,
): BoxDeliveryFee[] {
  return shipments.map(({ mealWeek, subtotalPence }) => {
    const deliveryDate = boxDeliveryDate(mealWeek, chosenDate, now);
    return {
      mealWeek,
      deliveryDate,
      feePence: deliveryFeePence(rules, deliveryDate, subtotalPence),
    };
  });
}

/** What a box costs: its lines after the discount (never below nothing), plus its delivery. */
export const boxTotalPence = (subtotalPence: number, discountPence: number, feePence: number) =>
  Math.max(0, subtotalPence - discountPence) + feePence;
