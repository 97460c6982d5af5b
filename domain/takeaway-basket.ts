import { MINIMUM_SPEND_POUNDS } from './money';
import type { FulfillmentType } from './upsell';

/** Product rule R4.5: a takeaway basket is valid with items and a pre-discount subtotal at the restaurant's minimum. */
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

export type { FulfillmentType };

/**
 * How and when the customer gets the order (product rule R4.1): ASAP by default, or a time slot.
 */
export interface TakeawayChoice {
  fulfillmentType: FulfillmentType;
  /** ISO date; null means today. */
  deliveryDate: string | null;
  /** 'asap' or the slot's start, HH:MM. */
  timeSlot: string;
  timeSlotEndTime: string | null;
}

export const ASAP = 'asap';
export const DEFAULT_TAKEAWAY_CHOICE: TakeawayChoice = {
  fulfillmentType: 'delivery',
  deliveryDate: null,
  timeSlot: ASAP,
  timeSlotEndTime: null,
};

export const FULFILLMENT_LABELS: Record<FulfillmentType, string> = {
  delivery: 'Delivery',
  pickup: 'Pickup',
  eat_in: 'Eat-in',
};

const FULFILLMENT_TYPES: readonly string[] = ['delivery', 'pickup', 'eat_in'];
const TIME = /^\d{2}:\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A stored choice, or the default for anything not in today's shape (stored data is untrusted). */
export function readTakeawayChoice(value: unknown): TakeawayChoice {
  if (typeof value !== 'object' || value === null) return DEFAULT_TAKEAWAY_CHOICE;
  const v = value as Record<string, unknown>;
  if (typeof v.fulfillmentType !== 'string' || !FULFILLMENT_TYPES.includes(v.fulfillmentType))
    return DEFAULT_TAKEAWAY_CHOICE;
  const fulfillmentType = v.fulfillmentType as FulfillmentType;
  const scheduled =
    typeof v.timeSlot === 'string' &&
    TIME.test(v.timeSlot) &&
    typeof v.timeSlotEndTime === 'string' &&
    TIME.test(v.timeSlotEndTime) &&
    typeof v.deliveryDate === 'string' &&
    DATE.test(v.deliveryDate);
  return scheduled
    ? {
        fulfillmentType,
        deliveryDate: v.deliveryDate as string,
        timeSlot: v.timeSlot as string,
        timeSlotEndTime: v.timeSlotEndTime as string,
      }
    : { ...DEFAULT_TAKEAWAY_CHOICE, fulfillmentType };
}

/** 'Delivery, ASAP' or 'Pickup, Tue 10 Mar, 19:00 - 19:15'. */
export function takeawayChoiceText(choice: TakeawayChoice): string {
  const how = FULFILLMENT_LABELS[choice.fulfillmentType];
  if (choice.timeSlot === ASAP || !choice.deliveryDate) return `${how}, ASAP`;
  const day = new Date(`${choice.deliveryDate}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return `${how}, ${day}, ${choice.timeSlot} - ${choice.timeSlotEndTime ?? ''}`.trim();
}
