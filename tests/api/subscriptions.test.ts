import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, subscriptions } from '../../server/db/schema';
import {
  boxDeliveryDate,
  dayOffsetInWeek,
  firstOpenWeek,
  menuWithDishes,
  type KitDish,
} from './support/kit-orders';
import { signUp } from './support/payments';
import { customerWithPlan } from './support/subscribers';
import { ApiClient, useTestApp } from './support/test-app';

const getApp = useTestApp();
const week1 = firstOpenWeek();
let dishes: KitDish[];
let browser: ApiClient;
let customerId: number;
let subscriptionId: number;
let kitOrderId: string;
let firstDay: string;

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [
    { title: 'Pappardelle' },
    { title: 'Tortelloni' },
  ]);
  const planned = await customerWithPlan(
    getApp(),
    [
      { dish: dishes[0]!, week: week1, quantity: 1 },
      { dish: dishes[1]!, week: week1, quantity: 1 },
    ],
    { credit: 500 },
  );
  ({ browser, customerId, subscriptionId, orderId: kitOrderId } = planned);
  firstDay = await boxDeliveryDate(database, week1);
  // Older plans of the same customer, to check the list order (product rule R10.1).
  await database.db.insert(subscriptions).values([
    { customerId, name: 'B plan', state: 'cancelled', numberOfRecipes: 2 },
    { customerId, name: 'A plan', state: 'failed', numberOfRecipes: 2 },
    { customerId, name: 'C plan', state: 'created', numberOfRecipes: 2 },
  ]);
  // A past takeaway order and a past dropped one.
  await database.db.insert(orders).values([
    {
      customerId,
      type: 'takeaway',
      state: 'delivered',
      deliveryDate: '2024-03-01',
      subtotalPence: 1500,
      totalPence: 1500,
    },
    {
      customerId,
      type: 'takeaway',
      state: 'dropped',
      deliveryDate: '2024-03-02',
      subtotalPence: 1500,
      totalPence: 1500,
    },
  ]);
});

describe('GET /subscriptions', () => {
  it('lists active, failed, paused, cancelled, created, with the schedule', async () => {
    const response = await browser.get('/subscriptions');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.map((s: { attributes: { state: string } }) => s.attributes.state)).toEqual([
      'active',
      'failed',
      'cancelled',
      'created',
    ]);
    expect(data[0]).toMatchObject({
      id: String(subscriptionId),
      attributes: {
        number_of_recipes: 2,
        schedule: { delivery_day: dayOffsetInWeek(firstDay) + 1, frequency: 1 },
      },
    });
  });

  it('answers 401 without a session, and nothing of another customer', async () => {
    expect((await new ApiClient(getApp().app).get('/subscriptions')).statusCode).toBe(401);
    const other = new ApiClient(getApp().app);
    await signUp(other);
    expect((await other.get('/subscriptions')).json().data).toEqual([]);
    expect((await other.get('/schedule_weeks')).json().data).toEqual([]);
  });
});

describe('GET /schedule_weeks', () => {
  it('lists the future weeks, the first with its order', async () => {
    const data = (await browser.get('/schedule_weeks')).json().data;
    expect(data[0].attributes).toMatchObject({
      subscription_id: String(subscriptionId),
      start_date: week1,
      delivery_date: firstDay,
      state: 'active',
      order_id: kitOrderId,
    });
    expect(data.length).toBeGreaterThan(3);
    const filtered = await browser.get(
      `/schedule_weeks?filter[subscription_id]=${subscriptionId + 1000}`,
    );
    expect(filtered.json().data).toEqual([]);
  });
});

describe('GET /orders', () => {
  it('lists upcoming orders with their lines', async () => {
    const response = await browser.get('/orders?filter[delivery_date]=upcoming');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((o: { id: string }) => o.id)).toEqual([kitOrderId]);
    expect(body.included).toHaveLength(2);
    expect(body.meta).toMatchObject({ total: 1, page: 1, per_page: 3000 });
  });

  it('leaves dropped orders out of the history, 4 a page', async () => {
    const body = (await browser.get('/orders?filter[delivery_date]=past')).json();
    expect(body.data.map((o: { attributes: { state: string } }) => o.attributes.state)).toEqual([
      'delivered',
    ]);
    expect(body.meta.per_page).toBe(4);
  });

  it('filters by type, subscription and excluded states', async () => {
    expect((await browser.get('/orders?filter[type]=takeaway')).json().data).toHaveLength(2);
    expect(
      (await browser.get(`/orders?filter[subscription_id]=${subscriptionId}`)).json().data,
    ).toHaveLength(1);
    expect(
      (await browser.get('/orders?filter[exclude_states]=paid,dropped')).json().data,
    ).toHaveLength(1);
    expect((await browser.get('/orders?filter[delivery_date]=soon')).statusCode).toBe(400);
    expect((await new ApiClient(getApp().app).get('/orders')).statusCode).toBe(401);
  });
});

describe('GET /store_credit_transactions', () => {
  it('lists credit spent with the balance', async () => {
    const body = (await browser.get('/store_credit_transactions')).json();
    expect(body.data).toEqual([
      expect.objectContaining({
        attributes: expect.objectContaining({ amount: -5, order_id: kitOrderId }),
      }),
    ]);
    expect(body.meta.balance).toBe(0);
    const [row] = await getApp()
      .database.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(row!.state).toBe('active');
  });
});
