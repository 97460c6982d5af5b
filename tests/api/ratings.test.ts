import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, ratings } from '../../server/db/schema';
import { signupBody } from './support/customers';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

async function orderIn(state: string) {
  const browser = client();
  await browser.post('/customers', signupBody());
  const created = await browser.post('/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: 16,
    fulfillment_type: 'pickup',
  });
  const basketId = created.json().data.id as string;
  await browser.post(`/baskets/${basketId}/items`, { product_variant_id: '102', quantity: 1 });
  const order = await browser.post('/orders/takeaway', { basket_id: basketId });
  const orderId = Number(order.json().data.id);
  const lineItemId = Number(order.json().data.attributes.line_item_ids[0]);
  await testApp().database.db.update(orders).set({ state }).where(eq(orders.id, orderId));
  return { browser, orderId, lineItemId };
}

const ratingCount = async () =>
  (await testApp().database.db.select({ n: count() }).from(ratings))[0]?.n ?? 0;

describe('POST /ratings', () => {
  it('rates a collected order once; the order shows its rating', async () => {
    const { browser, orderId } = await orderIn('collected');

    const response = await browser.post('/ratings', {
      order_id: orderId,
      rating: 4,
      reason: 'Food quality',
      notes: 'Lovely pasta',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      type: 'ratings',
      attributes: { order_id: String(orderId), rating: 4, reason: 'Food quality' },
    });
    const order = await browser.get(`/orders/${orderId}`);
    expect(order.json().data.attributes).toMatchObject({
      rating_id: response.json().data.id,
      rating: 4,
    });
  });

  it('answers 409 pointing to PUT for a second rating of the same order', async () => {
    const { browser, orderId } = await orderIn('delivered');
    const first = await browser.post('/ratings', { order_id: orderId, rating: 5 });

    const second = await browser.post('/ratings', { order_id: orderId, rating: 1 });

    expect(second.statusCode).toBe(409);
    expect(second.json().errors[0]).toMatchObject({
      code: 'already_rated',
      detail: `This order is already rated: change its rating with PUT /ratings/${first.json().data.id}`,
    });
  });

  it('refuses an order not yet delivered, a rating out of 1-5, and writes nothing', async () => {
    const { browser, orderId } = await orderIn('shipped');
    const before = await ratingCount();

    const early = await browser.post('/ratings', { order_id: orderId, rating: 5 });
    const tooHigh = await browser.post('/ratings', { order_id: orderId, rating: 6 });

    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0]).toMatchObject({
      code: 'order_not_finished',
      source: { pointer: '/order_id' },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().errors[0].source).toEqual({ pointer: '/rating' });
    expect(await ratingCount()).toBe(before);
  });

  it("is 401 signed out and 404 for another customer's order", async () => {
    const { orderId } = await orderIn('delivered');
    const stranger = client();
    await stranger.post('/customers', signupBody());

    expect((await client().post('/ratings', { order_id: orderId, rating: 5 })).statusCode).toBe(
      401,
    );
    expect((await stranger.post('/ratings', { order_id: orderId, rating: 5 })).statusCode).toBe(
      404,
    );
  });
});

describe('PUT /ratings/{id}', () => {
  it("changes the customer's rating; another's is a 404", async () => {
    const { browser, orderId } = await orderIn('delivered');
    const created = await browser.post('/ratings', { order_id: orderId, rating: 2 });
    const id = created.json().data.id as string;
    const stranger = client();
    await stranger.post('/customers', signupBody());

    const updated = await browser.put(`/ratings/${id}`, {
      rating: 5,
      notes: 'Better on reflection',
    });
    const theirs = await stranger.put(`/ratings/${id}`, { rating: 1 });
    const signedOut = await client().put(`/ratings/${id}`, { rating: 1 });
    const empty = await browser.put(`/ratings/${id}`, {});

    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.attributes).toMatchObject({
      rating: 5,
      notes: 'Better on reflection',
    });
    expect(theirs.statusCode).toBe(404);
    expect(signedOut.statusCode).toBe(401);
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /ratings/{id} (product rule R9.12)', () => {
  it('answers the rating as given, and as changed after a PUT; not to anyone else', async () => {
    const { browser, orderId } = await orderIn('delivered');
    const created = await browser.post('/ratings', {
      order_id: orderId,
      rating: 3,
      reason: 'Delivery time',
      notes: 'A little late',
    });
    const id = created.json().data.id as string;
    const stranger = client();
    await stranger.post('/customers', signupBody());

    const first = await browser.get(`/ratings/${id}`);
    await browser.put(`/ratings/${id}`, { rating: 5, reason: 'Food quality' });
    const second = await browser.get(`/ratings/${id}`);
    const theirs = await stranger.get(`/ratings/${id}`);
    const signedOut = await client().get(`/ratings/${id}`);
    const unknown = await browser.get('/ratings/999999');
    const malformed = await browser.get('/ratings/abc');

    expect(first.statusCode).toBe(200);
    expect(first.json().data.attributes).toMatchObject({
      order_id: String(orderId),
      rating: 3,
      reason: 'Delivery time',
      notes: 'A little late',
    });
    expect(second.json().data.attributes).toMatchObject({
      rating: 5,
      reason: 'Food quality',
      notes: 'A little late',
    });
    expect(Date.parse(second.json().data.attributes.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(first.json().data.attributes.updated_at),
    );
    expect(theirs.statusCode).toBe(404);
    expect(signedOut.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /product_ratings', () => {
  it("rates a dish of the order, again replaces it, and the order's line shows it", async () => {
    const { browser, orderId, lineItemId } = await orderIn('delivered');

    const first = await browser.post('/product_ratings', {
      order_id: orderId,
      line_item_id: lineItemId,
      rating: 3,
    });
    const again = await browser.post('/product_ratings', {
      order_id: orderId,
      line_item_id: lineItemId,
      rating: 5,
    });

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const order = await browser.get(`/orders/${orderId}`);
    const line = order
      .json()
      .included.find((item: { id: string }) => item.id === String(lineItemId));
    expect(line.attributes.product_rating).toBe(5);
  });

  it("refuses a line item of another order, and another customer's order", async () => {
    const mine = await orderIn('delivered');
    const other = await orderIn('delivered');

    const foreignLine = await mine.browser.post('/product_ratings', {
      order_id: mine.orderId,
      line_item_id: other.lineItemId,
      rating: 4,
    });
    const foreignOrder = await mine.browser.post('/product_ratings', {
      order_id: other.orderId,
      line_item_id: other.lineItemId,
      rating: 4,
    });
    const signedOut = await client().post('/product_ratings', {
      order_id: mine.orderId,
      line_item_id: mine.lineItemId,
      rating: 4,
    });

    expect(foreignLine.statusCode).toBe(400);
    expect(foreignLine.json().errors[0].source).toEqual({ pointer: '/line_item_id' });
    expect(foreignOrder.statusCode).toBe(404);
    expect(signedOut.statusCode).toBe(401);
  });
});
