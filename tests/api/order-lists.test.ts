import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { DEMO_CREDIT, seedDemoHistory } from '../../server/db/seed-data/demo-history';
import { addresses, customers, orders } from '../../server/db/schema';
import { WEEKS_AHEAD } from '../../server/services/subscriptions/schedule-dates';
import { signupBody } from './support/customers';
import { takeawayOrder } from './support/takeaway-orders';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

const list = async (browser: ApiClient, when: 'upcoming' | 'past') => {
  const response = await browser.get(`/orders?filter[delivery_date]=${when}&per_page=50`);
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Resource[]; included: Resource[]; meta: { total: number } };
};

describe('GET /orders: upcoming and past (product rules R9.5, R9.6)', () => {
  it('moves a takeaway from upcoming to past once it is delivered, keeping its extras', async () => {
    const browser = client();
    await browser.post('/customers', signupBody());
    const orderId = await takeawayOrder(browser);
    expect((await list(browser, 'upcoming')).data.map((o) => o.id)).toEqual([String(orderId)]);

    await testApp()
      .database.db.update(orders)
      .set({ state: 'delivered', deliveredAt: new Date() })
      .where(eq(orders.id, orderId));

    expect((await list(browser, 'upcoming')).data).toEqual([]);
    const past = await list(browser, 'past');
    expect(past.data.map((o) => o.id)).toEqual([String(orderId)]);
    const dish = past.included.find((line) => line.attributes.title === 'Cacio e Pepe');
    const extras = dish?.attributes.sub_item_ids as string[];
    expect(extras).toHaveLength(1);
    expect(past.included.find((line) => line.id === extras[0])?.attributes.title).toBe(
      'Extra Parmigiano',
    );
  });

  it('counts a collected takeaway as past too', async () => {
    const browser = client();
    await browser.post('/customers', signupBody());
    const orderId = await takeawayOrder(browser);
    await testApp()
      .database.db.update(orders)
      .set({ state: 'collected' })
      .where(eq(orders.id, orderId));
    expect((await list(browser, 'upcoming')).data).toEqual([]);
    expect((await list(browser, 'past')).meta.total).toBe(1);
  });
});

describe('the demo customer’s history (seed)', () => {
  it('has past takeaways, a box on a plan with weeks ahead, and store credit with its history', async () => {
    const { db } = testApp().database;
    const [demo] = await db
      .select()
      .from(customers)
      .where(eq(customers.email, DEMO_CUSTOMER.email));
    const [home] = await db.select().from(addresses).where(eq(addresses.customerId, demo!.id));
    const now = new Date();
    await db.transaction((tx) => seedDemoHistory(tx, demo!, home!, now));

    const browser = client();
    const signIn = await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    expect(signIn.statusCode).toBe(201);

    const past = await list(browser, 'past');
    const takeaways = past.data.filter((o) => o.attributes.order_type === 'takeaway');
    expect(takeaways.map((o) => o.attributes.state)).toEqual([
      'delivered',
      'delivered',
      'collected',
    ]);
    expect(takeaways.map((o) => o.attributes.rating)).toEqual([5, null, 4]);
    expect(past.included.some((line) => line.attributes.parent_line_item !== null)).toBe(true);
    expect(past.data.some((o) => o.attributes.order_type === 'recipe_kit')).toBe(true);

    const upcoming = await list(browser, 'upcoming');
    expect(upcoming.data.every((o) => o.attributes.order_type === 'recipe_kit')).toBe(true);

    const plans = (await browser.get('/subscriptions')).json().data as Resource[];
    expect(plans.map((p) => p.attributes.state)).toEqual(['active']);
    const weeks = (await browser.get('/schedule_weeks')).json().data as Resource[];
    expect(weeks.length).toBeGreaterThanOrEqual(WEEKS_AHEAD);

    const credit = (await browser.get('/store_credit_transactions')).json().data as Resource[];
    expect(credit.map((t) => t.attributes.amount).sort()).toEqual(
      [DEMO_CREDIT.grantedPence / 100, -DEMO_CREDIT.spentPence / 100].sort(),
    );
    const me = await db.select().from(customers).where(eq(customers.id, demo!.id));
    expect(me[0]?.storeCreditPence).toBe(500);
  });
});
