import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { emailOutbox, orders } from '../../server/db/schema';
import { createMailer } from '../../server/services/mailer';
import { queueOrderConfirmations } from '../../server/services/orders/order-confirmations';
import { signupBody } from './support/customers';
import { addCard } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

/** Product rule R9.8: six characters without 0, O, 1, I or L, as "ABC-DEF". */
const REFERENCE = /^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/;

const confirmations = (now = () => new Date()) => {
  const { database } = testApp();
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://sfoglia.example' });
  return queueOrderConfirmations({
    db: database.db,
    mailer: createMailer(database.db, config),
    config,
    now,
  });
};

/** The order confirmations sent to an address (sign-up sends it a verification email too). */
const emailsTo = (to: string) =>
  testApp()
    .database.db.select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), like(emailOutbox.subject, 'Your Sfoglia order %')));

/** A signed-up customer's pickup order, placed through the API and waiting for payment. */
async function placedOrder() {
  const browser = client();
  const signup = signupBody();
  expect((await browser.post('/customers', signup)).statusCode).toBe(201);
  const basket = await browser.post('/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: 16,
    fulfillment_type: 'pickup',
  });
  const basketId = basket.json().data.id as string;
  await browser.post(`/baskets/${basketId}/items`, { product_variant_id: '102', quantity: 1 });
  const order = await browser.post('/orders/takeaway', { basket_id: basketId });
  expect(order.statusCode).toBe(201);
  const data = order.json().data as { id: string; attributes: { reference: string } };
  return { browser, email: signup.email, order: data };
}

describe('order references (product rule R9.8)', () => {
  it('gives every order a readable reference at creation, shown by the order', async () => {
    const { browser, order } = await placedOrder();

    expect(order.attributes.reference).toMatch(REFERENCE);
    const fetched = await browser.get(`/orders/${order.id}`);
    expect(fetched.json().data.attributes.reference).toBe(order.attributes.reference);
    const upcoming = await browser.get('/orders?filter[delivery_date]=upcoming');
    expect(
      upcoming
        .json()
        .data.map((listed: { attributes: { reference: string } }) => listed.attributes.reference),
    ).toContain(order.attributes.reference);
  });

  it('is unique and readable for the first 20,000 order ids, and never the id itself', async () => {
    const { database } = testApp();
    const result = (await database.db.execute(sql`
      select count(distinct order_reference(g))::int as n,
        count(*) filter (where order_reference(g) !~ '^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$')::int as unreadable,
        count(*) filter (where order_reference(g) = g::text)::int as plain
      from generate_series(1, 20000) as g`)) as unknown as { rows: unknown[] };
    const [row] = result.rows;

    expect(row).toEqual({ n: 20_000, unreadable: 0, plain: 0 });
  });
});

describe('order confirmation emails (product rule R9.9)', () => {
  it('emails a paid order once, with its reference, status, lines, total and tracking link', async () => {
    const { browser, email, order } = await placedOrder();
    const card = await addCard(browser);
    expect(await confirmations()).toBe(0);
    expect(await emailsTo(email)).toHaveLength(0);

    const paid = await browser.post('/payments', {
      order_id: order.id,
      payment_method_id: card.id,
    });
    expect(paid.statusCode).toBe(201);
    await confirmations();
    await confirmations();

    const sent = await emailsTo(email);
    expect(sent).toHaveLength(1);
    const reference = order.attributes.reference;
    expect(sent[0]).toMatchObject({
      subject: `Your Sfoglia order ${reference} is confirmed`,
    });
    expect(sent[0]!.text).toContain(`Thank you for your order ${reference}.`);
    expect(sent[0]!.text).toContain('Status: Is being prepared');
    expect(sent[0]!.text).toMatch(/1 × .+: £\d+\.\d\d/);
    expect(sent[0]!.text).toMatch(/Total paid: £\d+\.\d\d/);
    expect(sent[0]!.text).toContain(`https://sfoglia.example/takeaway/track/${order.id}`);
    const [row] = await testApp()
      .database.db.select()
      .from(orders)
      .where(eq(orders.id, Number(order.id)));
    expect(row!.confirmationEmailedAt).not.toBeNull();
  });

  it('sends nothing for an unpaid order, nor for one paid over a day ago', async () => {
    const { email, order } = await placedOrder();
    const { db } = testApp().database;
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);

    await confirmations();
    expect(await emailsTo(email)).toHaveLength(0);
    await db
      .update(orders)
      .set({ state: 'paid', paidAt: twoDaysAgo })
      .where(and(eq(orders.id, Number(order.id))));
    await confirmations();

    expect(await emailsTo(email)).toHaveLength(0);
  });

  it('queues each confirmation once when two runs race', async () => {
    const { email, order } = await placedOrder();
    await testApp()
      .database.db.update(orders)
      .set({ state: 'paid', paidAt: new Date() })
      .where(eq(orders.id, Number(order.id)));

    await Promise.all([confirmations(), confirmations(), confirmations()]);

    expect(await emailsTo(email)).toHaveLength(1);
  });
});
