import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { emailOutbox, orders, subscriptions } from '../../server/db/schema';
import { createMailer } from '../../server/services/mailer';
import { runBilling, type BillingDeps } from '../../server/services/subscriptions/billing-job';
import { addDays, billingDateFor } from '../../server/services/subscriptions/schedule-dates';
import {
  firstOpenWeek,
  menuWithDishes,
  planDeliveryDate,
  type KitDish,
} from './support/kit-orders';
import { addCard } from './support/payments';
import { billingDeps, subscriberWithPlan } from './support/subscribers';
import { useTestApp } from './support/test-app';

const getApp = useTestApp();
const PUBLIC_URL = 'https://sfoglia.test';
const week1 = firstOpenWeek();
const week2 = addDays(week1, 7);
const week3 = addDays(week1, 14);
const hours = (n: number) => n * 3_600_000;
/** 47 hours before week 3's cut-off: inside the reminder's 48 hours (week 2 is billed by then). */
const remindAt = new Date(billingDateFor(week3).getTime() - hours(47));
const afterCutoff2 = new Date(billingDateFor(week2).getTime() + 60_000);
let dishes: KitDish[];
let deps: BillingDeps;

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle' }, { title: 'Tortelli' }]);
  await menuWithDishes(database, week2, [{ title: 'Cacio e pepe' }]);
  await menuWithDishes(database, week3, [{ title: 'Lasagne' }, { title: 'Ravioli' }]);
  deps = {
    ...billingDeps(getApp(), () => new Date()),
    mailer: createMailer(database.db, loadConfig({ NODE_ENV: 'test' })),
    config: { publicUrl: PUBLIC_URL },
  };
});

/** An active plan: week 1 ordered, week 2 picked, week 3 left without picks. */
const subscriber = () =>
  subscriberWithPlan(getApp(), [
    { dish: dishes[0]!, week: week1, quantity: 2 },
    { dish: dishes[1]!, week: week2, quantity: 2 },
  ]);

const emailsTo = (to: string) =>
  getApp().database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
const reminders = async (to: string) =>
  (await emailsTo(to)).filter((e) => e.subject.startsWith('Choose your dishes for'));
const paymentFailures = async (to: string) =>
  (await emailsTo(to)).filter((e) => e.subject.startsWith('Payment failed for'));

describe('the pick-your-dishes reminder (product rule R10.29)', () => {
  it('reminds once, 48 hours before the cut-off, of a week with no picks: two runs at once and again', async () => {
    const { email } = await subscriber();
    await runBilling(deps, new Date(billingDateFor(week3).getTime() - hours(49)));
    expect(await reminders(email)).toHaveLength(0);

    await Promise.all([runBilling(deps, remindAt), runBilling(deps, remindAt)]);
    await runBilling(deps, remindAt);
    const sent = await reminders(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Choose your dishes for \w+day \d+ \w+$/);
    expect(sent[0]!.text).toContain('before the cut-off');
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/account/pasta-plan`);
  });

  it('sends none for a week already picked or ordered', async () => {
    const { email } = await subscriber();
    // Week 2 is picked: 47 hours before its cut-off there is nothing to remind of.
    await runBilling(deps, new Date(billingDateFor(week2).getTime() - hours(47)));
    expect(await reminders(email)).toHaveLength(0);
  });

  it('sends none for a skipped week', async () => {
    const { browser, email, weeks } = await subscriber();
    const third = weeks.find((week) => week.startDate === week3)!;
    expect((await browser.post(`/schedule_weeks/${third.id}/skip`, {})).statusCode).toBe(200);
    await runBilling(deps, remindAt);
    expect(await reminders(email)).toHaveLength(0);
  });

  it('sends none for a paused or a cancelled plan', async () => {
    const paused = await subscriber();
    expect(
      (await paused.browser.post(`/subscriptions/${paused.subscriptionId}/pause`, {})).statusCode,
    ).toBe(200);
    const cancelled = await subscriber();
    expect(
      (
        await cancelled.browser.put(`/subscriptions/${cancelled.subscriptionId}`, {
          state: 'cancelled',
          cancellation_reason: 'moving',
        })
      ).statusCode,
    ).toBe(200);
    await runBilling(deps, remindAt);
    expect(await reminders(paused.email)).toHaveLength(0);
    expect(await reminders(cancelled.email)).toHaveLength(0);
  });
});

describe('the payment failed email (product rule R10.30)', () => {
  /** A plan whose card, from week 2 on, is this test card. */
  async function subscriberPayingWith(card: string) {
    const planned = await subscriber();
    const method = await addCard(planned.browser, card);
    await getApp()
      .database.db.update(subscriptions)
      .set({ paymentMethodId: Number(method.id) })
      .where(eq(subscriptions.id, planned.subscriptionId));
    return planned;
  }

  it('emails a declined plan charge once, with the link to pay it, whatever the runs', async () => {
    const { email, subscriptionId } = await subscriberPayingWith('4000000000000002');
    await Promise.all([runBilling(deps, afterCutoff2), runBilling(deps, afterCutoff2)]);
    await runBilling(deps, afterCutoff2);
    const week2Day = await planDeliveryDate(getApp().database, week1, week2);
    const week2Order = (
      await getApp()
        .database.db.select()
        .from(orders)
        .where(eq(orders.subscriptionId, subscriptionId))
    ).find((order) => order.deliveryDate === week2Day)!;
    expect(week2Order.state).toBe('not_authorized');
    const sent = await paymentFailures(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/payment/${week2Order.id}`);
    expect(sent[0]!.text).toContain('your card was declined');
  });

  it('emails a charge waiting for 3-D Secure once, asking to confirm it', async () => {
    const { email } = await subscriberPayingWith('4000002760003184');
    await runBilling(deps, afterCutoff2);
    await runBilling(deps, afterCutoff2);
    const sent = await paymentFailures(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('confirm');
  });

  it('sends none when the charge succeeds', async () => {
    const { email } = await subscriber();
    await runBilling(deps, afterCutoff2);
    expect(await paymentFailures(email)).toHaveLength(0);
  });
});
