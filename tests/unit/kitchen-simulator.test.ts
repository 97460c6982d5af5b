import { describe, expect, it } from 'vitest';
import {
  driverPosition,
  kitchenStep,
  SIMULATED_PREP_MINUTES,
  type SimulatedOrder,
} from '../../server/services/kitchen-simulator';

const timings = { acceptMs: 10_000, prepMs: 20_000, driveMs: 30_000 };
const T0 = new Date('2026-03-02T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const RESTAURANT = { lat: 51.4925, lon: -0.2602 };
const HOME = { lat: 51.4916, lon: -0.2555 };

const order = (overrides: Partial<SimulatedOrder>): SimulatedOrder => ({
  state: 'paid',
  fulfillmentType: 'delivery',
  paidAt: T0,
  acceptedAt: null,
  shippedAt: null,
  updatedAt: T0,
  restaurant: RESTAURANT,
  destination: HOME,
  ...overrides,
});

describe('driverPosition', () => {
  it('is the restaurant at 0, the address at 1, and on the straight line between', () => {
    expect(driverPosition(RESTAURANT, HOME, 0)).toEqual(RESTAURANT);
    expect(driverPosition(RESTAURANT, HOME, 1)).toEqual(HOME);
    const half = driverPosition(RESTAURANT, HOME, 0.5);
    expect(half.lat).toBeCloseTo((RESTAURANT.lat + HOME.lat) / 2, 10);
    expect(half.lon).toBeCloseTo((RESTAURANT.lon + HOME.lon) / 2, 10);
  });

  it('stays at the ends outside 0 to 1', () => {
    expect(driverPosition(RESTAURANT, HOME, -1)).toEqual(RESTAURANT);
    expect(driverPosition(RESTAURANT, HOME, 3)).toEqual(HOME);
  });
});

describe('kitchenStep', () => {
  it('accepts a paid order once the accept delay has passed, with the prep estimate', () => {
    expect(kitchenStep(order({}), timings, at(9_999))).toBeNull();
    expect(kitchenStep(order({}), timings, at(10_000))).toEqual({
      state: 'accepted',
      prepTime: SIMULATED_PREP_MINUTES,
      etaDelay: 0,
    });
  });

  it('sends a delivery out from the restaurant after the prep delay', () => {
    const accepted = order({ state: 'accepted', acceptedAt: at(10_000) });

    expect(kitchenStep(accepted, timings, at(29_999))).toBeNull();
    expect(kitchenStep(accepted, timings, at(30_000))).toEqual({
      state: 'shipped',
      driverLat: RESTAURANT.lat,
      driverLon: RESTAURANT.lon,
    });
  });

  it('makes a pickup ready after the prep delay, then collected', () => {
    const accepted = order({ state: 'accepted', fulfillmentType: 'pickup', acceptedAt: T0 });
    const ready = order({ state: 'ready', fulfillmentType: 'pickup', updatedAt: T0 });

    expect(kitchenStep(accepted, timings, at(20_000))).toEqual({ state: 'ready' });
    expect(kitchenStep(ready, timings, at(29_000))).toBeNull();
    expect(kitchenStep(ready, timings, at(30_000))).toEqual({ state: 'collected' });
  });

  it('moves the driver along the line in steps, then delivers at the address', () => {
    const shipped = order({ state: 'shipped', shippedAt: T0 });

    const steps = [7_500, 15_000, 22_500].map((ms) => kitchenStep(shipped, timings, at(ms)));
    const done = kitchenStep(shipped, timings, at(30_000));

    steps.forEach((step, index) => {
      const expected = driverPosition(RESTAURANT, HOME, (index + 1) / 4);
      expect(step).toEqual({ state: 'shipped', driverLat: expected.lat, driverLon: expected.lon });
    });
    expect(done).toEqual({ state: 'delivered', driverLat: HOME.lat, driverLon: HOME.lon });
  });

  it('leaves finished and unpaid orders alone', () => {
    for (const state of ['payment_pending', 'not_authorized', 'delivered', 'collected']) {
      expect(kitchenStep(order({ state }), timings, at(10 * 60_000))).toBeNull();
    }
  });

  it('delivers at once with a zero drive time', () => {
    const shipped = order({ state: 'shipped', shippedAt: T0 });

    expect(kitchenStep(shipped, { ...timings, driveMs: 0 }, T0)?.state).toBe('delivered');
  });
});
