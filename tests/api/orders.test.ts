import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { basketItems, orderLineItems, orders, takeawaySnoozes } from '../../server/db/schema';
import { signupBody } from './support/customers';
import { HOME } from './support/takeaway-orders';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

async function signedIn() {
  const browser = client();
  const signup = await browser.post('/customers', signupBody());
  expect(signup.statusCode).toBe(201);
  return browser;
}

/** A valid delivery basket: Cacio e Pepe with two modifiers, twice (£30 with the modifiers). */
async function readyBasket(
  browser: ApiClient,
  overrides: Record<string, unknown> = {},
  quantity = 2,
) {
  const created = await browser.post('/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: 16,
    fulfillment_type: 'delivery',
    address: HOME,
    ...overrides,
  });
  const id = created.json().data.id as string;
  const added = await browser.post(`/baskets/${id}/items`, {
    product_variant_id: '102',
    quantity,
    sub_items: [{ product_variant_id: '901' }],
  });
  expect(added.statusCode).toBe(201);
  return id;
}

const countOf = async (table: typeof orders | typeof orderLineItems) =>
  (await testApp().database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('POST /orders/takeaway', () => {
  it('writes the basket as an order awaiting payment, with its lines, and deletes the basket', async () => {
    const browser = await signedIn();
    const basketId = await readyBasket(browser, {}, 2);

    const response = await browser.post('/orders/takeaway', {
      basket_id: basketId,
      delivery_note: 'Ring twice',
    });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.data.type).toBe('orders');
    expect(body.data.attributes).toMatchObject({
      order_type: 'takeaway',
      state: 'payment_pending',
      fulfillment_type: 'delivery',
      restaurant_id: '16',
      restaurant_site: expect.any(String),
      time_slot: 'asap',
      asap: true,
      delivery_note: 'Ring twice',
      delivery_price: 1.99,
      total_discounts: 0,
      rating_id: null,
      paid_at: null,
      address: expect.objectContaining({
        address1: '12 Devonshire Road',
        first_name: 'Ada',
        last_name: 'Lovelace',
      }),
    });
    const { subtotal_price, total_price } = body.data.attributes;
    expect(total_price).toBeCloseTo(subtotal_price + 1.99, 2);
    const dish = body.included.find(
      (line: { attributes: { parent_line_item: string | null } }) =>
        line.attributes.parent_line_item === null,
    );
    const modifier = body.included.find(
      (line: { attributes: { parent_line_item: string | null } }) =>
        line.attributes.parent_line_item === dish.id,
    );
    expect(dish.attributes).toMatchObject({
      title: 'Cacio e Pepe',
      quantity: 2,
      sub_item_ids: [modifier.id],
      product_rating: null,
    });
    expect(dish.attributes.total).toBe(subtotal_price);
    expect(body.data.attributes.line_item_ids).toEqual([dish.id]);
    expect((await browser.get(`/baskets/${basketId}`)).statusCode).toBe(404);
  });

  it('answers the same order with 200 when retried for the same basket', async () => {
    const browser = await signedIn();
    const basketId = await readyBasket(browser);
    const first = await browser.post('/orders/takeaway', { basket_id: basketId });

    const retry = await browser.post('/orders/takeaway', { basket_id: basketId });

    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
  });

  it('makes one order from concurrent creates for one basket', async () => {
    const browser = await signedIn();
    const basketId = await readyBasket(browser);
    const before = await countOf(orders);

    const answers = await Promise.all([
      browser.post('/orders/takeaway', { basket_id: basketId }),
      browser.post('/orders/takeaway', { basket_id: basketId }),
      browser.post('/orders/takeaway', { basket_id: basketId }),
    ]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(await countOf(orders)).toBe(before + 1);
  });

  it('needs a signed-in customer', async () => {
    const visitor = client();
    const basketId = await readyBasket(visitor);

    const response = await visitor.post('/orders/takeaway', { basket_id: basketId });

    expect(response.statusCode).toBe(401);
  });

  it("is a 404 for another customer's basket", async () => {
    const owner = await signedIn();
    const basketId = await readyBasket(owner);

    const response = await (await signedIn()).post('/orders/takeaway', { basket_id: basketId });

    expect(response.statusCode).toBe(404);
    expect((await owner.get(`/baskets/${basketId}`)).statusCode).toBe(200);
  });

  it('refuses a basket below the minimum, writing nothing and keeping the basket', async () => {
    const browser = await signedIn();
    const created = await browser.post('/baskets', {
      type: 'TakeawayBasket',
      restaurant_id: 16,
      address: HOME,
    });
    const basketId = created.json().data.id as string;
    await browser.post(`/baskets/${basketId}/items`, { product_variant_id: '901', quantity: 1 });
    const before = [await countOf(orders), await countOf(orderLineItems)];

    const empty = await browser.post('/orders/takeaway', { basket_id: basketId });

    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].code).toMatch(/basket_empty|below_minimum/);
    expect([await countOf(orders), await countOf(orderLineItems)]).toEqual(before);
    expect((await browser.get(`/baskets/${basketId}`)).statusCode).toBe(200);
  });

  it('uses the same rule and message as basket validation for the minimum', async () => {
    const browser = await signedIn();
    const basketId = await readyBasket(browser, {}, 1);
    // One plate is above the minimum: shrink its price below it to test the rule.
    await testApp()
      .database.db.update(basketItems)
      .set({ unitPricePence: 100 })
      .where(eq(basketItems.basketId, basketId));

    const validate = await browser.get(`/baskets/${basketId}/validate`);
    const order = await browser.post('/orders/takeaway', { basket_id: basketId });

    expect(order.statusCode).toBe(400);
    expect(order.json().errors[0]).toEqual(validate.json().errors[0]);
    expect(order.json().errors[0].detail).toMatch(
      /^Add £\d+\.\d\d more to reach the £10\.00 minimum$/,
    );
  });

  it('refuses a delivery without a ready address or a phone', async () => {
    const browser = await signedIn();
    const placeholder = await readyBasket(browser, {
      address: { ...HOME, address1: 'ignore_me' },
    });

    const response = await browser.post('/orders/takeaway', { basket_id: placeholder });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'address_required',
      detail: expect.any(String),
    });

    await browser.put(`/baskets/${placeholder}`, { address: { ...HOME, phone: null } });
    const noPhone = await browser.post('/orders/takeaway', { basket_id: placeholder });
    expect(noPhone.json().errors[0].code).toBe('phone_required');
  });

  it('orders a pickup without an address', async () => {
    const browser = await signedIn();
    const basketId = await readyBasket(browser, { fulfillment_type: 'pickup', address: undefined });

    const response = await browser.post('/orders/takeaway', { basket_id: basketId });

    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes).toMatchObject({
      fulfillment_type: 'pickup',
      delivery_price: 0,
    });
  });

  it('refuses a sold-out dish with the basket validation message', async () => {
    const browser = await signedIn();
    const basketId = await readyBasket(browser);
    await testApp()
      .database.db.insert(takeawaySnoozes)
      .values({ restaurantId: 16, productId: 102, until: new Date(Date.now() + 3_600_000) })
      .onConflictDoNothing();

    const response = await browser.post('/orders/takeaway', { basket_id: basketId });

    await testApp()
      .database.db.delete(takeawaySnoozes)
      .where(and(eq(takeawaySnoozes.restaurantId, 16), eq(takeawaySnoozes.productId, 102)));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'product_unavailable',
      detail: 'Cacio e Pepe sold out for now: remove it to continue',
    });
  });

  it('validates the body against the contract', async () => {
    const browser = await signedIn();

    const response = await browser.post('/orders/takeaway', {});

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source).toEqual({ pointer: '/basket_id' });
  });
});

async function placedOrder(browser: ApiClient) {
  const basketId = await readyBasket(browser);
  const response = await browser.post('/orders/takeaway', { basket_id: basketId });
  return Number(response.json().data.id);
}

async function setState(orderId: number, state: string) {
  await testApp()
    .database.db.update(orders)
    .set({ state, paidAt: state === 'payment_pending' ? null : new Date() })
    .where(eq(orders.id, orderId));
}

describe('GET /orders/{id}', () => {
  it("answers the customer's order, 404 for another's and 401 signed out", async () => {
    const browser = await signedIn();
    const orderId = await placedOrder(browser);

    const mine = await browser.get(`/orders/${orderId}`);
    const theirs = await (await signedIn()).get(`/orders/${orderId}`);
    const signedOut = await client().get(`/orders/${orderId}`);

    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.id).toBe(String(orderId));
    expect(theirs.statusCode).toBe(404);
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET /orders/live and /orders/pending_payment', () => {
  it('lists takeaway orders in progress, newest first, and is empty signed out', async () => {
    const browser = await signedIn();
    const pending = await placedOrder(browser);
    const paid = await placedOrder(browser);
    await setState(paid, 'paid');

    const live = await browser.get('/orders/live');
    const waiting = await browser.get('/orders/pending_payment');
    const signedOut = await client().get('/orders/live');

    expect(live.json().data.map((o: { id: string }) => o.id)).toEqual([String(paid)]);
    expect(waiting.json().data.map((o: { id: string }) => o.id)).toEqual([String(pending)]);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ data: [] });
    expect((await client().get('/orders/pending_payment')).statusCode).toBe(401);
  });

  it('leaves delivered orders out of the live list', async () => {
    const browser = await signedIn();
    const orderId = await placedOrder(browser);
    await setState(orderId, 'delivered');

    const live = await browser.get('/orders/live');

    expect(live.json().data).toEqual([]);
  });
});

describe('GET /orders/{id}/driver_location', () => {
  it('has no driver position before the order is out for delivery, then the stored one', async () => {
    const browser = await signedIn();
    const orderId = await placedOrder(browser);

    const before = await browser.get(`/orders/${orderId}/driver_location`);
    await testApp()
      .database.db.update(orders)
      .set({ state: 'shipped', driverLat: 51.49, driverLon: -0.25, driverUpdatedAt: new Date() })
      .where(eq(orders.id, orderId));
    const after = await browser.get(`/orders/${orderId}/driver_location`);

    expect(before.json().data).toMatchObject({
      type: 'driver_locations',
      id: String(orderId),
      attributes: {
        lat: null,
        lon: null,
        restaurant_lat: expect.any(Number),
        restaurant_lon: expect.any(Number),
        destination_lat: HOME.lat,
        destination_lon: HOME.lon,
      },
    });
    expect(after.json().data.attributes).toMatchObject({ lat: 51.49, lon: -0.25 });
    expect((await (await signedIn()).get(`/orders/${orderId}/driver_location`)).statusCode).toBe(
      404,
    );
    expect((await client().get(`/orders/${orderId}/driver_location`)).statusCode).toBe(401);
  });
});
