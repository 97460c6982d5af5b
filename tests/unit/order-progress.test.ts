import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RIDE_MINUTES,
  formatMinutesWindow,
  isOrderFinished,
  orderStatusSentence,
  progressStep,
  PROGRESS_STEPS,
  rideMinutes,
  trackingEstimate,
  type TrackingEstimateInput,
} from '../../domain/order-progress';

const accepted: TrackingEstimateInput = {
  state: 'accepted',
  fulfilment: 'delivery',
  prepTime: 15,
  etaDelay: 0,
  routeMiles: 2,
  driverMiles: null,
};

describe('the tracking stepper (product rule R9.10)', () => {
  it('has four steps, with pickup and eat-in ending in their own words', () => {
    expect(PROGRESS_STEPS.delivery).toEqual([
      'Accepted',
      'Preparing',
      'Out for delivery',
      'Delivered',
    ]);
    expect(PROGRESS_STEPS.pickup.slice(2)).toEqual(['Ready to collect', 'Collected']);
    expect(PROGRESS_STEPS.eat_in.slice(2)).toEqual(['Ready to serve', 'Served']);
  });

  it('places each state on its step, and failures on none', () => {
    expect(['paid', 'accepted', 'shipped', 'delivered'].map(progressStep)).toEqual([0, 1, 2, 3]);
    expect(['ready', 'collected'].map(progressStep)).toEqual([2, 3]);
    expect(['payment_pending', 'not_authorized', 'dropped', 'nonsense'].map(progressStep)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('knows when nothing more happens', () => {
    expect(['delivered', 'collected', 'dropped'].every(isOrderFinished)).toBe(true);
    expect(['paid', 'accepted', 'shipped', 'ready'].some(isOrderFinished)).toBe(false);
  });
});

describe('orderStatusSentence (product rule R9.10)', () => {
  it('says the R9.1 texts as full sentences', () => {
    expect(orderStatusSentence('paid', 'delivery')).toBe('Your order is being prepared.');
    expect(orderStatusSentence('accepted', 'pickup')).toBe('Your order is being prepared.');
    expect(orderStatusSentence('shipped', 'delivery')).toBe('Your order is out for delivery.');
    expect(orderStatusSentence('delivered', 'delivery')).toBe('Your order has been delivered.');
  });

  it('has its own words for pickup and eat-in', () => {
    expect(orderStatusSentence('ready', 'pickup')).toBe('Your order is ready to collect.');
    expect(orderStatusSentence('ready', 'eat_in')).toBe('Your order is ready to serve.');
    expect(orderStatusSentence('collected', 'pickup')).toBe('Your order has been collected.');
    expect(orderStatusSentence('collected', 'eat_in')).toBe('Your order has been served.');
  });

  it('starts failures with their R9.1 text', () => {
    expect(orderStatusSentence('not_authorized', 'delivery')).toMatch(/^Payment failed: /);
    // Product rule R9.28: nothing failed before the first payment attempt.
    expect(orderStatusSentence('payment_pending', 'delivery', false)).toBe(
      'Awaiting payment: your order is not paid yet, so the kitchen has not started it.',
    );
    expect(orderStatusSentence('dropped', 'delivery')).toMatch(/^Unable to process: /);
  });
});

describe('rideMinutes', () => {
  it('is 4 minutes a mile, whole minutes up', () => {
    expect(rideMinutes(0)).toBe(0);
    expect(rideMinutes(0.01)).toBe(1);
    expect(rideMinutes(1.2)).toBe(5);
    expect(rideMinutes(2)).toBe(8);
  });

  it('is unknown for no, negative or impossible distances', () => {
    expect(rideMinutes(null)).toBeNull();
    expect(rideMinutes(undefined)).toBeNull();
    expect(rideMinutes(-1)).toBeNull();
    expect(rideMinutes(Number.NaN)).toBeNull();
    expect(rideMinutes(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('trackingEstimate (product rule R9.11)', () => {
  it('is the kitchen plus the ride, to plus 15, before the rider leaves', () => {
    expect(trackingEstimate({ ...accepted, state: 'paid' })).toEqual({ min: 23, max: 38 });
    expect(trackingEstimate(accepted)).toEqual({ min: 23, max: 38 });
    expect(trackingEstimate({ ...accepted, etaDelay: 7 })).toEqual({ min: 30, max: 45 });
  });

  it('takes a default ride when the route is unknown, and none for pickup', () => {
    expect(trackingEstimate({ ...accepted, routeMiles: null })).toEqual({
      min: 15 + DEFAULT_RIDE_MINUTES,
      max: 30 + DEFAULT_RIDE_MINUTES,
    });
    expect(trackingEstimate({ ...accepted, fulfilment: 'pickup' })).toEqual({ min: 15, max: 30 });
  });

  it("agrees with the driver's distance on the way, and shrinks as the driver nears", () => {
    const onTheWay = { ...accepted, state: 'shipped' };
    expect(trackingEstimate({ ...onTheWay, driverMiles: 2 })).toEqual({ min: 8, max: 13 });
    expect(trackingEstimate({ ...onTheWay, driverMiles: 1.2 })).toEqual({ min: 5, max: 10 });
    expect(trackingEstimate({ ...onTheWay, driverMiles: 0.01 })).toEqual({ min: 1, max: 6 });
    expect(trackingEstimate({ ...onTheWay, driverMiles: 0 })).toEqual({ min: 0, max: 0 });
    // Before the driver's first position: the whole route.
    expect(trackingEstimate({ ...onTheWay, driverMiles: null })).toEqual({ min: 8, max: 13 });
    expect(trackingEstimate({ ...onTheWay, driverMiles: null, routeMiles: null })).toBeNull();
  });

  it('never grows from one step to the next on a straight route', () => {
    const steps = [
      trackingEstimate({ ...accepted, state: 'paid' }),
      trackingEstimate(accepted),
      trackingEstimate({ ...accepted, state: 'shipped', driverMiles: 2 }),
      trackingEstimate({ ...accepted, state: 'shipped', driverMiles: 1 }),
      trackingEstimate({ ...accepted, state: 'shipped', driverMiles: 0 }),
    ];
    const maxima = steps.map((window) => window?.max ?? -1);
    expect(maxima).toEqual([...maxima].sort((a, b) => b - a));
  });

  it('clamps negative kitchen minutes to none', () => {
    expect(
      trackingEstimate({ ...accepted, prepTime: -5, etaDelay: -5, fulfilment: 'pickup' }),
    ).toEqual({ min: 0, max: 15 });
  });

  it('has none once ready, finished, or failed', () => {
    for (const state of ['delivered', 'dropped', 'not_authorized', 'payment_pending'])
      expect(trackingEstimate({ ...accepted, state })).toBeNull();
    expect(trackingEstimate({ ...accepted, state: 'ready', fulfilment: 'pickup' })).toBeNull();
    expect(trackingEstimate({ ...accepted, state: 'collected', fulfilment: 'pickup' })).toBeNull();
  });
});

describe('formatMinutesWindow', () => {
  it('writes times as product rule R4.7 does, and arriving at the door', () => {
    expect(formatMinutesWindow({ min: 23, max: 38 })).toBe('23 - 38 mins');
    expect(formatMinutesWindow({ min: 1, max: 6 })).toBe('1 - 6 mins');
    expect(formatMinutesWindow({ min: 0, max: 0 })).toBe('Arriving now');
  });
});
