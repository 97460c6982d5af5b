import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, subscriptions } from '../../server/db/schema';
import { addDays, billingDateFor } from '../../server/services/subscriptions/schedule-dates';
import {
  firstOpenWeek,
  menuWithDishes,
  planDeliveryDate,
  type KitDish,
} from './support/kit-orders';
import { addCard, signUp } from './support/payments';
import { customerWithPlan } from './support/subscribers';
import { ApiClient, submitForm, useTestApp } from './support/test-app';

/**
 * Paying an order the billing job could not charge, as /payment/{orderId} does: the order and
 * the plan both recover.
 */
const getApp = useTestApp({ env: { DEV_TOOLS: 'true' } });
const week1 = firstOpenWeek();
const week2 = addDays(week1, 7);
/** Just after week 2's cut-off: the billing job writes and charges week 2. */
const afterCutoff2 = new Date(billingDateFor(week2).getTime() + 60_000).toISOString();
let dishes: KitDish[];

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle al ragù' }]);
  await menuWithDishes(database, week2, [{ title: 'Cacio e pepe' }]);
});

/**
 * A subscriber whose first box was paid, with the plan's card then swapped for `planCard` before
 * the billing job charges week 2.
 */
async function subscriberCharged(planCard: string) {
  const { database } = getApp();
  const { browser, customerId, subscriptionId } = await customerWithPlan(getApp(), [
    { dish: dishes[0]!, week: week1, quantity: 2 },
  ]);
  const plan = await addCard(browser, planCard);
  await database.db
    .update(subscriptions)
    .set({ paymentMethodId: Number(plan.id) })
    .where(eq(subscriptions.id, subscriptionId));
  const run = await browser.post('/dev/billing_runs', { as_of: afterCutoff2 });
  if (run.statusCode !== 201) throw new Error(`billing run failed: ${run.body}`);
  const [week2Order] = await database.db
    .select()
    .from(orders)
    .where(eq(orders.deliveryDate, await planDeliveryDate(database, week1, week2)))
    .then((rows) => rows.filter((row) => row.subscriptionId === subscriptionId));
  return { browser, customerId, subscriptionId, orderId: week2Order!.id };
}

async function planState(subscriptionId: number) {
  const [plan] = await getApp()
    .database.db.select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return plan!.state;
}

const pendingIds = async (browser: ApiClient) =>
  ((await browser.get('/orders/pending_payment')).json().data as { id: string }[]).map(
    (order) => order.id,
  );

describe('paying a week the billing job could not charge', () => {
  it('a declined week: paid with a new card, the order is paid and the failed plan active again', async () => {
    const { browser, subscriptionId, orderId } = await subscriberCharged('4000000000000002');
    const order = (await browser.get(`/orders/${orderId}`)).json().data.attributes;
    expect(order.state).toBe('not_authorized');
    expect(await planState(subscriptionId)).toBe('failed');
    expect(await pendingIds(browser)).toEqual([String(orderId)]);

    const card = await addCard(browser);
    const payment = await browser.post('/payments', {
      order_id: String(orderId),
      payment_method_id: card.id,
      return_url: `/payment/${orderId}`,
    });

    expect(payment.statusCode).toBe(201);
    expect(payment.json().data.attributes).toMatchObject({
      state: 'succeeded',
      amount: order.amount_to_charge,
    });
    expect((await browser.get(`/orders/${orderId}`)).json().data.attributes.state).toBe('paid');
    expect(await planState(subscriptionId)).toBe('active');
    expect(await pendingIds(browser)).toEqual([]);
  });

  it('a week waiting for 3-D Secure: the challenge completed from /payment/{id}, the plan is active again', async () => {
    const { browser, subscriptionId, orderId } = await subscriberCharged('4000002760003184');
    expect((await browser.get(`/orders/${orderId}`)).json().data.attributes.state).toBe(
      'payment_pending',
    );
    expect(await planState(subscriptionId)).toBe('failed');

    // Paying again answers the challenge the job started, which comes back to /payment/{id}.
    const [method] = (await browser.get('/payment_methods')).json().data as { id: string }[];
    const waiting = await browser.post('/payments', {
      order_id: String(orderId),
      payment_method_id: method!.id,
    });
    expect(waiting.statusCode).toBe(202);
    const { id: paymentId, attributes } = waiting.json().data;
    const actionUrl = new URL(attributes.action_url, 'http://localhost');
    const returnUrl = actionUrl.searchParams.get('return_url')!;
    expect(returnUrl).toBe(`/payment/${orderId}?payment_id=${paymentId}`);
    await submitForm(getApp().app, actionUrl.pathname, {
      return_url: returnUrl,
      outcome: 'complete',
    });

    const details = await browser.get(`/payment_details/${paymentId}`);
    expect(details.json().data.attributes).toMatchObject({
      state: 'succeeded',
      order_id: String(orderId),
    });
    expect((await browser.get(`/orders/${orderId}`)).json().data.attributes.state).toBe('paid');
    expect(await planState(subscriptionId)).toBe('active');
  });

  it('a paused plan stays paused when its failed week is paid', async () => {
    const { browser, subscriptionId, orderId } = await subscriberCharged('4000000000000002');
    await getApp()
      .database.db.update(subscriptions)
      .set({ state: 'paused' })
      .where(eq(subscriptions.id, subscriptionId));
    const card = await addCard(browser);

    const payment = await browser.post('/payments', {
      order_id: String(orderId),
      payment_method_id: card.id,
    });

    expect(payment.statusCode).toBe(201);
    expect(await planState(subscriptionId)).toBe('paused');
  });

  it("another customer's order is not found, to read or to pay", async () => {
    const { orderId } = await subscriberCharged('4000000000000002');
    const stranger = new ApiClient(getApp().app);
    await signUp(stranger);
    const card = await addCard(stranger);

    const read = await stranger.get(`/orders/${orderId}`);
    const pay = await stranger.post('/payments', {
      order_id: String(orderId),
      payment_method_id: card.id,
    });

    expect(read.statusCode).toBe(404);
    expect(pay.statusCode).toBe(404);
  });
});
