import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/database';
import {
  baskets,
  customers,
  orderLineItems,
  orders,
  payments,
  productRatings,
  ratings,
  restaurants,
} from '../../db/schema';
import { notFound } from '../../http/jsonapi';
import { priceBasket } from '../basket-pricing';
import { itemsOf } from '../baskets';
import { assertBasketOrderable, assertBasketValid } from './basket-checks';

export type OrderRow = typeof orders.$inferSelect;
export type LineItemRow = typeof orderLineItems.$inferSelect;

/** Takeaway orders the kitchen is working on: GET orders/live. */
export const LIVE_STATES = ['paid', 'accepted', 'shipped', 'ready'] as const;
/** Product rule R9.2: an order is payment-failed in these states. */
export const PENDING_PAYMENT_STATES = ['payment_pending', 'not_authorized'] as const;

/** An order with what its document shows beside the row. */
export interface OrderView {
  order: OrderRow;
  restaurantSite: string | null;
  ratingId: number | null;
  rating: number | null;
  lineItems: LineItemRow[];
  productRatings: Map<number, number>;
  /**
   * Product rule R9.28: the order awaits a payment after one failed (`not_authorized`, or
   * `payment_pending` with its latest payment attempt failed); false while it awaits its first.
   */
  paymentFailed: boolean;
}

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

/** An order row with what its list entry shows from other tables: its restaurant and rating. */
export interface OrderSummary {
  order: OrderRow;
  restaurantSite: string | null;
  ratingId: number | null;
  rating: number | null;
}

/**
 * Orders with their restaurant's site and their rating, left-joined (one restaurant, at most one
 * rating by ratings_order_key: no extra rows), and the count of every row the filter matches
 * (a window, so a page and its total are one query).
 */
export const selectOrderSummaries = (db: Queryable) =>
  db
    .select({
      order: orders,
      restaurantSite: restaurants.site,
      ratingId: ratings.id,
      rating: ratings.rating,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(ratings, eq(ratings.orderId, orders.id))
    .$dynamic();

/**
 * The documents' views of the summarised orders: one query for every line and its dish rating,
 * whatever the number of orders (no query per order).
 */
export async function viewsOf(db: Queryable, summaries: OrderSummary[]): Promise<OrderView[]> {
  if (summaries.length === 0) return [];
  const lines = await db
    .select({ line: orderLineItems, rating: productRatings.rating })
    .from(orderLineItems)
    .leftJoin(productRatings, eq(productRatings.lineItemId, orderLineItems.id))
    .where(
      inArray(
        orderLineItems.orderId,
        summaries.map(({ order }) => order.id),
      ),
    )
    .orderBy(orderLineItems.id);
  const byOrder = new Map<
    number,
    { lineItems: LineItemRow[]; productRatings: Map<number, number> }
  >(summaries.map(({ order }) => [order.id, { lineItems: [], productRatings: new Map() }]));
  for (const { line, rating } of lines) {
    const entry = byOrder.get(line.orderId);
    entry?.lineItems.push(line);
    if (rating !== null) entry?.productRatings.set(line.id, rating);
  }
  const failed = await paymentFailedOrders(db, summaries);
  return summaries.map((summary) => ({
    order: summary.order,
    restaurantSite: summary.restaurantSite,
    ratingId: summary.ratingId,
    rating: summary.rating,
    lineItems: byOrder.get(summary.order.id)?.lineItems ?? [],
    productRatings: byOrder.get(summary.order.id)?.productRatings ?? new Map(),
    paymentFailed: failed.has(summary.order.id),
  }));
}

/**
 * Product rule R9.28: the orders among these whose payment failed: every `not_authorized` one, and
 * each `payment_pending` one whose latest payment attempt failed. One query, and none when no order
 * is `payment_pending`.
 */
async function paymentFailedOrders(db: Queryable, summaries: OrderSummary[]) {
  const failed = new Set(
    summaries.filter(({ order }) => order.state === 'not_authorized').map(({ order }) => order.id),
  );
  const pending = summaries
    .filter(({ order }) => order.state === 'payment_pending')
    .map(({ order }) => order.id);
  if (pending.length === 0) return failed;
  const attempts = await db
    .select({ orderId: payments.orderId, state: payments.state })
    .from(payments)
    .where(inArray(payments.orderId, pending))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  const latest = new Map<number, string>();
  for (const { orderId, state } of attempts) if (!latest.has(orderId)) latest.set(orderId, state);
  for (const [orderId, state] of latest) if (state === 'failed') failed.add(orderId);
  return failed;
}

export async function views(db: Queryable, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const summaries = await selectOrderSummaries(db).where(
    inArray(
      orders.id,
      rows.map((row) => row.id),
    ),
  );
  const byId = new Map(summaries.map((summary) => [summary.order.id, summary]));
  return viewsOf(
    db,
    rows.map((order) => {
      const summary = byId.get(order.id);
      return {
        order,
        restaurantSite: summary?.restaurantSite ?? null,
        ratingId: summary?.ratingId ?? null,
        rating: summary?.rating ?? null,
      };
    }),
  );
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

export async function orderView(
  db: Queryable,
  customerId: number,
  orderId: number,
): Promise<OrderView> {
  const [view] = await views(db, [await requireOrderRow(db, customerId, orderId)]);
  if (!view) throw notFound('Order');
  return view;
}

export async function customerOrderViews(
  db: Queryable,
  customerId: number,
  states: readonly string[],
  type?: OrderRow['type'],
): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.state, [...states]),
        type ? eq(orders.type, type) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return views(db, rows);
}
