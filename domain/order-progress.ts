import { RIDER_MINUTES_PER_MILE } from './eta';
import { orderStatusText } from './order-status';

export type Fulfilment = 'delivery' | 'pickup' | 'eat_in';

/** Product rule R9.10: the tracking stepper's steps; pickup and eat-in end in their own words. */
export const PROGRESS_STEPS: Record<Fulfilment, readonly [string, string, string, string]> = {
  delivery: ['Accepted', 'Preparing', 'Out for delivery', 'Delivered'],
  pickup: ['Accepted', 'Preparing', 'Ready to collect', 'Collected'],
  eat_in: ['Accepted', 'Preparing', 'Ready to serve', 'Served'],
};

const STEP_OF_STATE: Record<string, number> = {
  paid: 0,
  billed: 0,
  packed: 0,
  submitted: 0,
  accepted: 1,
  shipped: 2,
  ready: 2,
  delivered: 3,
  collected: 3,
};

/**
 * The step the order is at (0 to 3), or null when it is not on its way (payment failed, dropped).
 * A paid order waits at "Accepted"; an accepted one is at "Preparing"; delivered is the last.
 */
export function progressStep(state: string): number | null {
  return STEP_OF_STATE[state] ?? null;
}

/** Nothing more happens to an order in these states. */
export function isOrderFinished(state: string): boolean {
  return state === 'delivered' || state === 'collected' || state === 'dropped';
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Product rule R9.10: the tracking page's status as a full sentence, in the words of the status
 * texts of product rule R9.1 where they have them ("Is being prepared": "Your order is being
 * prepared.").
 */
export function orderStatusSentence(
  state: string,
  fulfilment: Fulfilment,
  /** R9.28: false while the order awaits its first payment. */
  paymentFailed = true,
): string {
  switch (state) {
    case 'ready':
      return fulfilment === 'eat_in'
        ? 'Your order is ready to serve.'
        : 'Your order is ready to collect.';
    case 'delivered':
      return 'Your order has been delivered.';
    case 'collected':
      return fulfilment === 'eat_in'
        ? 'Your order has been served.'
        : 'Your order has been collected.';
    case 'payment_pending':
    case 'not_authorized':
      return paymentFailed
        ? 'Payment failed: your order is not paid, so the kitchen has not started it.'
        : 'Awaiting payment: your order is not paid yet, so the kitchen has not started it.';
    case 'dropped':
      return 'Unable to process: the kitchen could not take your order.';
    default: {
      const text = orderStatusText(state, false);
      return text.startsWith('Is ') ? `Your order ${lowerFirst(text)}.` : `Your order: ${text}.`;
    }
  }
}

/** Minutes left, as a window. */
export interface MinutesWindow {
  min: number;
  max: number;
}

/** What the kitchen's estimate may be off by before the rider leaves, and on the way. */
export const KITCHEN_WINDOW_MINUTES = 15;
export const RIDE_WINDOW_MINUTES = 5;
/** The ride when neither the restaurant nor the address has a place on the map. */
export const DEFAULT_RIDE_MINUTES = 15;

/** A ride of `miles` at RIDER_MINUTES_PER_MILE, whole minutes up; null for an unknown distance. */
export function rideMinutes(miles: number | null | undefined): number | null {
  if (miles === null || miles === undefined || !Number.isFinite(miles) || miles < 0) return null;
  return Math.ceil(miles * RIDER_MINUTES_PER_MILE);
}

export interface TrackingEstimateInput {
  state: string;
  fulfilment: Fulfilment;
  /** The kitchen's minutes: preparation and its delay (product rule R4.7). */
  prepTime: number;
  etaDelay: number;
  /** Restaurant to the address, and the driver to the address (once out for delivery). */
  routeMiles: number | null;
  driverMiles: number | null;
}

/**
 * Product rule R9.11: the time left, shrinking as the order advances. Before the rider leaves:
 * the kitchen's minutes plus the ride from the restaurant, to plus 15. On the way: the driver's
 * own distance at 4 minutes a mile, to plus 5, so it agrees with "Your driver is … away" (at the
 * door: arriving now). Ready,
 * finished or failed orders have none.
 */
export function trackingEstimate(input: TrackingEstimateInput): MinutesWindow | null {
  const step = progressStep(input.state);
  if (step === null || step === 3) return null;
  const delivery = input.fulfilment === 'delivery';
  if (step === 2) {
    if (!delivery) return null;
    const ride = rideMinutes(input.driverMiles) ?? rideMinutes(input.routeMiles);
    if (ride === null) return null;
    return ride === 0 ? { min: 0, max: 0 } : { min: ride, max: ride + RIDE_WINDOW_MINUTES };
  }
  const kitchen = Math.max(0, input.prepTime) + Math.max(0, input.etaDelay);
  const ride = delivery ? (rideMinutes(input.routeMiles) ?? DEFAULT_RIDE_MINUTES) : 0;
  return { min: kitchen + ride, max: kitchen + ride + KITCHEN_WINDOW_MINUTES };
}

/** "12 - 27 mins", as product rule R4.7 writes times; "Arriving now" at the door. */
export function formatMinutesWindow({ min, max }: MinutesWindow): string {
  if (max <= 0) return 'Arriving now';
  return `${min} - ${max} mins`;
}
