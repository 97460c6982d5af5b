import { plannedDeliveryDate } from './delivery-days';
import { addDays, cutoffFor, weekDayIndex, weekStart } from './weeks';

/**
 * Product rule R8.13: what a basket that starts a pasta plan promises to charge again, said on the
 * payment step before the customer pays. Computed on the server from the same prices as the
 * preview (so the promise and the charge never disagree) and shown as it comes.
 */

/** Product rule R7.14: a plan's box holds 2 to 12 recipes. */
export const MIN_RECIPES_PER_BOX = 2;
export const MAX_RECIPES_PER_BOX = 12;

/** Product rule R7.20: each later box holds the first box's dishes (add-ons aside), 2 to 12. */
export function recipesPerBox(dishQuantities: readonly number[]): number {
  const count = dishQuantities.reduce((sum, quantity) => sum + quantity, 0);
  return Math.min(MAX_RECIPES_PER_BOX, Math.max(MIN_RECIPES_PER_BOX, count));
}

export interface NextCharge {
  /** The cut-off of the plan's next box: its billing time (product rules R7.1 and R10.3). */
  chargeAt: Date;
  /** That box's delivery date. */
  deliveryDate: string;
}

/**
 * The plan's next charge after the box ordered now: the next planned week (every `frequency`
 * weeks from the first delivery, on the same weekday) is billed at its cut-off; a later week
 * already in the basket comes first when it is sooner.
 */
export function nextCharge(
  firstDelivery: string,
  frequency: number,
  laterBasketWeeks: readonly string[] = [],
): NextCharge {
  const firstWeek = weekStart(firstDelivery);
  const dayOffset = (weekDayIndex(firstDelivery) + 6) % 7;
  const rhythmWeek = addDays(firstWeek, 7 * Math.max(1, frequency));
  const week = [rhythmWeek, ...laterBasketWeeks.map((w) => weekStart(w))]
    .filter((w) => w > firstWeek)
    .sort()[0]!;
  return { chargeAt: cutoffFor(week), deliveryDate: plannedDeliveryDate(week, dayOffset + 1) };
}

/** What recurs (pence), or nothing for a one-off box. */
export interface RecurringCharge {
  recipesPerBox: number;
  /** Every N weeks. */
  frequency: number;
  /** 1 Monday .. 6 Saturday: every box comes on the first box's weekday. */
  deliveryDay: number;
  /** The box's dishes before any voucher (a voucher is for this order). */
  pricePerBoxPence: number;
  /** The delivery fee on that weekday for a box of that price (product rules R8.6, R8.9). */
  deliveryFeePence: number;
  nextChargeAt: Date;
  nextDeliveryDate: string;
}

export function recurringCharge(input: {
  startSubscription: boolean;
  frequency: number | null;
  /** The first box's delivery date. */
  deliveryDate: string;
  /** The basket's own count when it has one (product rule R7.20), else the first box's dishes. */
  numberOfRecipes: number | null;
  dishQuantities: readonly number[];
  pricePerBoxPence: number;
  deliveryFeePence: number;
  laterBasketWeeks?: readonly string[];
}): RecurringCharge | null {
  if (!input.startSubscription) return null;
  const frequency = input.frequency ?? 1;
  const next = nextCharge(input.deliveryDate, frequency, input.laterBasketWeeks);
  return {
    recipesPerBox: input.numberOfRecipes ?? recipesPerBox(input.dishQuantities),
    frequency,
    deliveryDay: ((weekDayIndex(input.deliveryDate) + 6) % 7) + 1,
    pricePerBoxPence: input.pricePerBoxPence,
    deliveryFeePence: input.deliveryFeePence,
    nextChargeAt: next.chargeAt,
    nextDeliveryDate: next.deliveryDate,
  };
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 'Wednesday' for 3. */
export const weekdayName = (deliveryDay: number) => WEEKDAYS[deliveryDay - 1] ?? 'Monday';

/** 'every week', 'every 2 weeks'. */
export const frequencyText = (frequency: number) =>
  frequency === 1 ? 'every week' : `every ${frequency} weeks`;
