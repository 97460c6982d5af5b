import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { orders } from '../db/schema';

type FulfillmentType = 'delivery' | 'pickup' | 'eat_in';

/**
 * The kitchen's side of an order after payment (payments moves payment_pending to paid):
 * delivery goes paid → accepted → shipped → delivered; pickup and eat-in paid → accepted → ready
 * → collected. Only the next state is allowed.
 */
export function nextState(
  state: string,
  fulfillmentType: FulfillmentType | null,
): string | undefined {
  const delivery = (fulfillmentType ?? 'delivery') === 'delivery';
  switch (state) {
    case 'paid':
      return 'accepted';
    case 'accepted':
      return delivery ? 'shipped' : 'ready';
    case 'shipped':
      return delivery ? 'delivered' : undefined;
    case 'ready':
      return delivery ? undefined : 'collected';
    default:
      return undefined;
  }
}

export interface KitchenEvent {
  state: string;
  /** Minutes; the ETA shown is prep + delay + 15 to + 30. */
  prepTime?: number;
  etaDelay?: number;
  driverLat?: number;
  driverLon?: number;
}

export type TransitionResult =
  | { outcome: 'moved' | 'driver_moved' }
  | { outcome: 'not_found' }
  | { outcome: 'conflict'; state: string; allowed: string | undefined };

const DEFAULT_PREP_MINUTES = 15;

/**
 * Applies one kitchen event: the relay endpoint and the embedded simulator both come here, so
 * their rules cannot drift. The update is conditional on the state read (`WHERE state =`), so two
 * instances or two relay deliveries racing move an order once; the loser gets a conflict. A
 * repeated `shipped` with a driver position only moves the driver.
 */
export async function applyKitchenEvent(
  db: Queryable,
  orderId: number,
  event: KitchenEvent,
  now: Date,
): Promise<TransitionResult> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { outcome: 'not_found' };
  const hasDriver = event.driverLat !== undefined && event.driverLon !== undefined;
  const driver = hasDriver
    ? { driverLat: event.driverLat, driverLon: event.driverLon, driverUpdatedAt: now }
    : {};
  if (event.state === order.state && order.state === 'shipped' && hasDriver) {
    const moved = await db
      .update(orders)
      .set({ ...driver, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.state, 'shipped')))
      .returning({ id: orders.id });
    return moved.length
      ? { outcome: 'driver_moved' }
      : { outcome: 'conflict', state: order.state, allowed: undefined };
  }
  const allowed = nextState(order.state, order.fulfillmentType);
  if (event.state !== allowed) return { outcome: 'conflict', state: order.state, allowed };
  const moved = await db
    .update(orders)
    .set({
      state: event.state,
      updatedAt: now,
      ...(event.state === 'accepted' && {
        acceptedAt: now,
        prepMinutes: event.prepTime ?? DEFAULT_PREP_MINUTES,
      }),
      ...(event.prepTime !== undefined && { prepMinutes: event.prepTime }),
      ...(event.etaDelay !== undefined && { etaDelayMinutes: event.etaDelay }),
      ...(event.state === 'shipped' && { shippedAt: now }),
      ...((event.state === 'delivered' || event.state === 'collected') && { deliveredAt: now }),
      ...driver,
    })
    .where(and(eq(orders.id, orderId), eq(orders.state, order.state)))
    .returning({ id: orders.id });
  return moved.length
    ? { outcome: 'moved' }
    : { outcome: 'conflict', state: order.state, allowed: undefined };
}
