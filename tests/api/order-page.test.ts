import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, invoiceMessages } from '../../domain/order-page';
import { emailOutbox, orderFeedback, orders, payments } from '../../server/db/schema';
import { signupBody } from './support/customers';
import { HOME, takeawayOrder as placeTakeawayOrder } from './support/takeaway-orders';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);
const db = () => testApp().database.db;

/** A signed-up customer's browser and email. */
async function customer() {
  const browser = client();
  const body = signupBody();
  const signedUp = await browser.post('/customers', body);
  expect(signedUp.statusCode).toBe(201);
  return { browser, email: body.email };
}

/**
 * A takeaway through the API (2 × Cacio e Pepe with Extra Parmigiano, delivered to HOME), then
 * moved to `state` as the kitchen and the gateway would: paid orders carry their card payment.
 */
async function takeawayOrder(browser: ApiClient, state: string) {
  const orderId = await placeTakeawayOrder(browser);
  const paid = !['payment_pending', 'not_authorized'].includes(state);
  const [order] = await db()
    .update(orders)
    .set({ state, paidAt: paid ? new Date() : null })
    .where(eq(orders.id, orderId))
    .returning();
  if (paid) {
    await db()
      .insert(payments)
      .values({
        orderId,
        paymentMethodType: 'CreditCard',
        processor: 'sandbox',
        idempotencyKey: `order-page-test-${orderId}`,
        amountPence: order!.totalPence,
        state: 'succeeded',
      });
  }
  return { orderId, order: order! };
}

const feedbackRows = async (orderId: number) =>
  (
    await db().select({ n: count() }).from(orderFeedback).where(eq(orderFeedback.orderId, orderId))
  )[0]?.n ?? 0;

const emailsTo = (email: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(emailOutbox.id);

describe('GET /orders/{id}: the order page’s document (product rules R9.14, R9.15)', () => {
  it('gives the lines with their extras, the address, the payment, no feedback and no invoice yet', async () => {
    const { browser } = await customer();
    const { orderId, order } = await takeawayOrder(browser, 'delivered');

    const response = await browser.get(`/orders/${orderId}`);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.attributes.address).toMatchObject({ address1: HOME.address1, zip: HOME.zip });
    const dish = body.included.find(
      (line: { attributes: { title: string } }) => line.attributes.title === 'Cacio e Pepe',
    );
    expect(dish.attributes.quantity).toBe(2);
    const extra = body.included.find(
      (line: { id: string }) => line.id === dish.attributes.sub_item_ids[0],
    );
    expect(extra.attributes.title).toBe('Extra Parmigiano');
    expect(body.meta).toEqual({
      payment: {
        state: 'succeeded',
        amount: order.totalPence / 100,
        payment_method_type: 'CreditCard',
        brand: null,
        last4: null,
        created_at: expect.any(String),
      },
      feedback: null,
      invoice_emailed_at: null,
    });
  });

  it('answers 404 for another customer’s order and 401 without a session', async () => {
    const { browser } = await customer();
    const { orderId } = await takeawayOrder(browser, 'delivered');
    const { browser: stranger } = await customer();

    expect((await stranger.get(`/orders/${orderId}`)).statusCode).toBe(404);
    expect((await client().get(`/orders/${orderId}`)).statusCode).toBe(401);
  });
});

describe('POST /orders/{id}/feedback (product rule R9.16)', () => {
  it('stores the feedback, shows it on the order, and replaces it when sent again', async () => {
    const { browser } = await customer();
    const { orderId } = await takeawayOrder(browser, 'delivered');

    const given = await browser.post(`/orders/${orderId}/feedback`, {
      nps_rating: 9,
      reason: '  Fresh pasta, quick rider ',
      notes: '',
    });
    expect(given.statusCode).toBe(201);
    expect(given.json().data.attributes).toMatchObject({
      order_id: String(orderId),
      nps_rating: 9,
      reason: 'Fresh pasta, quick rider',
      notes: null,
    });
    expect((await browser.get(`/orders/${orderId}`)).json().meta.feedback).toMatchObject({
      nps_rating: 9,
      reason: 'Fresh pasta, quick rider',
    });

    const replaced = await browser.post(`/orders/${orderId}/feedback`, {
      nps_rating: 6,
      reason: null,
      notes: 'The sauce was cold',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.attributes).toMatchObject({
      nps_rating: 6,
      reason: null,
      notes: 'The sauce was cold',
    });
    expect(await feedbackRows(orderId)).toBe(1);
  });

  it('refuses feedback before the order is delivered or collected, with the rule’s message', async () => {
    const { browser } = await customer();
    const { orderId } = await takeawayOrder(browser, 'accepted');

    const response = await browser.post(`/orders/${orderId}/feedback`, { nps_rating: 10 });

    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].detail).toBe(FEEDBACK_MESSAGES.notFinished);
    expect(await feedbackRows(orderId)).toBe(0);
  });

  it.each([
    ['a score above 10', { nps_rating: 11 }],
    ['a negative score', { nps_rating: -1 }],
    ['a score as a string', { nps_rating: '7' }],
    ['a fractional score', { nps_rating: 7.5 }],
    ['no score', { reason: 'Tasty' }],
    ['an unknown field', { nps_rating: 7, stars: 5 }],
    ['a reason over 200 characters', { nps_rating: 7, reason: 'x'.repeat(201) }],
    ['notes over 2000 characters', { nps_rating: 7, notes: 'x'.repeat(2001) }],
  ])('answers 400 for %s and writes nothing', async (_, body) => {
    const { browser } = await customer();
    const { orderId } = await takeawayOrder(browser, 'collected');

    const response = await browser.post(`/orders/${orderId}/feedback`, body);

    expect(response.statusCode).toBe(400);
    expect(await feedbackRows(orderId)).toBe(0);
  });

  it('answers 404 for another customer’s order, 401 signed out, 403 without X-Branch; nothing written', async () => {
    const { browser } = await customer();
    const { orderId } = await takeawayOrder(browser, 'delivered');
    const { browser: stranger } = await customer();

    expect((await stranger.post(`/orders/${orderId}/feedback`, { nps_rating: 0 })).statusCode).toBe(
      404,
    );
    expect((await client().post(`/orders/${orderId}/feedback`, { nps_rating: 0 })).statusCode).toBe(
      401,
    );
    expect(
      (await browser.withoutBranch().post(`/orders/${orderId}/feedback`, { nps_rating: 0 }))
        .statusCode,
    ).toBe(403);
    expect(await feedbackRows(orderId)).toBe(0);
  });
});

describe('POST /orders/{id}/send_invoice (product rule R9.17)', () => {
  it('emails the invoice once, and a second ask within 10 minutes sends nothing', async () => {
    const { browser, email } = await customer();
    const { orderId, order } = await takeawayOrder(browser, 'delivered');

    const first = await browser.post(`/orders/${orderId}/send_invoice`);

    expect(first.statusCode).toBe(202);
    expect(first.json().meta).toMatchObject({
      message: invoiceMessages.sent(email),
      sent: true,
      email,
    });
    const [invoice, ...others] = await emailsTo(email).then((rows) =>
      rows.filter((row) => row.subject.includes('invoice')),
    );
    expect(others).toEqual([]);
    expect(invoice?.subject).toBe(`Your Sfoglia invoice for order ${order.reference}`);
    expect(invoice?.text).toContain('2 × Cacio e Pepe');
    expect(invoice?.text).toContain('Extra Parmigiano');
    expect(invoice?.text).toContain(HOME.address1);
    expect((await browser.get(`/orders/${orderId}`)).json().meta.invoice_emailed_at).toBe(
      first.json().meta.emailed_at,
    );

    const again = await browser.post(`/orders/${orderId}/send_invoice`);
    expect(again.statusCode).toBe(200);
    expect(again.json().meta).toMatchObject({
      message: invoiceMessages.alreadySent(email),
      sent: false,
      emailed_at: first.json().meta.emailed_at,
    });
    expect((await emailsTo(email)).filter((row) => row.subject.includes('invoice'))).toHaveLength(
      1,
    );
  });

  it('sends again once 10 minutes have passed', async () => {
    const { browser, email } = await customer();
    const { orderId } = await takeawayOrder(browser, 'collected');
    await browser.post(`/orders/${orderId}/send_invoice`);
    await db()
      .update(orders)
      .set({ invoiceEmailedAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(eq(orders.id, orderId));

    const again = await browser.post(`/orders/${orderId}/send_invoice`);

    expect(again.statusCode).toBe(202);
    expect((await emailsTo(email)).filter((row) => row.subject.includes('invoice'))).toHaveLength(
      2,
    );
  });

  it('sends one email when several clicks race', async () => {
    const { browser, email } = await customer();
    const { orderId } = await takeawayOrder(browser, 'delivered');

    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => browser.post(`/orders/${orderId}/send_invoice`)),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 202]);
    expect((await emailsTo(email)).filter((row) => row.subject.includes('invoice'))).toHaveLength(
      1,
    );
  });

  it('answers 409 for an order not paid, 404 for another customer’s, 401 signed out; nothing sent', async () => {
    const { browser, email } = await customer();
    const { orderId: unpaid } = await takeawayOrder(browser, 'payment_pending');
    const { orderId: paid } = await takeawayOrder(browser, 'delivered');
    const { browser: stranger, email: strangerEmail } = await customer();

    const notPaid = await browser.post(`/orders/${unpaid}/send_invoice`);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().errors[0].detail).toBe(invoiceMessages.notPaid);
    expect((await stranger.post(`/orders/${paid}/send_invoice`)).statusCode).toBe(404);
    expect((await client().post(`/orders/${paid}/send_invoice`)).statusCode).toBe(401);

    expect((await emailsTo(email)).filter((row) => row.subject.includes('invoice'))).toHaveLength(
      0,
    );
    expect(
      (await emailsTo(strangerEmail)).filter((row) => row.subject.includes('invoice')),
    ).toHaveLength(0);
  });
});

describe('GET /orders page sizes (product rules R9.5, R9.18: 4, 3000 and the size-1 check)', () => {
  async function pastOrders(browser: ApiClient, howMany: number) {
    const ids: number[] = [];
    for (let index = 0; index < howMany; index += 1) {
      const { orderId } = await takeawayOrder(browser, 'delivered');
      ids.push(orderId);
    }
    return ids;
  }

  it('pages the history by 4 by default, leaving dropped orders out', async () => {
    const { browser } = await customer();
    await pastOrders(browser, 5);
    await takeawayOrder(browser, 'dropped').then(({ orderId }) =>
      db().update(orders).set({ deliveryDate: '2020-01-01' }).where(eq(orders.id, orderId)),
    );

    const first = (await browser.get('/orders?filter[delivery_date]=past')).json();
    const second = (await browser.get('/orders?filter[delivery_date]=past&page=2')).json();

    expect(first.data).toHaveLength(4);
    expect(first.meta).toEqual({ total: 5, page: 1, per_page: 4 });
    expect(second.data).toHaveLength(1);
    const states = [...first.data, ...second.data].map(
      (order: { attributes: { state: string } }) => order.attributes.state,
    );
    expect(states).not.toContain('dropped');
  });

  it('answers the size-1 status check and the upcoming list of up to 3000', async () => {
    const { browser } = await customer();
    await pastOrders(browser, 2);
    await takeawayOrder(browser, 'accepted');

    const check = (await browser.get('/orders?filter[delivery_date]=past&per_page=1')).json();
    expect(check.data).toHaveLength(1);
    expect(check.meta).toEqual({ total: 2, page: 1, per_page: 1 });

    const upcoming = (await browser.get('/orders?filter[delivery_date]=upcoming')).json();
    expect(upcoming.meta.per_page).toBe(3000);
    expect(upcoming.data).toHaveLength(1);
  });

  it.each(['per_page=0', 'per_page=3001', 'per_page=4.5', 'page=0', 'page=abc'])(
    'answers 400 for %s',
    async (query) => {
      const { browser } = await customer();
      expect((await browser.get(`/orders?filter[delivery_date]=past&${query}`)).statusCode).toBe(
        400,
      );
    },
  );

  it('answers 401 without a session', async () => {
    expect((await client().get('/orders?filter[delivery_date]=past')).statusCode).toBe(401);
  });
});
