import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CANCEL_PLAN_MESSAGES } from '../../domain/cancel-plan';
import { PASTA_PLAN_MESSAGES } from '../../domain/pasta-plan';
import { emailOutbox, orders } from '../../server/db/schema';
import { runBilling } from '../../server/services/subscriptions/billing-job';
import { signUp } from './support/payments';
import { planTestApp } from './support/subscribers';
import { ApiClient } from './support/test-app';

const { getApp, deps, planRow, planWeeks, subscriberWithPlan } = planTestApp({
  week1: ['Pappardelle'],
  weeks: 4,
});

/** A new subscriber: week 1 ordered (2 Pappardelle) and paid on a weekly plan. */
const subscriber = () => subscriberWithPlan(2);

const cancelEmails = async (to: string) =>
  (await getApp().database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter(
    (e) => e.subject === 'Your pasta plan is cancelled',
  );

const after = (date: Date) => new Date(date.getTime() + 60_000);
const cancel = (reason: string, note?: string) => ({
  state: 'cancelled',
  cancellation_reason: reason,
  ...(note === undefined ? {} : { cancellation_note: note }),
});

describe('PUT /subscriptions/{id}: cancelling', () => {
  it('cancels with a reason, skips the unbilled weeks, keeps the billed one, and emails once', async () => {
    const { browser, subscriptionId, email, weeks } = await subscriber();
    const answer = await browser.put(`/subscriptions/${subscriptionId}`, cancel('too_expensive'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.attributes).toMatchObject({
      state: 'cancelled',
      cancellation_reason: 'too_expensive',
    });
    expect(answer.json().data.attributes.cancelled_at).toEqual(expect.any(String));
    const after = await planWeeks(subscriptionId);
    // The billed first week is still delivered; every later week is skipped.
    expect(after[0]).toMatchObject({ id: weeks[0]!.id, state: 'active' });
    expect(after.slice(1).every((week) => week.state === 'skipped')).toBe(true);
    const emails = await cancelEmails(email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('Boxes already ordered are still delivered:');
    expect(emails[0]!.text).toContain('/account/pasta-plan');
    // The weeks endpoint still shows the billed week with its order.
    const listed = (
      await browser.get(`/schedule_weeks?filter[subscription_id]=${subscriptionId}`)
    ).json().data;
    expect(listed[0].attributes).toMatchObject({ state: 'active', order_id: expect.any(String) });
  });

  it('keeps the customer’s words for "other" and insists on them', async () => {
    const { browser, subscriptionId } = await subscriber();
    for (const note of [undefined, '   ']) {
      const refused = await browser.put(`/subscriptions/${subscriptionId}`, cancel('other', note));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({
        code: 'invalid_cancellation_reason',
        title: CANCEL_PLAN_MESSAGES.describeOther,
        source: { pointer: '/cancellation_note' },
      });
    }
    expect((await planRow(subscriptionId)).state).toBe('active');
    const done = await browser.put(
      `/subscriptions/${subscriptionId}`,
      cancel('other', '  Going vegan  '),
    );
    expect(done.statusCode).toBe(200);
    expect(await planRow(subscriptionId)).toMatchObject({
      state: 'cancelled',
      cancellationReason: 'other',
      cancellationNote: 'Going vegan',
    });
  });

  it('refuses a reason off the list, another state and unknown fields, writing nothing', async () => {
    const { browser, subscriptionId } = await subscriber();
    for (const body of [
      cancel('bored'),
      { state: 'paused', cancellation_reason: 'moving' },
      { state: 'cancelled' },
      { ...cancel('moving'), extra: true },
      cancel('other', 'x'.repeat(2001)),
    ]) {
      const answer = await browser.put(`/subscriptions/${subscriptionId}`, body);
      expect(answer.statusCode).toBe(400);
    }
    expect((await planRow(subscriptionId)).state).toBe('active');
  });

  it('takes effect once when two tabs cancel at once, and again answers as it is', async () => {
    const { browser, subscriptionId, email } = await subscriber();
    const answers = await Promise.all([
      browser.put(`/subscriptions/${subscriptionId}`, cancel('moving')),
      browser.put(`/subscriptions/${subscriptionId}`, cancel('too_much_food')),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const again = await browser.put(
      `/subscriptions/${subscriptionId}`,
      cancel('not_enough_choice'),
    );
    expect(again.statusCode).toBe(200);
    // Whichever tab's cancel committed first holds; the later ones change nothing.
    const kept = again.json().data.attributes.cancellation_reason;
    expect(['moving', 'too_much_food']).toContain(kept);
    expect(answers.map((a) => a.json().data.attributes.cancellation_reason)).toEqual([kept, kept]);
    expect(await cancelEmails(email)).toHaveLength(1);
  });

  it('answers 404 for another customer’s plan and an unknown one, 401 signed out', async () => {
    const { subscriptionId } = await subscriber();
    const other = new ApiClient(getApp().app);
    await signUp(other);
    expect((await other.put(`/subscriptions/${subscriptionId}`, cancel('moving'))).statusCode).toBe(
      404,
    );
    expect((await other.put('/subscriptions/2147483647', cancel('moving'))).statusCode).toBe(404);
    const signedOut = new ApiClient(getApp().app);
    expect(
      (await signedOut.put(`/subscriptions/${subscriptionId}`, cancel('moving'))).statusCode,
    ).toBe(401);
    expect((await planRow(subscriptionId)).state).toBe('active');
  });

  it('cancels a paused plan, and a cancelled plan is neither resumed nor paused', async () => {
    const { browser, subscriptionId, weeks } = await subscriber();
    await browser.post(`/subscriptions/${subscriptionId}/pause`, {
      resume_on: weeks[2]!.deliveryDate,
    });
    expect(
      (await browser.put(`/subscriptions/${subscriptionId}`, cancel('moving'))).statusCode,
    ).toBe(200);
    expect(await planRow(subscriptionId)).toMatchObject({ state: 'cancelled', resumeOn: null });
    for (const call of ['activate', 'pause']) {
      const answer = await browser.post(`/subscriptions/${subscriptionId}/${call}`, {});
      expect(answer.statusCode).toBe(409);
      expect(answer.json().errors[0].title).toBe(PASTA_PLAN_MESSAGES.cancelled);
    }
  });
});

describe('the billing job after cancelling', () => {
  it('bills nothing more for a cancelled plan, nor extends its schedule', async () => {
    const { browser, subscriptionId, weeks } = await subscriber();
    await browser.put(`/subscriptions/${subscriptionId}`, cancel('too_expensive'));
    await runBilling(deps(), after(weeks[1]!.billingDate));
    await runBilling(deps(), after(weeks[2]!.billingDate));
    const billed = await getApp()
      .database.db.select({ weekId: orders.scheduleWeekId })
      .from(orders)
      .where(eq(orders.subscriptionId, subscriptionId));
    expect(billed.map((o) => o.weekId)).toEqual([weeks[0]!.id]);
    expect(await planWeeks(subscriptionId)).toHaveLength(weeks.length);
  });
});
