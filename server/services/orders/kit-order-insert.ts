import { and, eq, sql } from 'drizzle-orm';
import { deliveryFeePence } from '../../../domain/delivery-fee';
import type { Queryable } from '../../db/database';
import {
  customers,
  deliveryFeeConfig,
  orderLineItems,
  orders,
  storeCreditTransactions,
} from '../../db/schema';
import type { StockKeeper } from '../catalogue/catalogue';
import { lineItemRows, type KitOrderLine } from './order-line-rows';

/** What a kit order's lines cost with the delivery fee, store credit first (product rule R8.7). */
export interface KitLinesPrice {
  subtotalPence: number;
  deliveryPence: number;
  totalPence: number;
  storeCreditPence: number;
}

/** Lines priced as they are (no voucher), with the delivery day's fee (product rule R8.6). */
export async function priceKitLines(
  tx: Queryable,
  lines: KitOrderLine[],
  deliveryDate: string,
  storeCreditBalancePence: number,
): Promise<KitLinesPrice> {
  const subtotalPence = lines.reduce((sum, line) => sum + line.unitPricePence * line.quantity, 0);
  const deliveryPence = deliveryFeePence(
    await tx.select().from(deliveryFeeConfig),
    deliveryDate,
    subtotalPence,
  );
  const totalPence = subtotalPence + deliveryPence;
  const storeCreditPence = Math.min(Math.max(0, storeCreditBalancePence), totalPence);
  return { subtotalPence, deliveryPence, totalPence, storeCreditPence };
}

type OrderValues = typeof orders.$inferInsert;

export interface NewKitOrder {
  customer: { id: number; email: string };
  /**
   * The order's own columns; its type, fulfilment, state and times follow from here: paid now when
   * store credit covers the total, else awaiting payment (product rule R9.3).
   */
  values: Omit<
    OrderValues,
    | 'customerId'
    | 'customerEmail'
    | 'type'
    | 'fulfillmentType'
    | 'state'
    | 'paidAt'
    | 'createdAt'
    | 'updatedAt'
  > & { totalPence: number; storeCreditPence: number };
  lines: KitOrderLine[];
  /** Runs once the order row is written, before its lines (rewards and claims that need its id). */
  onWritten?: (orderId: number) => Promise<void>;
  /**
   * The lines leave the stock after they are written; `soldOut` is the caller's refusal naming the
   * dishes that sold out (the transaction rolls back). Without it the caller took the stock itself.
   */
  stock?: {
    keeper: StockKeeper;
    /** What leaves the stock, when not the lines themselves. */
    items?: { productVariantId: string; quantity: number; title: string }[];
    soldOut: (titles: string[]) => Error;
  };
  /**
   * With it, an order already holding one of the order's unique keys (another run's) writes
   * nothing and this error is thrown; without it the database's own error stands.
   */
  alreadyWritten?: () => Error;
}

/**
 * Writes a recipe-kit order inside the caller's transaction: the order row, its lines, the stock
 * they take and the store credit it spends. The caller keeps its own rules (idempotency, locks,
 * which week) and holds the customer row's lock, so the credit never goes below zero.
 */
export async function insertKitOrder(
  tx: Queryable,
  order: NewKitOrder,
  now: Date,
): Promise<number> {
  const paidNow = order.values.totalPence - order.values.storeCreditPence === 0;
  const insert = tx.insert(orders).values({
    ...order.values,
    customerId: order.customer.id,
    customerEmail: order.customer.email,
    type: 'recipe_kit',
    state: paidNow ? 'paid' : 'payment_pending',
    fulfillmentType: 'delivery',
    paidAt: paidNow ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  const [written] = await (order.alreadyWritten ? insert.onConflictDoNothing() : insert).returning({
    id: orders.id,
  });
  if (!written) throw order.alreadyWritten?.() ?? new Error('order not written');
  const orderId = written.id;
  await order.onWritten?.(orderId);
  if (order.lines.length)
    await tx.insert(orderLineItems).values(lineItemRows(orderId, order.lines));
  if (order.stock) {
    const items = order.stock.items ?? order.lines;
    const short = await order.stock.keeper.decrementStock(
      tx,
      items.map((item) => ({ variantId: Number(item.productVariantId), quantity: item.quantity })),
    );
    if (short.length > 0)
      throw order.stock.soldOut(
        items
          .filter((item) => short.includes(Number(item.productVariantId)))
          .map((item) => item.title),
      );
  }
  await spendStoreCredit(tx, order.customer.id, order.values.storeCreditPence, orderId, now);
  return orderId;
}

/**
 * Spends store credit on an order: a transaction row and the balance, never below zero (the
 * caller holds the customer row's lock, and the update re-checks the balance).
 */
export async function spendStoreCredit(
  tx: Queryable,
  customerId: number,
  amountPence: number,
  orderId: number,
  now: Date,
): Promise<void> {
  if (amountPence <= 0) return;
  const updated = await tx
    .update(customers)
    .set({ storeCreditPence: sql`${customers.storeCreditPence} - ${amountPence}` })
    .where(and(eq(customers.id, customerId), sql`${customers.storeCreditPence} >= ${amountPence}`))
    .returning({ id: customers.id });
  if (updated.length === 0) throw new Error('store credit would go below zero');
  await tx.insert(storeCreditTransactions).values({
    customerId,
    amountPence: -amountPence,
    reason: `Spent on order #${orderId}`,
    orderId,
    createdAt: now,
  });
}

/** Store credit given back for an order (a change, a box dropped): a transaction row and the balance. */
export async function giveBackStoreCredit(
  tx: Queryable,
  give: { customerId: number; pence: number; orderId: number; reason: string },
  now: Date,
): Promise<void> {
  if (give.pence <= 0) return;
  await tx
    .update(customers)
    .set({ storeCreditPence: sql`${customers.storeCreditPence} + ${give.pence}` })
    .where(eq(customers.id, give.customerId));
  await tx.insert(storeCreditTransactions).values({
    customerId: give.customerId,
    amountPence: give.pence,
    reason: give.reason,
    orderId: give.orderId,
    createdAt: now,
  });
}
