import { plannedDeliveryDate } from '../../domain/delivery-dates';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayAndDate } from '../../domain/pasta-plan';
import { weekdayName } from '../../domain/recurring-charge';
import {
  addresses,
  customers,
  emailOutbox,
  scheduleWeeks,
  schedules,
} from '../../server/db/schema';
import { addDays } from '../../server/services/subscriptions/schedule-dates';
import {
  boxDeliveryDate,
  dayOffsetInWeek,
  firstOpenWeek,
  menuWithDishes,
  type KitDish,
} from './support/kit-orders';
import { addCard } from './support/payments';
import { customerWithPlan } from './support/subscribers';
import { useTestApp } from './support/test-app';

// DEV_TOOLS: the development mailbox (`GET dev/emails`) must show the confirmations too.
const getApp = useTestApp({ env: { DEV_TOOLS: 'true' } });
const week1 = firstOpenWeek();
const weekStart = (n: number) => addDays(week1, 7 * (n - 1));
const SUBJECT = 'Your pasta plan settings are changed';
let dishes: KitDish[];

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle' }, { title: 'Ravioli' }]);
  for (let n = 2; n <= 4; n += 1)
    await menuWithDishes(database, weekStart(n), [
      { title: `Wild Mushroom Tortellini ${n}` },
      { title: `Tomato & Basil Ravioli ${n}` },
      { title: `Pumpkin Cappellacci ${n}` },
    ]);
});

/** A weekly plan (Wednesdays) whose first box, week 1's, is ordered; its emails so far. */
async function subscriber() {
  const planned = await customerWithPlan(getApp(), [
    { dish: dishes[0]!, week: week1, quantity: 1 },
    { dish: dishes[1]!, week: week1, quantity: 1 },
  ]);
  const { db } = getApp().database;
  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, planned.customerId));
  const url = `/subscriptions/${planned.subscriptionId}`;
  const confirmations = async () =>
    (
      await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, customer!.email), eq(emailOutbox.subject, SUBJECT)))
        .orderBy(asc(emailOutbox.id))
    ).map((email) => email.text);
  /** A settings change as the page saves it: with the next box's new price when it changes. */
  const save = async (change: Record<string, unknown>) => {
    const priced = Object.fromEntries(
      Object.entries(change).filter(([key]) => ['number_of_recipes', 'dietary'].includes(key)),
    );
    const preview = (await planned.browser.post(`${url}/settings_preview`, priced)).json().data;
    return planned.browser.put(url, {
      ...change,
      ...(preview.changed ? { box_price_pence: preview.changed.price_pence } : {}),
    });
  };
  return { ...planned, url, confirmations, save, email: customer!.email };
}

/** The delivery date of the plan's week starting on this Monday. */
async function deliveryOf(subscriptionId: number, startDate: string) {
  const [week] = await getApp()
    .database.db.select({ deliveryDate: scheduleWeeks.deliveryDate })
    .from(scheduleWeeks)
    .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
    .where(
      and(eq(schedules.subscriptionId, subscriptionId), eq(scheduleWeeks.startDate, startDate)),
    );
  return week!.deliveryDate;
}

describe('plan settings confirmations (product rule R10.31)', () => {
  it('emails the number of recipes once, from the first box not yet ordered; the same again sends none', async () => {
    const { save, confirmations, subscriptionId, email } = await subscriber();
    expect((await save({ number_of_recipes: 3 })).statusCode).toBe(200);
    expect((await save({ number_of_recipes: 3 })).statusCode).toBe(200);

    const sent = await confirmations();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('- Recipes a week: 3 (was 2)');
    // Week 1's box is ordered and stays as it is: the change starts with week 2's.
    const from = dayAndDate(await deliveryOf(subscriptionId, weekStart(2)));
    expect(sent[0]).toContain(`This applies from your box for ${from}`);
    expect(sent[0]).toContain('/account/pasta-plan/settings');
    const mailbox = await getApp().app.inject({
      method: 'GET',
      url: `/api/v2/dev/emails?to=${encodeURIComponent(email)}`,
    });
    expect(
      mailbox
        .json()
        .data.filter((e: { attributes: { subject: string } }) => e.attributes.subject === SUBJECT),
    ).toHaveLength(1);
  });

  it('names each setting one save changed in one email: dietary flags, note and address', async () => {
    const { save, confirmations, customerId } = await subscriber();
    const [home] = await getApp()
      .database.db.insert(addresses)
      .values({
        customerId,
        address1: '3 Greenwich Church Street',
        city: 'London',
        zip: 'SE10 9BJ',
        firstName: 'Ada',
        lastName: 'Lovelace',
      })
      .returning();
    const answer = await save({
      dietary: { vegetarian: true, gluten_free: true },
      delivery_note: 'Leave it with the porter',
      shipping_address_id: String(home!.id),
    });
    expect(answer.statusCode).toBe(200);

    const sent = await confirmations();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('- Dietary preferences: Vegetarian, Gluten free (was none)');
    expect(sent[0]).toContain('- Delivery note: Leave it with the porter (was none)');
    expect(sent[0]).toContain('- Delivery address: 3 Greenwich Church Street, London SE10 9BJ');

    // Saved again as they are (the page's section save): nothing changed, nothing sent.
    await save({ dietary: { vegetarian: true, gluten_free: true, vegan: false } });
    await save({ delivery_note: '  Leave it with the porter ' });
    expect(await confirmations()).toHaveLength(1);
  });

  it('two tabs saving the same change at once send one email', async () => {
    const { save, confirmations } = await subscriber();
    const answers = await Promise.all([
      save({ delivery_note: 'Side gate' }),
      save({ delivery_note: 'Side gate' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await confirmations()).toHaveLength(1);
  });

  it('emails a new delivery day and frequency from the first box of the new rhythm; the same schedule sends none', async () => {
    const { browser, url, confirmations, subscriptionId } = await subscriber();
    expect(
      (await browser.put(`${url}/schedule`, { delivery_day: 5, frequency: 2 })).statusCode,
    ).toBe(200);
    expect(
      (await browser.put(`${url}/schedule`, { delivery_day: 5, frequency: 2 })).statusCode,
    ).toBe(200);

    const sent = await confirmations();
    expect(sent).toHaveLength(1);
    // The plan's day is its first box's: Wednesday, or the open day nearest it (boxDeliveryDate).
    const was = weekdayName(dayOffsetInWeek(await boxDeliveryDate(getApp().database, week1)) + 1);
    expect(sent[0]).toContain(`- Delivery day: Friday (was ${was})`);
    expect(sent[0]).toContain('- How often: Every 2 weeks (was Every week)');
    // A box every 2 weeks after week 1's: week 3's Friday is the first of the new rhythm.
    expect(await deliveryOf(subscriptionId, weekStart(3))).toBe(
      plannedDeliveryDate(weekStart(3), 5),
    );
    expect(sent[0]).toContain(
      `This applies from your box for ${dayAndDate(plannedDeliveryDate(weekStart(3), 5))}`,
    );
  });

  it('emails a new payment method once; the same method again sends none', async () => {
    const { browser, confirmations, subscriptionId } = await subscriber();
    const other = await addCard(browser, '5555555555554444');
    for (let n = 0; n < 2; n += 1) {
      const answer = await browser.post('/subscriptions/change_payment_method', {
        subscription_id: String(subscriptionId),
        payment_method_id: other.id,
      });
      expect(answer.statusCode).toBe(200);
    }
    const sent = await confirmations();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/- Payment method: \w+ ending 4444 \(was \w+ ending 4242\)/);
  });

  it('sends nothing for a refused change', async () => {
    const { browser, url, confirmations } = await subscriber();
    expect((await browser.put(url, { number_of_recipes: 40 })).statusCode).toBe(400);
    expect(
      (await browser.put(`${url}/schedule`, { delivery_day: 7, frequency: 1 })).statusCode,
    ).toBe(400);
    expect(await confirmations()).toHaveLength(0);
  });
});
