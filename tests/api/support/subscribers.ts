import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach } from 'vitest';
import { loadConfig } from '../../../server/config';
import {
  customers,
  orderLineItems,
  orders,
  scheduleWeeks,
  schedules,
  subscriptions,
} from '../../../server/db/schema';
import { createCatalogue } from '../../../server/services/catalogue/create-catalogue';
import { createPaymentGateway } from '../../../server/services/payments/payment-gateway';
import type { BillingDeps } from '../../../server/services/subscriptions/billing-job';
import { addDays } from '../../../server/services/subscriptions/schedule-dates';
import {
  firstOpenWeek,
  giveStoreCredit,
  kitBasket,
  menuWithDishes,
  savedAddress,
  type KitDish,
} from './kit-orders';
import { addCard, signUp } from './payments';
import { ApiClient, useTestApp, type TestApp } from './test-app';

/**
 * A new customer with a saved address and a card (a Stripe test number, 4242 unless told) who
 * ordered a box of these lines at the kit checkout, starting a weekly plan; store credit, when
 * given, is theirs before the order. Their browser, and the plan and first order's ids.
 */
export async function customerWithPlan(
  { app, database }: TestApp,
  lines: Parameters<typeof kitBasket>[2],
  options: { card?: string; credit?: number } = {},
) {
  const browser = new ApiClient(app);
  const customerId = await signUp(browser);
  const address = await savedAddress(database, customerId);
  const card = await addCard(browser, options.card);
  if (options.credit) await giveStoreCredit(database, customerId, options.credit);
  const basket = await kitBasket(database, customerId, lines);
  const placed = await browser.post('/orders/recipe_kits', {
    basket_id: basket.id,
    shipping_address_id: String(address.id),
    payment_method_id: card.id,
  });
  if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.body}`);
  return {
    browser,
    customerId,
    subscriptionId: Number(placed.json().meta.subscription_id),
    orderId: placed.json().data.id as string,
  };
}

/** The plan's weeks, soonest first, as the database holds them. */
export const planWeeks = ({ database }: TestApp, subscriptionId: number) =>
  database.db
    .select({ week: scheduleWeeks })
    .from(scheduleWeeks)
    .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
    .where(eq(schedules.subscriptionId, subscriptionId))
    .orderBy(scheduleWeeks.startDate)
    .then((rows) => rows.map((row) => row.week));

/** The plan's row as the database holds it. */
export const planRow = async ({ database }: TestApp, subscriptionId: number) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]!;

/**
 * A new subscriber as the plan tests start from: customerWithPlan, with their email and the
 * plan's weeks (the first ordered and paid).
 */
export async function subscriberWithPlan(testApp: TestApp, lines: Parameters<typeof kitBasket>[2]) {
  const planned = await customerWithPlan(testApp, lines);
  const [customer] = await testApp.database.db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, planned.customerId));
  const weeks = await planWeeks(testApp, planned.subscriptionId);
  return { ...planned, email: customer!.email, weeks };
}

/** The billing job's dependencies on the test database, on the test's clock. */
export function billingDeps({ database }: TestApp, now: () => Date): BillingDeps {
  const config = loadConfig({ NODE_ENV: 'test' });
  return {
    db: database.db,
    paymentGateway: createPaymentGateway(config, database.db, now),
    catalogue: createCatalogue(config, database.db, now),
    now,
  };
}

/** `count` paid boxes of a plan, written directly: earlier weeks the billing job billed. */
export async function paidPlanBoxes(
  { database }: TestApp,
  plan: { customerId: number; subscriptionId: number },
  count: number,
) {
  for (let n = 0; n < count; n += 1)
    await database.db.insert(orders).values({
      ...plan,
      type: 'recipe_kit',
      state: 'paid',
      subtotalPence: 2600,
      totalPence: 2600,
      paidAt: new Date(),
    });
}

/**
 * The plan tests' app (called at a test file's top, as useTestApp is), on a clock a test may move
 * past a cut-off (`setClock`, back to the real time before each test), with week 1's menu of
 * these dishes and a dish on each later week up to `weeks`; the billing job's deps on that clock,
 * and the helpers above bound to the app.
 */
export function planTestApp(menu: { week1: string[]; weeks: number }) {
  let clock = new Date();
  const getApp = useTestApp({ overrides: { now: () => clock } });
  const week1 = firstOpenWeek();
  const dishes: KitDish[] = [];
  let deps: BillingDeps;

  beforeAll(async () => {
    const { database } = getApp();
    const titles = menu.week1.map((title) => ({ title }));
    dishes.push(...(await menuWithDishes(database, week1, titles)));
    for (let n = 2; n <= menu.weeks; n += 1)
      await menuWithDishes(database, addDays(week1, 7 * (n - 1)), [{ title: `Tagliatelle ${n}` }]);
    deps = billingDeps(getApp(), () => clock);
  });

  beforeEach(() => {
    clock = new Date();
  });

  return {
    getApp,
    week1,
    dishes,
    deps: () => deps,
    /** Moves the app's clock; answers the new time. */
    setClock: (date: Date) => (clock = date),
    /** A new subscriber: week 1's dishes ordered (`quantity` of each) and paid, on a weekly plan. */
    subscriberWithPlan: (quantity = 1) =>
      subscriberWithPlan(
        getApp(),
        dishes.map((dish) => ({ dish, week: week1, quantity })),
      ),
    planWeeks: (subscriptionId: number) => planWeeks(getApp(), subscriptionId),
    planRow: (subscriptionId: number) => planRow(getApp(), subscriptionId),
    /** A new customer's first box of these week 1 lines, paid by card (see customerWithPlan). */
    firstBox: async (
      lines: { dish: KitDish; quantity: number; double?: boolean }[],
      options: { card?: string; credit?: number } = {},
    ) => {
      const box = lines.map((line) => ({ ...line, week: week1 }));
      const placed = await customerWithPlan(getApp(), box, options);
      return { ...placed, orderId: Number(placed.orderId) };
    },
    /** An order's lines as the database holds them, in the order they were written. */
    linesOf: (orderId: number) =>
      getApp()
        .database.db.select()
        .from(orderLineItems)
        .where(eq(orderLineItems.orderId, orderId))
        .orderBy(orderLineItems.id),
  };
}
