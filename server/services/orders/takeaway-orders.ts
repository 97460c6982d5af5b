import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/database';
import { baskets, customers, orderLineItems, orders } from '../../db/schema';
import { notFound } from '../../http/jsonapi';
import { priceBasket } from '../basket-pricing';
import { itemsOf } from '../baskets';
import { assertBasketOrderable, assertBasketValid } from './basket-checks';
import type { OrderRow } from './order-views';

/** Takeaway orders the kitchen is working on: GET orders/live. */
export const LIVE_STATES = ['paid', 'accepted', 'shipped', 'ready'] as const;
/** Product rule R9.2: an order is payment-failed in these states. */
export const PENDING_PAYMENT_STATES = ['payment_pending', 'not_authorized'] as const;

/**
 * Writes the customer's takeaway basket as an order awaiting payment, in one transaction: the
 * basket row is locked, checked, copied with its lines, and deleted. `source_basket_key` is the
 * basket id, so a retry (or a concurrent call that waited on the lock) finds the order already
 * written and answers it instead of a second one.
 */
export async function placeTakeawayOrder(
  db: Database,
  input: { customerId: number; basketId: string; deliveryNote?: string | null },
  now: Date,
): Promise<{ orderId: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const [basket] = await tx
      .select()
      .from(baskets)
      .where(
        and(
          eq(baskets.id, input.basketId),
          eq(baskets.customerId, input.customerId),
          eq(baskets.type, 'TakeawayBasket'),
        ),
      )
      .for('update');
    if (!basket) {
      const [existing] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(eq(orders.sourceBasketKey, input.basketId), eq(orders.customerId, input.customerId)),
        );
      if (existing) return { orderId: existing.id, created: false };
      throw notFound('Basket');
    }
    const [customer] = await tx.select().from(customers).where(eq(customers.id, input.customerId));
    if (!customer) throw notFound('Customer');
    const items = await itemsOf(tx, [basket.id]);
    await assertBasketValid(tx, basket, items, now);
    const { address } = await assertBasketOrderable(tx, basket, customer);
    const price = await priceBasket(tx, basket, items, now.toISOString().slice(0, 10));
    const [order] = await tx
      .insert(orders)
      .values({
        customerId: customer.id,
        customerEmail: customer.email,
        type: 'takeaway',
        state: 'payment_pending',
        sourceBasketKey: basket.id,
        restaurantId: basket.restaurantId,
        fulfillmentType: basket.fulfillmentType,
        deliveryDate: basket.deliveryDate ?? now.toISOString().slice(0, 10),
        timeSlot: basket.timeSlot,
        timeSlotEndTime: basket.timeSlotEndTime,
        address,
        deliveryNote: input.deliveryNote !== undefined ? input.deliveryNote : basket.deliveryNote,
        tableNumber: basket.tableNumber,
        voucherCode: price.voucherCode,
        subtotalPence: price.subtotalPence,
        deliveryPence: price.deliveryPence,
        discountPence: price.discountPence,
        totalPence: price.totalPence,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order not written');
    const lineIds = new Map<number, number>();
    // Parents first, so each modifier can point at its dish's new line.
    const ordered = [
      ...items.filter((item) => item.parentId === null),
      ...items.filter((item) => item.parentId !== null),
    ];
    for (const item of ordered) {
      const [line] = await tx
        .insert(orderLineItems)
        .values({
          orderId: order.id,
          parentId: item.parentId === null ? null : (lineIds.get(item.parentId) ?? null),
          productId: item.productId,
          productVariantId: item.productVariantId,
          title: item.title,
          quantity: item.quantity,
          unitPricePence: item.unitPricePence,
        })
        .returning({ id: orderLineItems.id });
      if (!line) throw new Error('order line not written');
      lineIds.set(item.id, line.id);
    }
    await tx.delete(baskets).where(eq(baskets.id, basket.id));
    return { orderId: order.id, created: true };
  });
}

/** The customer's order, or a 404 (another customer's order included: ids tell nothing). */
export async function requireOrderRow(
  db: Queryable,
  customerId: number,
  orderId: number,
): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!order) throw notFound('Order');
  return order;
}
