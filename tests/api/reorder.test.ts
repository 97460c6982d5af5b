import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REORDER_MESSAGES } from '../../domain/reorder';
import { addresses, orderLineItems, orders, weeklyMenuProducts } from '../../server/db/schema';
import type { KitDish } from './support/kit-orders';
import { addCard, pendingOrder } from './support/payments';
import { planTestApp } from './support/subscribers';
import { ApiClient } from './support/test-app';

const { getApp, dishes, firstBox, linesOf } = planTestApp({
  week1: ['Pappardelle', 'Ravioli', 'Lasagne'],
  weeks: 1,
});

const db = () => getApp().database.db;
const ordersOf = (customerId: number) =>
  db().select().from(orders).where(eq(orders.customerId, customerId));

/** A subscriber's first box: 2 Pappardelle and 1 double Ravioli (£24.50 of food), paid by card. */
const pastBox = (extra: { dish: KitDish; quantity: number }[] = []) =>
  firstBox([
    { dish: dishes[0]!, quantity: 2 },
    { dish: dishes[1]!, quantity: 1, double: true },
    ...extra,
  ]);

const reorder = (browser: ApiClient, sourceOrderId: unknown, key?: string) =>
  browser.post(
    '/orders',
    { source_order_id: sourceOrderId },
    key ? { 'idempotency-key': key } : undefined,
  );

describe('POST /orders (order a past box again, R9.27)', () => {
  it('writes a one-off box for the next open week: same dishes, price, day and default address, awaiting payment', async () => {
    const { browser, customerId, orderId } = await pastBox();
    const source = (await browser.get(`/orders/${orderId}`)).json().data.attributes;

    const response = await reorder(browser, String(orderId));

    expect(response.statusCode).toBe(201);
    const body = response.json();
    const order = body.data.attributes;
    const total = (2450 + Math.round(source.delivery_price * 100)) / 100;
    expect(body.meta).toEqual({ source_order_id: String(orderId), left_out: [] });
    expect(order).toMatchObject({
      order_type: 'recipe_kit',
      state: 'payment_pending',
      subscription_id: null,
      delivery_date: source.delivery_date,
      subtotal_price: 24.5,
      delivery_price: source.delivery_price,
      total_price: total,
      amount_to_charge: total,
    });
    const [home] = await db().select().from(addresses).where(eq(addresses.customerId, customerId));
    expect(order.address).toMatchObject({ address1: home!.address1, zip: home!.zip });
    const newId = Number(body.data.id);
    expect(
      (await linesOf(newId)).map((l) => [l.productVariantId, l.quantity, l.unitPricePence]),
    ).toEqual([
      [String(dishes[0]!.regularId), 2, 650],
      [String(dishes[1]!.doubleId), 1, 1150],
    ]);

    const pending = (await browser.get('/orders/pending_payment')).json().data as { id: string }[];
    expect(pending.map((o) => o.id)).toContain(String(newId));
    const card = await addCard(browser);
    const payment = await browser.post('/payments', {
      order_id: String(newId),
      payment_method_id: card.id,
      return_url: `/payment/${newId}`,
    });
    expect(payment.statusCode).toBe(201);
    expect(payment.json().data.attributes.amount).toBe(order.amount_to_charge);
    expect((await browser.get(`/orders/${newId}`)).json().data.attributes.state).toBe('paid');
  });

  it('says the new box awaits its first payment, not a failed one, until a payment of it is declined (R9.28)', async () => {
    const { browser, orderId } = await pastBox();
    const newId = (await reorder(browser, String(orderId))).json().data.id as string;
    const paymentFailed = async () => ({
      order: (await browser.get(`/orders/${newId}`)).json().data.attributes.payment_failed,
      pending: (
        (await browser.get('/orders/pending_payment')).json().data as {
          id: string;
          attributes: { payment_failed: boolean };
        }[]
      ).find((o) => o.id === newId)?.attributes.payment_failed,
    });
    expect(await paymentFailed()).toEqual({ order: false, pending: false });

    const declining = await addCard(browser, '4000000000000002');
    const declined = await browser.post('/payments', {
      order_id: newId,
      payment_method_id: declining.id,
      return_url: `/payment/${newId}`,
    });
    expect(declined.statusCode).toBe(402);
    expect(await paymentFailed()).toEqual({ order: true, pending: true });
  });

  it('answers a replay with the same Idempotency-Key with the same order, writing one', async () => {
    const { browser, customerId, orderId } = await pastBox();
    const before = (await ordersOf(customerId)).length;
    const [first, second] = await Promise.all([
      reorder(browser, String(orderId), 'click-1'),
      reorder(browser, String(orderId), 'click-1'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().data.id).toBe(second.json().data.id);
    const third = await reorder(browser, String(orderId), 'click-1');
    expect(third.statusCode).toBe(200);
    expect(third.json().data.id).toBe(first.json().data.id);
    expect((await ordersOf(customerId)).length).toBe(before + 1);

    const another = await reorder(browser, String(orderId), 'click-2');
    expect(another.statusCode).toBe(201);
    expect((await ordersOf(customerId)).length).toBe(before + 2);
  });

  it('leaves out a dish no longer on the menu and says which', async () => {
    const { browser, orderId } = await pastBox([{ dish: dishes[2]!, quantity: 1 }]);
    await db()
      .delete(weeklyMenuProducts)
      .where(eq(weeklyMenuProducts.productId, dishes[2]!.productId));

    const response = await reorder(browser, String(orderId));

    expect(response.statusCode).toBe(201);
    expect(response.json().meta.left_out).toEqual([
      {
        product_variant_id: String(dishes[2]!.regularId),
        title: 'Lasagne',
        variant_title: 'Regular',
        quantity: 1,
      },
    ]);
    expect(
      response
        .json()
        .included.map((line: { attributes: { title: string } }) => line.attributes.title),
    ).toEqual(['Pappardelle', 'Ravioli']);
    expect(response.json().data.attributes.subtotal_price).toBe(24.5);
  });

  it('refuses a box none of whose dishes are on the menu (422), writing nothing', async () => {
    const { browser, customerId, orderId } = await pastBox();
    await db()
      .update(orderLineItems)
      .set({ productVariantId: '999999' })
      .where(eq(orderLineItems.orderId, orderId));
    const before = (await ordersOf(customerId)).length;
    const response = await reorder(browser, String(orderId));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'nothing_to_reorder',
      detail: REORDER_MESSAGES.nothingOnMenu,
    });
    expect((await ordersOf(customerId)).length).toBe(before);
  });

  it('is 401 signed out', async () => {
    const response = await reorder(new ApiClient(getApp().app), '1');
    expect(response.statusCode).toBe(401);
  });

  it("is 404 for another customer's order and an unknown one", async () => {
    const { orderId } = await pastBox();
    const other = await pastBox();
    expect((await reorder(other.browser, String(orderId))).statusCode).toBe(404);
    expect((await reorder(other.browser, '2147483000')).statusCode).toBe(404);
    expect(
      await db().select().from(orders).where(eq(orders.customerId, other.customerId)),
    ).toHaveLength(1);
  });

  it('refuses a takeaway order and a dropped box with a clear 422', async () => {
    const { browser, customerId, orderId } = await pastBox();
    const takeaway = await pendingOrder(getApp().database, customerId);
    const refused = await reorder(browser, String(takeaway.id));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'not_a_kit_order',
      detail: REORDER_MESSAGES.notKit,
    });
    await db().update(orders).set({ state: 'dropped' }).where(eq(orders.id, orderId));
    const dropped = await reorder(browser, String(orderId));
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().errors[0].detail).toBe(REORDER_MESSAGES.notReorderable);
  });

  it('is 400 for a bad body, writing nothing', async () => {
    const { browser, customerId, orderId } = await pastBox();
    const before = (await ordersOf(customerId)).length;
    for (const body of [
      {},
      { source_order_id: 'abc' },
      { source_order_id: Number(orderId) },
      { source_order_id: String(orderId), extra: true },
    ]) {
      expect((await browser.post('/orders', body)).statusCode).toBe(400);
    }
    expect((await ordersOf(customerId)).length).toBe(before);
  });
});
