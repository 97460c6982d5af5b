import { plannedDeliveryDate } from '../../domain/delivery-dates';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_SETTINGS_MESSAGES } from '../../domain/plan-settings';
import {
  addresses,
  orderLineItems,
  orders,
  scheduleWeekPicks,
  scheduleWeeks,
  schedules,
  subscriptions,
} from '../../server/db/schema';
import { runBilling, type BillingDeps } from '../../server/services/subscriptions/billing-job';
import { addDays, billingDateFor } from '../../server/services/subscriptions/schedule-dates';
import { firstOpenWeek, menuWithDishes, type KitDish } from './support/kit-orders';
import { billingDeps, customerWithPlan } from './support/subscribers';
import { ApiClient, useTestApp } from './support/test-app';

let clock = new Date();
const getApp = useTestApp({ overrides: { now: () => clock } });
const week1 = firstOpenWeek();
const weekStart = (n: number) => addDays(week1, 7 * (n - 1));
let dishes: KitDish[];
let deps: BillingDeps;

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle' }, { title: 'Ravioli' }]);
  for (let n = 2; n <= 10; n += 1)
    await menuWithDishes(database, weekStart(n), [
      { title: `Beef Ragù Tagliatelle ${n}`, tags: ['meat-fish'] },
      { title: `Wild Mushroom Tortellini ${n}` },
      { title: `Tomato & Basil Ravioli ${n}` },
      { title: `Pumpkin Cappellacci ${n}` },
      { title: `Lemon Linguine ${n}` },
    ]);
  deps = billingDeps(getApp(), () => clock);
});

beforeEach(() => {
  clock = new Date();
});

async function subscriber() {
  const planned = await customerWithPlan(getApp(), [
    { dish: dishes[0]!, week: week1, quantity: 1 },
    { dish: dishes[1]!, week: week1, quantity: 1 },
  ]);
  const [second] = await getApp()
    .database.db.insert(addresses)
    .values({
      customerId: planned.customerId,
      address1: '3 Greenwich Church Street',
      city: 'London',
      zip: 'SE10 9BJ',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    .returning();
  return {
    ...planned,
    secondAddressId: second!.id,
    url: `/subscriptions/${planned.subscriptionId}`,
  };
}

const planRow = async (id: number) =>
  (await getApp().database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

async function planWeeks(subscriptionId: number) {
  return getApp()
    .database.db.select({ week: scheduleWeeks })
    .from(scheduleWeeks)
    .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
    .where(eq(schedules.subscriptionId, subscriptionId))
    .orderBy(asc(scheduleWeeks.startDate))
    .then((rows) => rows.map((row) => row.week));
}

const scheduleOf = async (subscriptionId: number) =>
  (
    await getApp()
      .database.db.select()
      .from(schedules)
      .where(eq(schedules.subscriptionId, subscriptionId))
  )[0]!;

describe('PUT /subscriptions/{id}: the settings', () => {
  it('changes the note, dietary flags and addresses, and shows them back', async () => {
    const { browser, url, secondAddressId } = await subscriber();
    const saved = await browser.put(url, {
      delivery_note: '  Leave it with the porter  ',
      dietary: { nuts: true, double_portion: false },
      shipping_address_id: String(secondAddressId),
      billing_address_id: String(secondAddressId),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.attributes).toMatchObject({
      delivery_note: 'Leave it with the porter',
      dietary: { nuts: true },
      shipping_address_id: String(secondAddressId),
      billing_address_id: String(secondAddressId),
    });
    // Billing back to the default address (null), flag off again.
    const back = await browser.put(url, { billing_address_id: null, dietary: { nuts: false } });
    expect(back.json().data.attributes).toMatchObject({ billing_address_id: null, dietary: {} });
  });

  it('shows a new price before saving: the change is refused until the new price was seen', async () => {
    const { browser, url, subscriptionId } = await subscriber();
    const preview = await browser.post(`${url}/settings_preview`, { number_of_recipes: 3 });
    expect(preview.statusCode).toBe(200);
    const { current, changed } = preview.json().data;
    expect(current.delivery_date).toBe(
      plannedDeliveryDate(weekStart(2), (await scheduleOf(subscriptionId)).deliveryDay),
    );
    expect(changed.price_pence - current.price_pence).toBe(650);

    const unseen = await browser.put(url, { number_of_recipes: 3 });
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json().errors[0]).toMatchObject({
      code: 'price_changed',
      title: PLAN_SETTINGS_MESSAGES.priceChanged,
    });
    expect((await planRow(subscriptionId)).numberOfRecipes).toBe(2);

    const stale = await browser.put(url, { number_of_recipes: 3, box_price_pence: 1 });
    expect(stale.statusCode).toBe(409);
    const seen = await browser.put(url, {
      number_of_recipes: 3,
      box_price_pence: changed.price_pence,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.attributes.number_of_recipes).toBe(3);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const { browser, url, subscriptionId } = await subscriber();
    const before = await planRow(subscriptionId);
    const bad: [unknown, number][] = [
      [{}, 400],
      [{ number_of_recipes: 1 }, 400],
      [{ number_of_recipes: 13 }, 400],
      [{ number_of_recipes: 'three' }, 400],
      [{ dietary: { chocolate: true } }, 400],
      [{ dietary: { nuts: 'yes' } }, 400],
      [{ delivery_note: 'x'.repeat(501) }, 400],
      [{ shipping_address_id: 'abc' }, 400],
      [{ shipping_address_id: '999999' }, 404],
      [{ state: 'active' }, 400],
      [{ cancellation_reason: 'moving' }, 400],
      [{ colour: 'blue' }, 400],
    ];
    for (const [body, status] of bad) {
      const answer = await browser.put(url, body);
      expect([body, answer.statusCode]).toEqual([body, status]);
    }
    expect(await planRow(subscriptionId)).toEqual(before);
  });

  it("is 404 for another customer's plan or address, and 409 for a cancelled plan", async () => {
    const mine = await subscriber();
    const theirs = await subscriber();
    expect((await mine.browser.put(theirs.url, { delivery_note: 'Hi' })).statusCode).toBe(404);
    expect((await mine.browser.post(`${theirs.url}/settings_preview`, {})).statusCode).toBe(404);
    expect(
      (await mine.browser.put(mine.url, { billing_address_id: String(theirs.secondAddressId) }))
        .statusCode,
    ).toBe(404);
    expect((await mine.browser.get(`${theirs.url}/ingredient_preferences`)).statusCode).toBe(404);
    expect(
      (await mine.browser.put(`${theirs.url}/schedule`, { delivery_day: 2, frequency: 1 }))
        .statusCode,
    ).toBe(404);

    await mine.browser.put(mine.url, { state: 'cancelled', cancellation_reason: 'moving' });
    const answer = await mine.browser.put(mine.url, { delivery_note: 'Hi' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors[0].code).toBe('subscription_cancelled');
    expect(
      (await mine.browser.put(`${mine.url}/schedule`, { delivery_day: 2, frequency: 1 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await mine.browser.post(`${mine.url}/ingredient_preferences`, { ingredient_ids: [] }))
        .statusCode,
    ).toBe(409);
  });

  it('is 401 signed out', async () => {
    const { url } = await subscriber();
    const stranger = new ApiClient(getApp().app);
    expect((await stranger.put(url, { delivery_note: 'Hi' })).statusCode).toBe(401);
    expect((await stranger.get(`${url}/ingredient_preferences`)).statusCode).toBe(401);
  });

  it('two tabs saving at once both apply, one after the other', async () => {
    const { browser, url, subscriptionId, secondAddressId } = await subscriber();
    const answers = await Promise.all([
      browser.put(url, { delivery_note: 'Side door' }),
      browser.put(url, { shipping_address_id: String(secondAddressId) }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const row = await planRow(subscriptionId);
    expect(row.deliveryNote).toBe('Side door');
    expect(row.shippingAddressId).toBe(secondAddressId);
  });
});

describe('PUT /subscriptions/{id}/schedule', () => {
  it('re-plans the open weeks on the new day and rhythm, keeping skips and the ordered week', async () => {
    const { browser, url, subscriptionId } = await subscriber();
    const weeks = await planWeeks(subscriptionId);
    const ordered = weeks[0]!;
    // Week 3 skipped: it stays on the new fortnightly rhythm (weeks 3, 5, 7, ...).
    await browser.post(`/schedule_weeks/${weeks[2]!.id}/skip`);
    // Week 4 skipped: off the new rhythm, so it goes.
    await browser.post(`/schedule_weeks/${weeks[3]!.id}/skip`);

    const answer = await browser.put(`${url}/schedule`, { delivery_day: 6, frequency: 2 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.attributes.schedule).toMatchObject({
      delivery_day: 6,
      frequency: 2,
      first_delivery: plannedDeliveryDate(weekStart(3), 6),
    });
    const after = await planWeeks(subscriptionId);
    expect(after[0]).toEqual(ordered);
    const open = after.slice(1);
    expect(open.map((w) => w.startDate)).toEqual(
      [3, 5, 7, 9].map(weekStart).filter((start) => start <= addDays(open.at(-1)!.startDate, 0)),
    );
    expect(open.every((w) => w.deliveryDate === plannedDeliveryDate(w.startDate, 6))).toBe(true);
    expect(open[0]).toMatchObject({ id: weeks[2]!.id, state: 'skipped' });
    expect(after.some((w) => w.id === weeks[3]!.id)).toBe(false);

    // The billing job keeps the new rhythm going.
    await runBilling(deps, new Date(), { customerId: -1 });
    const extended = (await planWeeks(subscriptionId)).slice(1);
    expect(extended.every((w) => w.deliveryDate === plannedDeliveryDate(w.startDate, 6))).toBe(
      true,
    );
  });

  it('keeps a week past its cut-off as it is, and its picks on a week that stays', async () => {
    const { browser, url, subscriptionId } = await subscriber();
    const weeks = await planWeeks(subscriptionId);
    await getApp()
      .database.db.insert(scheduleWeekPicks)
      .values({ scheduleWeekId: weeks[1]!.id, variantId: dishes[0]!.regularId, quantity: 2 });
    // Week 1's cut-off has passed (its order is written): the schedule changes after it.
    clock = new Date(billingDateFor(week1).getTime() + 60_000);
    const answer = await browser.put(`${url}/schedule`, { delivery_day: 2, frequency: 1 });
    expect(answer.statusCode).toBe(200);
    const after = await planWeeks(subscriptionId);
    expect(after[0]).toEqual(weeks[0]);
    expect(after[1]).toMatchObject({
      id: weeks[1]!.id,
      deliveryDate: plannedDeliveryDate(weekStart(2), 2),
    });
    const picks = await getApp()
      .database.db.select()
      .from(scheduleWeekPicks)
      .where(eq(scheduleWeekPicks.scheduleWeekId, weeks[1]!.id));
    expect(picks).toHaveLength(1);
  });

  it('refuses Sunday, a frequency off 1 to 4, and bad input, writing nothing', async () => {
    const { browser, url, subscriptionId } = await subscriber();
    const before = await planWeeks(subscriptionId);
    for (const body of [
      { delivery_day: 7, frequency: 1 },
      { delivery_day: 0, frequency: 1 },
      { delivery_day: 2, frequency: 5 },
      { delivery_day: 2, frequency: 0 },
      { delivery_day: 2 },
      { delivery_day: '2', frequency: 1 },
    ])
      expect((await browser.put(`${url}/schedule`, body)).statusCode).toBe(400);
    expect(await planWeeks(subscriptionId)).toEqual(before);
  });

  it('two changes at once end consistent: one schedule, its weeks on it, no duplicates', async () => {
    const { browser, url, subscriptionId } = await subscriber();
    const answers = await Promise.all([
      browser.put(`${url}/schedule`, { delivery_day: 4, frequency: 2 }),
      browser.put(`${url}/schedule`, { delivery_day: 5, frequency: 1 }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const schedule = await scheduleOf(subscriptionId);
    const open = (await planWeeks(subscriptionId)).slice(1);
    const starts = open.map((w) => w.startDate);
    expect(new Set(starts).size).toBe(starts.length);
    expect(
      open.every((w) => w.deliveryDate === plannedDeliveryDate(w.startDate, schedule.deliveryDay)),
    ).toBe(true);
  });
});

describe('GET /ingredients and the ingredient preferences', () => {
  it('lists the ingredients the catalogue recipes use', async () => {
    const answer = await new ApiClient(getApp().app).get('/ingredients');
    expect(answer.statusCode).toBe(200);
    const ids = answer.json().data.map((i: { id: string }) => i.id);
    expect(ids).toEqual(expect.arrayContaining(['mushrooms', 'tomato', 'ricotta', 'garlic']));
    expect(answer.json().data[0]).toMatchObject({
      type: 'ingredients',
      attributes: { name: expect.any(String), recipes: expect.any(Number) },
    });
  });

  it('saves and lists the avoided ingredients, refusing unknown ones', async () => {
    const { browser, url, subscriptionId } = await subscriber();
    expect((await browser.get(`${url}/ingredient_preferences`)).json().data).toEqual([]);
    // Avoiding truffle does not change week 2's chef's picks: no price to confirm.
    const saved = await browser.post(`${url}/ingredient_preferences`, {
      ingredient_ids: ['truffle', 'garlic', 'truffle'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.map((i: { id: string }) => i.id)).toEqual(['garlic', 'truffle']);
    for (const body of [
      { ingredient_ids: ['plutonium'] },
      { ingredient_ids: 'garlic' },
      {},
      { ingredient_ids: Array.from({ length: 11 }, () => 'garlic') },
    ])
      expect((await browser.post(`${url}/ingredient_preferences`, body)).statusCode).toBe(400);
    expect((await planRow(subscriptionId)).avoidedIngredients).toEqual(['garlic', 'truffle']);
  });
});

describe("the billing job's chef's picks follow the settings", () => {
  it('bills the new number of recipes, honouring the dietary flags and avoided ingredients, to the new address', async () => {
    const { browser, url, subscriptionId, secondAddressId } = await subscriber();
    const change = {
      number_of_recipes: 3,
      dietary: { vegetarian: true },
      ingredient_ids: ['mushrooms'],
    };
    const preview = (await browser.post(`${url}/settings_preview`, change)).json().data;
    // Vegetarian, no mushrooms, 3 recipes: tomato, pumpkin, lemon: still 3 x 6.50.
    const withPrefs = await browser.post(`${url}/ingredient_preferences`, {
      ingredient_ids: ['mushrooms'],
      box_price_pence: preview.changed.price_pence,
    });
    expect(withPrefs.statusCode).toBe(200);
    const saved = await browser.put(url, {
      number_of_recipes: 3,
      dietary: { vegetarian: true },
      billing_address_id: String(secondAddressId),
      box_price_pence: preview.changed.price_pence,
    });
    expect(saved.statusCode).toBe(200);

    clock = new Date(billingDateFor(weekStart(2)).getTime() + 60_000);
    const [customer] = await getApp()
      .database.db.select({ customerId: subscriptions.customerId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    await runBilling(deps, clock, { customerId: customer!.customerId });
    const [order] = await getApp()
      .database.db.select()
      .from(orders)
      .where(eq(orders.subscriptionId, subscriptionId))
      .orderBy(asc(orders.deliveryDate))
      .then((rows) => rows.filter((o) => o.deliveryDate! >= weekStart(2)));
    expect(order).toBeDefined();
    const lines = await getApp()
      .database.db.select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, order!.id));
    expect(lines.map((l) => l.title)).toEqual([
      'Tomato & Basil Ravioli 2',
      'Pumpkin Cappellacci 2',
      'Lemon Linguine 2',
    ]);
    expect(order!.totalPence).toBe(preview.changed.price_pence);
    expect(order!.billingAddress).toMatchObject({ address1: '3 Greenwich Church Street' });
    expect(order!.address).toMatchObject({ address1: '12 Exmouth Market' });
  });
});
