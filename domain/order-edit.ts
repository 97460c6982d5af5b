import { isDeliveryDay } from './delivery-dates';
import { addDays, cutoffFor, isoDate, weekStart } from './weeks';

/**
 * Editing an order (product rules R9.19 to R9.24): a recipe-kit order can change until its
 * delivery week's cut-off (Friday 12:00 UTC before the week, R7.1); a takeaway order never.
 */

/** Order states an edit may still change: placed, not yet billed at the cut-off or packed. */
const EDITABLE_STATES = new Set(['paid', 'payment_pending', 'not_authorized']);
/** Order states a customer has paid (an increase is charged, a decrease given back). */
const PAID_STATES = new Set(['paid']);

export const ORDER_EDIT_MESSAGES = {
  takeaway: "Takeaway orders can't be changed once placed. Contact us if something is wrong.",
  tooLate: (cutoff: string) =>
    `Too late to change this order: changes closed at the cut-off, ${cutoff}.`,
  notEditable: (state: string) =>
    `This order is ${state.replace(/_/g, ' ')} and can no longer be changed.`,
  paymentInFlight: 'A payment for this order is in progress. Try again in a minute.',
  priceChanged: 'The price of this change has moved since you saw it. Check the new total.',
  dateOutsideWeek: (from: string, to: string) =>
    `Choose a delivery date from ${from} to ${to}: your dishes are that week's menu`,
  dateSunday: 'We do not deliver on Sundays: choose another day',
  datePassed: 'Choose a delivery date from tomorrow on',
  dateOutsideWindow: 'Choose a delivery date within the next 21 days',
  dateUnavailable: 'We cannot deliver on that day: choose another day',
  dishUnavailable: (titles: string) => `Not deliverable on that day: ${titles}. Choose another day`,
  notOnMenu: "That dish is not on this week's menu",
  chefNothing: 'The chef found no dishes to pick on this week’s menu',
  noCard: 'Add a card to pay the difference: your store credit does not cover it',
  declined: 'Your card was declined, so nothing changed. Try again or use another card.',
  needsConfirming:
    'Your bank wants to confirm this payment, which we cannot do from here, so nothing changed.',
  saved: 'Your order is updated',
} as const;

export type OrderEditability =
  | { editable: true; cutoff: Date }
  | { editable: false; reason: 'takeaway' | 'too_late' | 'state'; cutoff: Date | null };

/** The cut-off of an order's delivery week, or null without a delivery date. */
export function orderCutoff(deliveryDate: string | null): Date | null {
  return deliveryDate ? cutoffFor(weekStart(deliveryDate)) : null;
}

/** Product rule R9.19: whether a customer may still change the order, and if not why. */
export function orderEditability(
  order: { type: string; state: string; deliveryDate: string | null },
  now: Date,
): OrderEditability {
  const cutoff = orderCutoff(order.deliveryDate);
  if (order.type === 'takeaway' || cutoff === null)
    return { editable: false, reason: 'takeaway', cutoff: null };
  if (cutoff <= now) return { editable: false, reason: 'too_late', cutoff };
  if (!EDITABLE_STATES.has(order.state)) return { editable: false, reason: 'state', cutoff };
  return { editable: true, cutoff };
}

export const isPaidOrder = (state: string) => PAID_STATES.has(state);

/** "Friday 27 November, 12:00" in UTC, as the cut-off is. */
export function formatCutoff(cutoff: Date): string {
  const day = cutoff.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return `${day}, 12:00`;
}

/**
 * Product rule R9.21: the days an order may move to: Monday to Saturday of its own delivery week
 * (the dishes are that week's menu), from tomorrow, within the 21-day window from today.
 */
export function orderDateChoices(deliveryDate: string, now: Date): string[] {
  const today = isoDate(now);
  const monday = weekStart(deliveryDate);
  return [0, 1, 2, 3, 4, 5]
    .map((offset) => addDays(monday, offset))
    .filter((date) => isDeliveryDay(date) && date > today && date <= addDays(today, 21));
}

/** Why a new delivery date is refused (product rule R9.21), or null when it fits. */
export function orderDateProblem(current: string, wanted: string, now: Date): string | null {
  const monday = weekStart(current);
  if (weekStart(wanted) !== monday)
    return ORDER_EDIT_MESSAGES.dateOutsideWeek(monday, addDays(monday, 5));
  if (!isDeliveryDay(wanted)) return ORDER_EDIT_MESSAGES.dateSunday;
  const today = isoDate(now);
  if (wanted <= today) return ORDER_EDIT_MESSAGES.datePassed;
  if (wanted > addDays(today, 21)) return ORDER_EDIT_MESSAGES.dateOutsideWindow;
  return null;
}

export interface EditMoney {
  /** The order's new total minus its old one, pence. */
  differencePence: number;
  /** Charged to the order's card (a paid order's increase beyond the store credit). */
  cardPence: number;
  /** Taken from the customer's store credit (a paid order's increase, before the card). */
  storeCreditSpentPence: number;
  /** Given back as store credit (a paid order's decrease; an unpaid order's credit above its total). */
  storeCreditRefundPence: number;
}

/**
 * Product rule R9.23: what a change does with money. A paid order's increase is taken from the
 * store credit first (R8.7) and the rest charged to its card; its decrease is given back as store
 * credit. An unpaid order only changes what its payment will ask, and credit spent on it above
 * its new total goes back.
 */
export function editMoney(input: {
  paid: boolean;
  previousTotalPence: number;
  totalPence: number;
  orderStoreCreditPence: number;
  storeCreditBalancePence: number;
}): EditMoney {
  const differencePence = input.totalPence - input.previousTotalPence;
  if (!input.paid) {
    return {
      differencePence,
      cardPence: 0,
      storeCreditSpentPence: 0,
      storeCreditRefundPence: Math.max(0, input.orderStoreCreditPence - input.totalPence),
    };
  }
  if (differencePence <= 0)
    return {
      differencePence,
      cardPence: 0,
      storeCreditSpentPence: 0,
      storeCreditRefundPence: -differencePence,
    };
  const storeCreditSpentPence = Math.min(
    Math.max(0, input.storeCreditBalancePence),
    differencePence,
  );
  return {
    differencePence,
    cardPence: differencePence - storeCreditSpentPence,
    storeCreditSpentPence,
    storeCreditRefundPence: 0,
  };
}
