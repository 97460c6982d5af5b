import { and, asc, eq, inArray, lte, notExists } from 'drizzle-orm';
import { isoDate } from '../../../domain/weeks';
import type { Database, Queryable } from '../../db/database';
import { orders, payments } from '../../db/schema';
import { IN_FLIGHT, PAYABLE_STATES } from '../payments/payment-service';
import { giveBackStoreCredit } from './kit-order-insert';

const BATCH = 50;

/** Boxes: the recipe kits (a plan's weeks and one-off boxes), packed ahead of their day. */
const BOX_TYPES: (typeof orders.$inferSelect)['type'][] = ['recipe_kit', 'one_off'];

// A box with a payment in flight may yet be paid: dropped under it, it would be charged for
// nothing, so it is left for a later run.
const noPaymentInFlight = (db: Queryable) =>
  notExists(
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orders.id), inArray(payments.state, IN_FLIGHT))),
  );

/**
 * Product rule R9.29: a box still unpaid when its delivery day comes can no longer be packed and
 * delivered, so it is dropped ('Unable to process') and can no longer be paid; the store credit
 * spent on it is given back. One transaction per box, the order row locked and checked again
 * (payOrder takes the same lock), so a payment claimed meanwhile keeps its box.
 */
export async function dropUnpaidBoxes(
  db: Database,
  asOf: Date,
  now: Date,
  scope: { customerId?: number } = {},
): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.type, BOX_TYPES),
        inArray(orders.state, PAYABLE_STATES),
        lte(orders.deliveryDate, isoDate(asOf)),
        noPaymentInFlight(db),
        scope.customerId === undefined ? undefined : eq(orders.customerId, scope.customerId),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
  let dropped = 0;
  for (const { id } of due) if (await db.transaction((tx) => dropBox(tx, id, now))) dropped += 1;
  return dropped;
}

async function dropBox(tx: Queryable, orderId: number, now: Date): Promise<boolean> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.state, PAYABLE_STATES)))
    .for('update');
  if (!order) return false;
  // Read once the lock is held (a new statement sees what a payment claimed meanwhile wrote).
  const [inFlight] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, IN_FLIGHT)))
    .limit(1);
  if (inFlight) return false;
  await tx.update(orders).set({ state: 'dropped', updatedAt: now }).where(eq(orders.id, orderId));
  if (order.customerId !== null)
    await giveBackStoreCredit(
      tx,
      {
        customerId: order.customerId,
        pence: order.storeCreditPence,
        orderId,
        reason: `Given back: order #${orderId} was not paid by its delivery day`,
      },
      now,
    );
  return true;
}
