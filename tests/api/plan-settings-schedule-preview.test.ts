import { plannedDeliveryDate } from '../../domain/delivery-dates';
import { weekDayIndex } from '../../domain/weeks';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  deliveryFeeConfig,
  emailOutbox,
  scheduleWeekPicks,
  scheduleWeeks,
  schedules,
} from '../../server/db/schema';
import { addDays, billingDateFor } from '../../server/services/subscriptions/schedule-dates';
import {
  boxDeliveryDate,
  dayOffsetInWeek,
  firstOpenWeek,
  menuWithDishes,
  planDeliveryDate,
  type KitDish,
} from './support/kit-orders';
import { customerWithPlan } from './support/subscribers';
import { ApiClient, useTestApp } from './support/test-app';

// Product rule R10.32: a schedule change says what it does before it is saved.
const getApp = useTestApp();
const week1 = firstOpenWeek();
const weekStart = (n: number) => addDays(week1, 7 * (n - 1));
const FRIDAY_FEE = 1234;
let dishes: KitDish[];

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle' }, { title: 'Ravioli' }]);
  for (let n = 2; n <= 6; n += 1)
    await menuWithDishes(database, weekStart(n), [
      { title: `Wild Mushroom Tortellini ${n}` },
      { title: `Tomato & Basil Ravioli ${n}` },
      { title: `Pumpkin Cappellacci ${n}` },
    ]);
  // Friday deliveries cost more: the preview shows the new day's fee.
  await database.db
    .insert(deliveryFeeConfig)
    .values({ weekDay: 5, pricePence: FRIDAY_FEE, thresholdPence: null })
    .onConflictDoUpdate({
      target: deliveryFeeConfig.weekDay,
      set: { pricePence: FRIDAY_FEE, thresholdPence: null },
    });
});

/** A weekly plan (Wednesdays) whose week 1 box is ordered, with dishes chosen for week 2. */
async function subscriber() {
  const planned = await customerWithPlan(getApp(), [
    { dish: dishes[0]!, week: week1, quantity: 1 },
    { dish: dishes[1]!, week: week1, quantity: 1 },
  ]);
  const { db } = getApp().database;
  const weeks = await planWeeks(planned.subscriptionId);
  await db
    .insert(scheduleWeekPicks)
    .values({ scheduleWeekId: weeks[1]!.id, variantId: dishes[0]!.regularId, quantity: 2 });
  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, planned.customerId));
  const emails = () =>
    db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, customer!.email))
      .orderBy(asc(emailOutbox.id));
  return { ...planned, url: `/subscriptions/${planned.subscriptionId}`, emails };
}

async function planWeeks(subscriptionId: number) {
  const rows = await getApp()
    .database.db.select({ week: scheduleWeeks })
    .from(scheduleWeeks)
    .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
    .where(eq(schedules.subscriptionId, subscriptionId))
    .orderBy(asc(scheduleWeeks.startDate));
  return rows.map((row) => row.week);
}

async function everything(subscriptionId: number) {
  const { db } = getApp().database;
  const weeks = await planWeeks(subscriptionId);
  const [schedule] = await db
    .select()
    .from(schedules)
    .where(eq(schedules.subscriptionId, subscriptionId));
  const picks = await db
    .select()
    .from(scheduleWeekPicks)
    .innerJoin(scheduleWeeks, eq(scheduleWeeks.id, scheduleWeekPicks.scheduleWeekId))
    .where(and(eq(scheduleWeeks.scheduleId, schedule!.id)));
  return { weeks, schedule, picks };
}

describe('PUT /subscriptions/{id}/schedule with preview: true', () => {
  it('answers the first box, its cut-off, fee and the weeks that move, writing and sending nothing; the save then does the same', async () => {
    const { browser, url, subscriptionId, emails } = await subscriber();
    const before = await everything(subscriptionId);
    const emailsBefore = await emails();

    const answer = await browser.put(`${url}/schedule`, {
      delivery_day: 5,
      frequency: 2,
      preview: true,
    });

    expect(answer.statusCode).toBe(200);
    const { preview } = answer.json();
    // Every 2 weeks after week 1's box: week 3's Friday is the first of the new rhythm (or
    // Thursday 24 December, when Christmas closes that Friday: R10.35).
    const firstFriday = plannedDeliveryDate(weekStart(3), 5);
    const { database } = getApp();
    const [week2Day, week3Day] = [
      await planDeliveryDate(database, week1, weekStart(2)),
      await planDeliveryDate(database, week1, weekStart(3)),
    ];
    expect(preview.changed).toMatchObject({
      delivery_date: firstFriday,
      billing_date: billingDateFor(weekStart(3)).toISOString(),
      // The fee is the delivery day's: Friday's, unless Christmas moved the box to Thursday.
      delivery_pence: weekDayIndex(firstFriday) === 5 ? FRIDAY_FEE : expect.any(Number),
      picked: false,
    });
    expect(preview.current).toMatchObject({
      delivery_date: week2Day,
      picked: true,
    });
    expect(preview.current.delivery_pence).not.toBe(FRIDAY_FEE);
    // Week 2, whose dishes were chosen, is off the new rhythm: it is dropped.
    expect(preview.moves).toContainEqual({
      from: week2Day,
      to: null,
      picked: true,
      skipped: false,
    });
    // Week 3 moves to the new day, unless Christmas already put both on 24 December.
    const week3Move = { from: week3Day, to: firstFriday, picked: false, skipped: false };
    if (week3Day === firstFriday) expect(preview.moves).not.toContainEqual(week3Move);
    else expect(preview.moves).toContainEqual(week3Move);
    expect(await everything(subscriptionId)).toEqual(before);
    expect(await emails()).toEqual(emailsBefore);

    const saved = await browser.put(`${url}/schedule`, { delivery_day: 5, frequency: 2 });
    expect(saved.statusCode).toBe(200);
    const after = await planWeeks(subscriptionId);
    const open = after.filter((week) => week.startDate > week1);
    expect(open[0]).toMatchObject({
      deliveryDate: preview.changed.delivery_date,
      billingDate: new Date(preview.changed.billing_date),
    });
    const dates = after.map((week) => week.deliveryDate);
    for (const move of preview.moves as { from: string; to: string | null }[])
      if (move.to === null) expect(dates).not.toContain(move.from);
      else expect(dates).toContain(move.to);
    const priced = (await browser.post(`${url}/settings_preview`, {})).json().data;
    expect(priced.current.price_pence).toBe(preview.changed.price_pence);
    expect(await emails()).toHaveLength(emailsBefore.length + 1);
  });

  it('for the schedule it already has: the same box, nothing moves', async () => {
    const { browser, url } = await subscriber();
    const boxDay = await boxDeliveryDate(getApp().database, week1);
    const answer = await browser.put(`${url}/schedule`, {
      delivery_day: dayOffsetInWeek(boxDay) + 1,
      frequency: 1,
      preview: true,
    });
    expect(answer.statusCode).toBe(200);
    const { preview } = answer.json();
    expect(preview.changed).toEqual(preview.current);
    expect(preview.moves).toEqual([]);
  });

  it('has the real call’s guards: 401, 404, 409 and 400, writing nothing', async () => {
    const mine = await subscriber();
    const theirs = await subscriber();
    const body = { delivery_day: 5, frequency: 2, preview: true };
    expect((await new ApiClient(getApp().app).put(`${mine.url}/schedule`, body)).statusCode).toBe(
      401,
    );
    expect((await mine.browser.put(`${theirs.url}/schedule`, body)).statusCode).toBe(404);
    for (const bad of [
      { ...body, delivery_day: 7 },
      { ...body, frequency: 5 },
      { ...body, preview: 'yes' },
    ])
      expect((await mine.browser.put(`${mine.url}/schedule`, bad)).statusCode).toBe(400);

    await mine.browser.put(mine.url, { state: 'cancelled', cancellation_reason: 'moving' });
    const before = await everything(mine.subscriptionId);
    const refused = await mine.browser.put(`${mine.url}/schedule`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('subscription_cancelled');
    expect(await everything(mine.subscriptionId)).toEqual(before);
  });
});
