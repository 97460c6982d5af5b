import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { customers, orders, storeCreditTransactions, subscriptions } from '../../server/db/schema';
import { createCatalogue } from '../../server/services/catalogue/create-catalogue';
import { createPaymentGateway } from '../../server/services/payments/payment-gateway';
import { runBilling, type BillingDeps } from '../../server/services/subscriptions/billing-job';
import { addDays, billingDateFor } from '../../server/services/subscriptions/schedule-dates';
import {
  firstOpenWeek,
  menuWithDishes,
  planDeliveryDate,
  type KitDish,
} from './support/kit-orders';
import { addCard } from './support/payments';
import { customerWithPlan } from './support/subscribers';
import { useTestApp } from './support/test-app';

/** Product rule R9.29: a box still unpaid on its delivery day is dropped, its store credit given back. */

const getApp = useTestApp({ env: { DEV_TOOLS: 'true' } });
const week1 = firstOpenWeek();
const week2 = addDays(week1, 7);
const afterCutoff2 = new Date(billingDateFor(week2).getTime() + 60_000);
let dishes: KitDish[];
let deps: BillingDeps;
let deliveryDay2 = '';

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle al ragù' }]);
  await menuWithDishes(database, week2, [{ title: 'Cacio e pepe' }]);
  deliveryDay2 = await planDeliveryDate(database, week1, week2);
  const now = () => new Date();
  deps = {
    db: database.db,
    paymentGateway: createPaymentGateway(loadConfig({ NODE_ENV: 'test' }), database.db, now),
    catalogue: createCatalogue(loadConfig({ NODE_ENV: 'test' }), database.db, now),
    now,
  };
});

/** A plan whose week 2 is billed to `cardNumber`, with `creditPence` of store credit to spend. */
async function billedWeek2(cardNumber: string, creditPence = 0) {
  const { db } = getApp().database;
  const { browser, customerId, subscriptionId } = await customerWithPlan(getApp(), [
    { dish: dishes[0]!, week: week1, quantity: 2 },
  ]);
  const card = await addCard(browser, cardNumber);
  await db
    .update(subscriptions)
    .set({ paymentMethodId: Number(card.id) })
    .where(eq(subscriptions.id, subscriptionId));
  await db
    .update(customers)
    .set({ storeCreditPence: creditPence })
    .where(eq(customers.id, customerId));
  await runBilling(deps, afterCutoff2, { customerId });
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.subscriptionId, subscriptionId))
    .then((rows) => rows.filter((row) => row.deliveryDate === deliveryDay2));
  return { browser, customerId, order: order!, card };
}

const orderState = async (id: number) =>
  (await getApp().database.db.select().from(orders).where(eq(orders.id, id)))[0]!.state;

const creditOf = async (customerId: number) =>
  (await getApp().database.db.select().from(customers).where(eq(customers.id, customerId)))[0]!
    .storeCreditPence;

/** The billing job's run on a day, for one customer (as the development endpoint's scope). */
const runOn = (day: string, customerId: number) =>
  runBilling(deps, new Date(`${day}T00:05:00Z`), { customerId });

describe('a box still unpaid on its delivery day (R9.29)', () => {
  it('is kept and payable the day before, dropped on its day, with its store credit given back', async () => {
    const { browser, customerId, order, card } = await billedWeek2('4000000000000002', 500);
    expect(order.state).toBe('not_authorized');
    expect(order.storeCreditPence).toBe(500);
    expect(await creditOf(customerId)).toBe(0);

    expect((await runOn(addDays(deliveryDay2, -1), customerId)).dropped).toBe(0);
    expect(await orderState(order.id)).toBe('not_authorized');

    expect((await runOn(deliveryDay2, customerId)).dropped).toBe(1);
    expect(await orderState(order.id)).toBe('dropped');
    expect(await creditOf(customerId)).toBe(500);
    const given = await getApp()
      .database.db.select()
      .from(storeCreditTransactions)
      .where(eq(storeCreditTransactions.orderId, order.id));
    expect(given.map((row) => row.amountPence).sort((a, b) => a - b)).toEqual([-500, 500]);

    // Dropped once: a second run gives nothing back again.
    expect((await runOn(deliveryDay2, customerId)).dropped).toBe(0);
    expect(await creditOf(customerId)).toBe(500);
    const paid = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().errors[0]).toMatchObject({ code: 'order_not_payable' });
  });

  it("shows the week's box as dropped on the plan's weeks and on the week's own page", async () => {
    const { browser, customerId, order } = await billedWeek2('4000000000000002');
    const weekOf = async () => {
      const weeks = (await browser.get('/schedule_weeks')).json().data as {
        id: string;
        attributes: { order_id: string | null; order_state: string | null };
      }[];
      const week = weeks.find((entry) => entry.attributes.order_id === String(order.id));
      const page = (await browser.get(`/schedule_weeks/${week?.id}`)).json().data.attributes;
      return { listed: week?.attributes.order_state, page: page.order_state };
    };
    expect(await weekOf()).toEqual({ listed: 'not_authorized', page: 'not_authorized' });

    await runOn(deliveryDay2, customerId);

    expect(await weekOf()).toEqual({ listed: 'dropped', page: 'dropped' });
  });

  it('refuses to take a payment for a box on its delivery day, before the job has dropped it', async () => {
    const { browser, order, card } = await billedWeek2('4000000000000002');
    const today = new Date().toISOString().slice(0, 10);
    await getApp()
      .database.db.update(orders)
      .set({ deliveryDate: today })
      .where(eq(orders.id, order.id));

    const paid = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });

    expect(paid.statusCode).toBe(400);
    expect(paid.json().errors[0]).toMatchObject({
      code: 'order_not_payable',
      detail: "This box's delivery day has come: it can no longer be paid.",
    });
    expect(await orderState(order.id)).toBe('not_authorized');
  });

  it('leaves a box whose 3-D Secure challenge is still open: it may yet be paid', async () => {
    const { customerId, order } = await billedWeek2('4000002760003184');
    expect(order.state).toBe('payment_pending');

    expect((await runOn(deliveryDay2, customerId)).dropped).toBe(0);
    expect(await orderState(order.id)).toBe('payment_pending');
  });

  it('leaves a paid box as it is', async () => {
    const { customerId, order } = await billedWeek2('4242424242424242');
    expect(order.state).toBe('paid');

    expect((await runOn(deliveryDay2, customerId)).dropped).toBe(0);
    expect(await orderState(order.id)).toBe('paid');
  });

  it('the development endpoint counts the boxes it dropped', async () => {
    const { browser, customerId, order } = await billedWeek2('4000000000000002');
    const [{ email }] = (await getApp()
      .database.db.select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId))) as [{ email: string }];

    const response = await browser.post('/dev/billing_runs', {
      as_of: `${deliveryDay2}T00:05:00Z`,
      customer_email: email,
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes.dropped).toBe(1);
    expect(await orderState(order.id)).toBe('dropped');
  });
});
