import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCHEDULE_WEEK_MESSAGES } from '../../domain/schedule-week';
import {
  addresses,
  deliveryUnavailableDates,
  emailOutbox,
  orderLineItems,
  orders,
  productUnavailableDates,
  scheduleWeekPicks,
  scheduleWeeks,
  subscriptions,
} from '../../server/db/schema';
import { runBilling, type BillingDeps } from '../../server/services/subscriptions/billing-job';
import { addDays } from '../../server/services/subscriptions/schedule-dates';
import { anotherAddress, firstOpenWeek, menuWithDishes, type KitDish } from './support/kit-orders';
import { signUp } from './support/payments';
import { billingDeps, subscriberWithPlan } from './support/subscribers';
import { ApiClient, useTestApp } from './support/test-app';
import { testNow } from './support/test-now';

/** The app's clock: moved past a cut-off by a test, back to the test's start before each. */
let clock = testNow();
const getApp = useTestApp({ overrides: { now: () => clock } });
const week1 = firstOpenWeek(clock);
const weekStart = (n: number) => addDays(week1, 7 * (n - 1));
let dishes: KitDish[];
let week2Dishes: KitDish[];
let deps: BillingDeps;

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle' }, { title: 'Ravioli' }]);
  week2Dishes = await menuWithDishes(database, weekStart(2), [
    { title: 'Tagliatelle al ragù' },
    { title: 'Tortelli di zucca' },
    { title: 'Gift card', productType: 'Gift' },
  ]);
  for (let n = 3; n <= 4; n += 1)
    await menuWithDishes(database, weekStart(n), [{ title: `Tagliolini ${n}` }]);
  deps = billingDeps(getApp(), () => clock);
});

beforeEach(() => {
  clock = testNow();
});

/** A new subscriber (two recipes a week): week 1 ordered and paid, the weeks after it planned. */
const subscriber = () =>
  subscriberWithPlan(getApp(), [
    { dish: dishes[0]!, week: week1, quantity: 1 },
    { dish: dishes[1]!, week: week1, quantity: 1 },
  ]);

const OFFICE = { address1: '1 Office Row', zip: 'EC2A 1AA' };

const weekRow = async (id: number) =>
  (await getApp().database.db.select().from(scheduleWeeks).where(eq(scheduleWeeks.id, id)))[0]!;
const picksOf = (id: number) =>
  getApp()
    .database.db.select()
    .from(scheduleWeekPicks)
    .where(eq(scheduleWeekPicks.scheduleWeekId, id));
const emailsTo = (to: string) =>
  getApp().database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
const after = (date: Date) => new Date(date.getTime() + 60_000);
const pick = (variantId: number, quantity = 1) => ({ variant_id: String(variantId), quantity });
/**
 * The days of a plan week its box can move to, as its page offers them: available (not Sunday,
 * not 25 or 26 December, not a courier or dish closure, R8.4 and R10.25) and not its own day.
 */
const otherOpenDays = async (browser: ApiClient, week: { id: number; deliveryDate: string }) =>
  (
    (await browser.get(`/schedule_weeks/${week.id}`)).json().data.attributes.delivery_days as {
      date: string;
      available: boolean;
    }[]
  )
    .filter((day) => day.available && day.date !== week.deliveryDate)
    .map((day) => day.date);

describe('GET /schedule_weeks/{id}', () => {
  it("shows the week's dates, address, the chef's picks, its menu and its days", async () => {
    const { browser, weeks, subscriptionId } = await subscriber();
    const week2 = weeks[1]!;
    const answer = await browser.get(`/schedule_weeks/${week2.id}`);
    expect(answer.statusCode).toBe(200);
    const { attributes } = answer.json().data;
    expect(attributes).toMatchObject({
      subscription_id: String(subscriptionId),
      subscription_state: 'active',
      number_of_recipes: 2,
      start_date: weekStart(2),
      delivery_date: week2.deliveryDate,
      state: 'active',
      order_id: null,
      changeable: true,
      chef_selected: true,
      address: { first_name: 'Ada', address1: '12 Exmouth Market', zip: 'EC1R 4QE' },
    });
    expect(attributes.box.map((line: { title: string }) => line.title)).toEqual([
      'Tagliatelle al ragù',
      'Tortelli di zucca',
    ]);
    expect(attributes.subtotal).toBe(13);
    const titles = attributes.menu.map((item: { title: string }) => item.title);
    expect(titles).toContain('Tortelli di zucca');
    expect(titles).not.toContain('Gift card');
    // Monday to Sunday of its week; Sunday never.
    expect(attributes.delivery_days).toHaveLength(7);
    expect(attributes.delivery_days[6]).toMatchObject({
      date: addDays(weekStart(2), 6),
      available: false,
      reason: 'No deliveries on Sundays',
    });
  });

  it("shows an ordered week's dishes, not changeable", async () => {
    const { browser, weeks } = await subscriber();
    const { attributes } = (await browser.get(`/schedule_weeks/${weeks[0]!.id}`)).json().data;
    expect(attributes).toMatchObject({
      changeable: false,
      chef_selected: false,
      delivery_days: [],
    });
    expect(attributes.order_id).not.toBeNull();
    expect(attributes.box.map((line: { title: string }) => line.title)).toEqual([
      'Pappardelle',
      'Ravioli',
    ]);
  });

  it("answers 404 for another customer's week, 401 signed out, 400 for a bad id", async () => {
    const { weeks } = await subscriber();
    const other = new ApiClient(getApp().app);
    await signUp(other);
    expect((await other.get(`/schedule_weeks/${weeks[1]!.id}`)).statusCode).toBe(404);
    expect((await other.get('/schedule_weeks/2147483647')).statusCode).toBe(404);
    expect((await other.get('/schedule_weeks/0x10')).statusCode).toBe(400);
    expect(
      (await new ApiClient(getApp().app).get(`/schedule_weeks/${weeks[1]!.id}`)).statusCode,
    ).toBe(401);
  });
});

describe('POST /schedule_weeks/{id}/chef_selections', () => {
  it("saves the customer's recipes, and an empty list gives the week back to the chef", async () => {
    const { browser, weeks } = await subscriber();
    const id = weeks[1]!.id;
    const chosen = await browser.post(`/schedule_weeks/${id}/chef_selections`, {
      selections: [pick(week2Dishes[1]!.regularId, 2)],
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.attributes).toMatchObject({
      chef_selected: false,
      box: [{ title: 'Tortelli di zucca', quantity: 2, price: 6.5 }],
      subtotal: 13,
    });
    expect(await picksOf(id)).toHaveLength(1);

    const chef = await browser.post(`/schedule_weeks/${id}/chef_selections`, { selections: [] });
    expect(chef.statusCode).toBe(200);
    expect(chef.json().data.attributes.chef_selected).toBe(true);
    expect(await picksOf(id)).toHaveLength(0);
  });

  it('refuses too many recipes, less than the per-order minimum, a dish off the menu or twice', async () => {
    const { browser, weeks } = await subscriber();
    const id = weeks[1]!.id;
    const refused = async (selections: unknown[], title: string) => {
      const answer = await browser.post(`/schedule_weeks/${id}/chef_selections`, { selections });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors[0]).toMatchObject({ code: 'invalid_selections', title });
    };
    await refused(
      [pick(week2Dishes[0]!.regularId, 2), pick(week2Dishes[1]!.regularId)],
      SCHEDULE_WEEK_MESSAGES.tooManyRecipes(2),
    );
    await refused([pick(week2Dishes[0]!.regularId)], SCHEDULE_WEEK_MESSAGES.belowMinimum);
    expect(SCHEDULE_WEEK_MESSAGES.belowMinimum).toContain('£10.00');
    await refused([pick(dishes[0]!.doubleId)], SCHEDULE_WEEK_MESSAGES.notOnMenu);
    await refused(
      [pick(week2Dishes[0]!.regularId), pick(week2Dishes[0]!.regularId)],
      SCHEDULE_WEEK_MESSAGES.sameRecipeTwice,
    );
    // The contract's own refusals.
    for (const body of [
      {},
      { selections: [{ variant_id: 'abc', quantity: 1 }] },
      { selections: [pick(week2Dishes[0]!.regularId, 0)] },
      { selections: [pick(week2Dishes[0]!.regularId, 13)] },
      { selections: [{ ...pick(week2Dishes[0]!.regularId), extra: true }] },
    ])
      expect((await browser.post(`/schedule_weeks/${id}/chef_selections`, body)).statusCode).toBe(
        400,
      );
    expect(await picksOf(id)).toHaveLength(0);
  });

  it('takes effect once when two tabs choose at once', async () => {
    const { browser, weeks } = await subscriber();
    const id = weeks[1]!.id;
    const body = { selections: [pick(week2Dishes[0]!.doubleId)] };
    const answers = await Promise.all([
      browser.post(`/schedule_weeks/${id}/chef_selections`, body),
      browser.post(`/schedule_weeks/${id}/chef_selections`, body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await picksOf(id)).toHaveLength(1);
  });
});

describe('PUT /schedule_weeks/{id}', () => {
  it('moves the delivery to another day of its week and emails once', async () => {
    const { browser, weeks, email } = await subscriber();
    const week2 = weeks[1]!;
    const [another] = await otherOpenDays(browser, week2);
    const moved = await browser.put(`/schedule_weeks/${week2.id}`, { delivery_date: another });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.attributes).toMatchObject({
      delivery_date: another,
      original_delivery_date: week2.deliveryDate,
    });
    // The same date again: answered as it is, no second email.
    expect(
      (await browser.put(`/schedule_weeks/${week2.id}`, { delivery_date: another })).statusCode,
    ).toBe(200);
    const sent = (await emailsTo(email)).filter((e) => e.subject.startsWith('Your box now comes'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`/schedule/${week2.id}/edit`);
  });

  it('refuses Sundays, other weeks, closed days and days a dish in the box is unavailable', async () => {
    const { browser, weeks } = await subscriber();
    const week3 = weeks[2]!;
    const monday = weekStart(3);
    // Two days the box could move to until they close: one for the courier, one for a dish.
    const [dishClosed, courierClosed] = await otherOpenDays(browser, week3);
    await getApp()
      .database.db.insert(deliveryUnavailableDates)
      .values({ date: courierClosed!, reason: 'Courier strike' })
      .onConflictDoNothing();
    const box = (await browser.get(`/schedule_weeks/${week3.id}`)).json().data.attributes.box;
    await getApp()
      .database.db.insert(productUnavailableDates)
      .values({ variantId: Number(box[0].variant_id), date: dishClosed! })
      .onConflictDoNothing();
    for (const date of [
      addDays(monday, 6),
      addDays(monday, 7),
      addDays(monday, -1),
      courierClosed!,
      dishClosed!,
    ]) {
      const answer = await browser.put(`/schedule_weeks/${week3.id}`, { delivery_date: date });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors[0]).toMatchObject({
        code: 'invalid_delivery_date',
        title: SCHEDULE_WEEK_MESSAGES.dateUnavailable,
        source: { pointer: '/delivery_date' },
      });
    }
    const days: { date: string }[] = (await browser.get(`/schedule_weeks/${week3.id}`)).json().data
      .attributes.delivery_days;
    expect(days.find((day) => day.date === dishClosed)).toMatchObject({
      available: false,
      reason: 'A dish in your box is unavailable on this day',
    });
    expect(days.find((day) => day.date === courierClosed)).toMatchObject({
      available: false,
      reason: 'No deliveries on this day',
    });
    for (const body of [{}, { delivery_date: '3 December' }, { delivery_date: monday, x: 1 }])
      expect((await browser.put(`/schedule_weeks/${week3.id}`, body)).statusCode).toBe(400);
    expect((await weekRow(week3.id)).deliveryDate).toBe(week3.deliveryDate);
  });

  it("sends the week to another of the customer's addresses, never to someone else's", async () => {
    const { browser, weeks, customerId } = await subscriber();
    const week2 = weeks[1]!;
    const office = await anotherAddress(getApp().database, customerId, OFFICE);
    const other = new ApiClient(getApp().app);
    const otherId = await signUp(other);
    const [theirs] = await getApp()
      .database.db.insert(addresses)
      .values({
        customerId: otherId,
        address1: '9 Elsewhere',
        city: 'Leeds',
        zip: 'LS1 1AA',
        firstName: 'B',
        lastName: 'C',
      })
      .returning();
    const refused = await browser.put(`/schedule_weeks/${week2.id}`, {
      shipping_address_id: String(theirs!.id),
    });
    expect(refused.statusCode).toBe(404);
    expect((await weekRow(week2.id)).shippingAddressId).toBeNull();
    const moved = await browser.put(`/schedule_weeks/${week2.id}`, {
      shipping_address_id: String(office!.id),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.attributes.address).toMatchObject({ address1: '1 Office Row' });
  });

  it('takes effect once when two tabs move the date at once', async () => {
    const { browser, weeks, email } = await subscriber();
    const week2 = weeks[1]!;
    const [another] = await otherOpenDays(browser, week2);
    const answers = await Promise.all([
      browser.put(`/schedule_weeks/${week2.id}`, { delivery_date: another }),
      browser.put(`/schedule_weeks/${week2.id}`, { delivery_date: another }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const sent = (await emailsTo(email)).filter((e) => e.subject.startsWith('Your box now comes'));
    expect(sent).toHaveLength(1);
  });
});

describe('refusals shared by the week changes', () => {
  it('is too late after the cut-off or once ordered, and nothing is written', async () => {
    const { browser, weeks } = await subscriber();
    const ordered = await browser.put(`/schedule_weeks/${weeks[0]!.id}`, {
      delivery_date: addDays(week1, 3),
    });
    expect(ordered.statusCode).toBe(409);
    expect(ordered.json().errors[0]).toMatchObject({
      code: 'too_late',
      title: SCHEDULE_WEEK_MESSAGES.tooLate,
    });
    const week2 = weeks[1]!;
    clock = after(week2.billingDate);
    const late = await browser.put(`/schedule_weeks/${week2.id}`, {
      delivery_date: addDays(weekStart(2), 3),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].code).toBe('too_late');
    const latePicks = await browser.post(`/schedule_weeks/${week2.id}/chef_selections`, {
      selections: [pick(week2Dishes[0]!.doubleId)],
    });
    expect(latePicks.statusCode).toBe(409);
    expect(
      (await browser.get(`/schedule_weeks/${week2.id}`)).json().data.attributes.changeable,
    ).toBe(false);
    expect((await weekRow(week2.id)).deliveryDate).toBe(week2.deliveryDate);
    expect(await picksOf(week2.id)).toHaveLength(0);
  });

  it("refuses a cancelled plan's week and another customer's", async () => {
    const { browser, weeks, subscriptionId } = await subscriber();
    const other = new ApiClient(getApp().app);
    await signUp(other);
    const body = { selections: [pick(week2Dishes[0]!.doubleId)] };
    expect(
      (await other.post(`/schedule_weeks/${weeks[1]!.id}/chef_selections`, body)).statusCode,
    ).toBe(404);
    expect(
      (await other.put(`/schedule_weeks/${weeks[1]!.id}`, { delivery_date: weekStart(2) }))
        .statusCode,
    ).toBe(404);
    await getApp()
      .database.db.update(subscriptions)
      .set({ state: 'cancelled' })
      .where(eq(subscriptions.id, subscriptionId));
    const answer = await browser.post(`/schedule_weeks/${weeks[1]!.id}/chef_selections`, body);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors[0].code).toBe('subscription_cancelled');
    expect(await picksOf(weeks[1]!.id)).toHaveLength(0);
  });
});

describe('the billing job bills the week as changed', () => {
  it('uses the new date, the new address and the chosen recipes', async () => {
    const { browser, weeks, customerId, subscriptionId } = await subscriber();
    const week2 = weeks[1]!;
    const office = await anotherAddress(getApp().database, customerId, OFFICE);
    const newDate = (await otherOpenDays(browser, week2)).at(-1);
    expect(
      (
        await browser.put(`/schedule_weeks/${week2.id}`, {
          delivery_date: newDate,
          shipping_address_id: String(office!.id),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await browser.post(`/schedule_weeks/${week2.id}/chef_selections`, {
          selections: [pick(week2Dishes[1]!.doubleId)],
        })
      ).statusCode,
    ).toBe(200);

    clock = after(week2.billingDate);
    await runBilling(deps, clock, { customerId });
    const [order] = await getApp()
      .database.db.select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.scheduleWeekId, week2.id)));
    expect(order).toMatchObject({ deliveryDate: newDate, chefSelected: false });
    expect(order!.address).toMatchObject({ address1: '1 Office Row', zip: 'EC2A 1AA' });
    const lines = await getApp()
      .database.db.select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, order!.id));
    expect(lines.map((line) => [line.title, line.variantTitle, line.quantity])).toEqual([
      ['Tortelli di zucca', 'Double Portion, Serves 2', 1],
    ]);
  });
});
