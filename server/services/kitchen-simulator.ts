import { and, eq, inArray } from 'drizzle-orm';
import type { Coordinates } from '../../domain/distance';
import type { KitchenConfig } from '../config';
import type { Queryable } from '../db/database';
import { orders, restaurants } from '../db/schema';
import { applyKitchenEvent, type KitchenEvent } from './order-relay';

export type KitchenTimings = Pick<KitchenConfig, 'acceptMs' | 'prepMs' | 'driveMs'>;

/** What the simulator reads of an order to decide its next step. */
export interface SimulatedOrder {
  state: string;
  fulfillmentType: 'delivery' | 'pickup' | 'eat_in' | null;
  paidAt: Date | null;
  acceptedAt: Date | null;
  shippedAt: Date | null;
  updatedAt: Date;
  restaurant: Coordinates | null;
  destination: Coordinates | null;
}

/** The kitchen's estimate when it accepts, in minutes. */
export const SIMULATED_PREP_MINUTES = 15;

/** A point on the straight line from `from` to `to`; fraction 0 is `from`, 1 (or more) is `to`. */
export function driverPosition(from: Coordinates, to: Coordinates, fraction: number): Coordinates {
  const f = Math.min(1, Math.max(0, fraction));
  return { lat: from.lat + (to.lat - from.lat) * f, lon: from.lon + (to.lon - from.lon) * f };
}

const since = (start: Date | null, fallback: Date, now: Date) =>
  now.getTime() - (start ?? fallback).getTime();

/**
 * The next event for an order at `now`, or null while it waits: accepted `acceptMs` after payment,
 * out for delivery (or ready) `prepMs` after acceptance, then the driver moves in a straight line
 * from the restaurant to the address over `driveMs`, one step per tick, and delivers.
 */
export function kitchenStep(
  order: SimulatedOrder,
  timings: KitchenTimings,
  now: Date,
): KitchenEvent | null {
  const delivery = (order.fulfillmentType ?? 'delivery') === 'delivery';
  switch (order.state) {
    case 'paid':
      return since(order.paidAt, order.updatedAt, now) >= timings.acceptMs
        ? { state: 'accepted', prepTime: SIMULATED_PREP_MINUTES, etaDelay: 0 }
        : null;
    case 'accepted': {
      if (since(order.acceptedAt, order.updatedAt, now) < timings.prepMs) return null;
      if (!delivery) return { state: 'ready' };
      const start = order.restaurant ?? order.destination;
      return start
        ? { state: 'shipped', driverLat: start.lat, driverLon: start.lon }
        : { state: 'shipped' };
    }
    case 'shipped': {
      const from = order.restaurant ?? order.destination;
      const to = order.destination ?? order.restaurant;
      const fraction =
        timings.driveMs === 0 ? 1 : since(order.shippedAt, order.updatedAt, now) / timings.driveMs;
      if (fraction >= 1) {
        return to
          ? { state: 'delivered', driverLat: to.lat, driverLon: to.lon }
          : { state: 'delivered' };
      }
      if (!from || !to) return null;
      const at = driverPosition(from, to, fraction);
      return { state: 'shipped', driverLat: at.lat, driverLon: at.lon };
    }
    case 'ready':
      return since(null, order.updatedAt, now) >= timings.driveMs ? { state: 'collected' } : null;
    default:
      return null;
  }
}

const coordinates = (lat: number | null | undefined, lon: number | null | undefined) =>
  typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : null;

export interface KitchenSimulator {
  /** Advances every order in progress once; what the timer runs, and what tests call. */
  tick(): Promise<void>;
  start(): void;
  /** Stops the timer and waits for a tick under way. */
  stop(): Promise<void>;
}

/**
 * The embedded kitchen (on by default outside production): advances paid takeaway orders through
 * the same transition service the relay endpoint uses, so tracking works on a fresh machine.
 */
export function createKitchenSimulator(options: {
  db: Queryable;
  config: KitchenConfig;
  now: () => Date;
  onError?: (error: unknown) => void;
}): KitchenSimulator {
  const { db, config, now } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function tick() {
    const rows = await db
      .select({ order: orders, restaurant: restaurants })
      .from(orders)
      .leftJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(
        and(
          eq(orders.type, 'takeaway'),
          inArray(orders.state, ['paid', 'accepted', 'shipped', 'ready']),
        ),
      )
      .limit(500);
    const at = now();
    for (const { order, restaurant } of rows) {
      const event = kitchenStep(
        {
          ...order,
          restaurant: restaurant && coordinates(restaurant.lat, restaurant.lon),
          destination: coordinates(order.address?.lat, order.address?.lon),
        },
        config,
        at,
      );
      // A conflict means another instance or the relay moved it first: nothing to do.
      if (event) await applyKitchenEvent(db, order.id, event, at);
    }
  }

  return {
    tick,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = tick()
          .catch((error: unknown) => options.onError?.(error))
          .finally(() => {
            running = undefined;
          });
      }, config.tickMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
