import { asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database';
import { addresses, customers, orderLineItems, orders, payments } from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { seedDemoHistory } from '../../server/db/seed-data/demo-history';
import { selectOrderViews } from '../../server/services/orders/order-views';
import { createTestDatabase } from './support/test-database';

/**
 * The order documents read their orders as JSON the database builds (decision 0010, update of
 * 2026-11-29): the rows it hands back must be the rows drizzle reads, column for column and type
 * for type (dates, timestamps, JSON addresses, booleans), in the asked order, with the whole count.
 */
let handle: DatabaseHandle;
let customerId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [customer] = await handle.db
    .select()
    .from(customers)
    .where(eq(customers.email, DEMO_CUSTOMER.email));
  const [home] = await handle.db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customer?.id ?? 0));
  if (!customer || !home) throw new Error('no demo customer');
  customerId = customer.id;
  // The demo customer's history (orders of every kind, lines with extras), in this file's own copy.
  await seedDemoHistory(handle.db, customer, home, new Date());
});

afterAll(() => handle.close());

describe('selectOrderViews', () => {
  it('gives each order and line exactly as drizzle reads them, page by page, with the total', async () => {
    const byDate = [desc(orders.deliveryDate), desc(orders.id)];
    const expected = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(...byDate);
    expect(expected.length).toBeGreaterThan(3);

    const page = (offset: number) =>
      selectOrderViews(handle.db, {
        where: eq(orders.customerId, customerId),
        orderBy: byDate,
        limit: 3,
        offset,
      });
    const first = await page(0);
    const second = await page(3);

    expect(first.total).toBe(expected.length);
    expect(second.total).toBe(expected.length);
    const views = [...first.views, ...second.views];
    expect(views.map((view) => view.order)).toEqual(expected.slice(0, 6));
    const lines = await handle.db
      .select()
      .from(orderLineItems)
      .where(
        inArray(
          orderLineItems.orderId,
          views.map((view) => view.order.id),
        ),
      )
      .orderBy(asc(orderLineItems.id));
    expect(views.flatMap((view) => view.lineItems)).toEqual(
      views.flatMap((view) => lines.filter((line) => line.orderId === view.order.id)),
    );
    expect(lines.length).toBeGreaterThan(views.length);
    expect(views.some((view) => view.order.address !== null)).toBe(true);
    expect(views.some((view) => view.order.paidAt instanceof Date)).toBe(true);
  });

  it('marks an order awaiting payment as failed only while its latest attempt failed (R9.28)', async () => {
    const [order] = await handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .limit(1);
    if (!order) throw new Error('no order');
    await handle.db.update(orders).set({ state: 'payment_pending' }).where(eq(orders.id, order.id));
    const paymentFailed = async () =>
      (
        await selectOrderViews(handle.db, {
          where: eq(orders.id, order.id),
          orderBy: [asc(orders.id)],
        })
      ).views[0]?.paymentFailed;
    const attempt = (state: 'failed' | 'processing', at: string) => ({
      orderId: order.id,
      paymentMethodType: 'CreditCard' as const,
      processor: 'sandbox' as const,
      state,
      amountPence: 1000,
      idempotencyKey: `order-views-${state}-${at}`,
      createdAt: new Date(at),
    });

    expect(await paymentFailed()).toBe(false);
    await handle.db.insert(payments).values(attempt('failed', '2026-11-20T10:00:00Z'));
    expect(await paymentFailed()).toBe(true);
    await handle.db.insert(payments).values(attempt('processing', '2026-11-20T10:05:00Z'));
    expect(await paymentFailed()).toBe(false);
    await handle.db.update(orders).set({ state: 'not_authorized' }).where(eq(orders.id, order.id));
    expect(await paymentFailed()).toBe(true);
  });
});
