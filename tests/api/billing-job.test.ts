import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import {
  catalogueVariants,
  customers,
  orderLineItems,
  orders,
  payments,
  subscriptions,
} from '../../server/db/schema';
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
import { customerWithPlan, planWeeks } from './support/subscribers';
import { useTestApp } from './support/test-app';

const getApp = useTestApp({ env: { DEV_TOOLS: 'true' } });
const week1 = firstOpenWeek();
const week2 = addDays(week1, 7);
const week3 = addDays(week1, 14);
/** Just after week 2's cut-off, and just after week 3's. */
const afterCutoff2 = new Date(billingDateFor(week2).getTime() + 60_000);
const afterCutoff3 = new Date(billingDateFor(week3).getTime() + 60_000);
let dishes: KitDish[];
let week2Dishes: KitDish[];
let week3Dishes: KitDish[];
let deps: BillingDeps;
/** Each later week's plan day (R10.35), read once the menus are in. */
const plannedDay: Record<'week2' | 'week3', string> = { week2: '', week3: '' };

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [
    { title: 'Pappardelle al ragù' },
    { title: 'Tortelloni di zucca' },
  ]);
  week2Dishes = await menuWithDishes(database, week2, [{ title: 'Cacio e pepe' }]);
  week3Dishes = await menuWithDishes(database, week3, [
    { title: 'Lasagne al forno', tags: ['meat-fish'] },
    { title: 'Ravioli di ricotta', tags: ['vegetarian'] },
    { title: 'Gnocchi al pesto', tags: ['vegetarian'], allergens: [109] },
    { title: 'Fusilli primavera', tags: ['vegetarian'] },
  ]);
  plannedDay.week2 = await planDeliveryDate(database, week1, week2);
  plannedDay.week3 = await planDeliveryDate(database, week1, week3);
  const now = () => new Date();
  deps = {
    db: database.db,
    paymentGateway: createPaymentGateway(loadConfig({ NODE_ENV: 'test' }), database.db, now),
    catalogue: createCatalogue(loadConfig({ NODE_ENV: 'test' }), database.db, now),
    now,
  };
});

/** A customer with an active plan: week 1 ordered and paid, week 2 picked, week 3 left to the chef. */
async function subscriber(dietary?: Record<string, boolean>) {
  const { browser, customerId, subscriptionId } = await customerWithPlan(getApp(), [
    { dish: dishes[0]!, week: week1, quantity: 2 },
    { dish: dishes[1]!, week: week2, quantity: 2 },
  ]);
  if (dietary)
    await getApp()
      .database.db.update(subscriptions)
      .set({ dietary })
      .where(eq(subscriptions.id, subscriptionId));
  return { browser, customerId, subscriptionId };
}

const emailOf = async (customerId: number) => {
  const [customer] = await getApp()
    .database.db.select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer!.email;
};

const ordersOf = (subscriptionId: number) =>
  getApp().database.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId));

const paymentsOf = async (orderIds: number[]) =>
  getApp().database.db.select().from(payments).where(inArray(payments.orderId, orderIds));

describe('the billing job', () => {
  it('writes and charges each due week once, run twice and twice at once', async () => {
    const { subscriptionId } = await subscriber();
    const before = await runBilling(deps, new Date(billingDateFor(week2).getTime() - 60_000));
    expect((await ordersOf(subscriptionId)).length).toBe(1);
    expect(before.ordersCreated).toBe(0);

    await Promise.all([runBilling(deps, afterCutoff2), runBilling(deps, afterCutoff2)]);
    await runBilling(deps, afterCutoff2);
    const written = await ordersOf(subscriptionId);
    expect(written).toHaveLength(2);
    const week2Order = written.find((o) => o.deliveryDate === plannedDay.week2)!;
    expect(week2Order).toMatchObject({ state: 'paid', chefSelected: false, subtotalPence: 1300 });
    expect(await paymentsOf([week2Order.id])).toEqual([
      expect.objectContaining({ state: 'succeeded' }),
    ]);
  });

  it("chooses the chef's picks honouring the dietary flags when the customer did not pick", async () => {
    const { subscriptionId } = await subscriber({ vegetarian: true, nuts: true });
    await runBilling(deps, afterCutoff2);
    await Promise.all([runBilling(deps, afterCutoff3), runBilling(deps, afterCutoff3)]);
    const week3Order = (await ordersOf(subscriptionId)).find(
      (o) => o.deliveryDate === plannedDay.week3,
    )!;
    expect(week3Order).toMatchObject({ chefSelected: true, state: 'paid' });
    const lines = await getApp()
      .database.db.select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, week3Order.id));
    expect(lines.map((line) => line.productVariantId).sort()).toEqual(
      [String(week3Dishes[1]!.regularId), String(week3Dishes[3]!.regularId)].sort(),
    );
    expect(await paymentsOf([week3Order.id])).toHaveLength(1);
  });

  it('leaves a declined week not_authorized and the plan failed, and never charges it twice', async () => {
    const { browser, subscriptionId } = await subscriber();
    const declining = await addCard(browser, '4000000000000002');
    await getApp()
      .database.db.update(subscriptions)
      .set({ paymentMethodId: Number(declining.id) })
      .where(eq(subscriptions.id, subscriptionId));
    const run = await runBilling(deps, afterCutoff2);
    expect(run.failed).toBeGreaterThanOrEqual(1);
    await runBilling(deps, afterCutoff2);
    const week2Order = (await ordersOf(subscriptionId)).find(
      (o) => o.deliveryDate === plannedDay.week2,
    )!;
    expect(week2Order.state).toBe('not_authorized');
    expect(await paymentsOf([week2Order.id])).toEqual([
      expect.objectContaining({ state: 'failed' }),
    ]);
    const [plan] = await getApp()
      .database.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(plan!.state).toBe('failed');
  });

  it("takes each week's stock and swaps a pick that sold out for the chef's, once", async () => {
    const { db } = getApp().database;
    const cacio = week2Dishes[0];
    const setStock = (variantId: number, quantityAvailable: number | null) =>
      db
        .update(catalogueVariants)
        .set({ quantityAvailable })
        .where(eq(catalogueVariants.id, variantId));
    const { subscriptionId } = await subscriber();
    try {
      // Week 2's pick is two Tortelloni; one is left.
      await setStock(dishes[1]!.regularId, 1);
      await setStock(cacio!.regularId, 10);
      await Promise.all([runBilling(deps, afterCutoff2), runBilling(deps, afterCutoff2)]);
      const week2Order = (await ordersOf(subscriptionId)).find(
        (o) => o.deliveryDate === plannedDay.week2,
      )!;
      const lines = await db
        .select()
        .from(orderLineItems)
        .where(eq(orderLineItems.orderId, week2Order.id));
      expect(lines).toEqual([
        expect.objectContaining({ productVariantId: String(cacio!.regularId), quantity: 2 }),
      ]);
      const stock = await db
        .select()
        .from(catalogueVariants)
        .where(inArray(catalogueVariants.id, [dishes[1]!.regularId, cacio!.regularId]));
      expect(stock.map((v) => [v.id, v.quantityAvailable])).toEqual(
        expect.arrayContaining([
          [dishes[1]!.regularId, 1],
          [cacio!.regularId, 8],
        ]),
      );
    } finally {
      await setStock(dishes[1]!.regularId, null);
      await setStock(cacio!.regularId, null);
    }
  });

  it('runs as of a time through the development endpoint', async () => {
    const { browser, subscriptionId } = await subscriber();
    const response = await browser.post('/dev/billing_runs', { as_of: afterCutoff2.toISOString() });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes.as_of).toBe(afterCutoff2.toISOString());
    expect(await ordersOf(subscriptionId)).toHaveLength(2);
  });

  it("a development run for one customer's email bills only that customer's plans", async () => {
    const other = await subscriber();
    const { browser, customerId, subscriptionId } = await subscriber();
    const email = await emailOf(customerId);

    const response = await browser.post('/dev/billing_runs', {
      as_of: afterCutoff2.toISOString(),
      customer_email: email.toUpperCase(),
    });

    expect(response.statusCode).toBe(201);
    expect(await ordersOf(subscriptionId)).toHaveLength(2);
    expect(await ordersOf(other.subscriptionId)).toHaveLength(1);
    const unknown = await browser.post('/dev/billing_runs', {
      as_of: afterCutoff2.toISOString(),
      customer_email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await ordersOf(other.subscriptionId)).toHaveLength(1);
  });

  it("a run for one customer dated ahead plans only that customer's later weeks", async () => {
    const other = await subscriber();
    const { browser, customerId, subscriptionId } = await subscriber();
    const email = await emailOf(customerId);
    const othersWeeks = await planWeeks(getApp(), other.subscriptionId);
    const ownWeeks = await planWeeks(getApp(), subscriptionId);

    const response = await browser.post('/dev/billing_runs', {
      as_of: afterCutoff3.toISOString(),
      customer_email: email,
    });

    expect(response.statusCode).toBe(201);
    expect((await planWeeks(getApp(), subscriptionId)).length).toBeGreaterThan(ownWeeks.length);
    expect(await planWeeks(getApp(), other.subscriptionId)).toEqual(othersWeeks);
  });
});
