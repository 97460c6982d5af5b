import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASTA_PLAN_MESSAGES, PAUSE_MAX_WEEKS } from '../../domain/pasta-plan';
import { emailOutbox, orders, scheduleWeeks, subscriptions } from '../../server/db/schema';
import { runBilling } from '../../server/services/subscriptions/billing-job';
import { addDays, billingDateFor } from '../../server/services/subscriptions/schedule-dates';
import { signUp } from './support/payments';
import { planTestApp } from './support/subscribers';
import { ApiClient } from './support/test-app';

const { getApp, week1, deps, setClock, planRow, planWeeks, subscriberWithPlan } = planTestApp({
  week1: ['Pappardelle', 'Ravioli'],
  weeks: 6,
});

/** A new subscriber: week 1 ordered (one of each dish) and paid on a weekly plan. */
const subscriber = () => subscriberWithPlan();

const emailsTo = (to: string) =>
  getApp().database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

const ordersOf = (subscriptionId: number) =>
  getApp().database.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId));

const after = (date: Date) => new Date(date.getTime() + 60_000);

describe('the plan and its weeks', () => {
  it('lists the plan with its resume date and orders, and at least 8 coming weeks with the box', async () => {
    const { browser, subscriptionId } = await subscriber();
    const plans = (await browser.get('/subscriptions')).json().data;
    expect(plans[0]).toMatchObject({
      id: String(subscriptionId),
      attributes: { state: 'active', resume_on: null, has_orders: true },
    });
    const weeks = (
      await browser.get(`/schedule_weeks?filter[subscription_id]=${subscriptionId}`)
    ).json().data;
    expect(weeks.length).toBeGreaterThanOrEqual(9);
    expect(weeks[0].attributes).toMatchObject({
      start_date: week1,
      recipes: ['Pappardelle', 'Ravioli'],
    });
    expect(weeks[1].attributes).toMatchObject({ state: 'active', order_id: null, recipes: [] });
  });
});

describe('POST /schedule_weeks/{id}/skip and /unskip', () => {
  it('skips a coming week, emails once, and puts it back', async () => {
    const { browser, email, weeks } = await subscriber();
    const week2 = weeks[1]!;
    const skipped = await browser.post(`/schedule_weeks/${week2.id}/skip`);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().data).toMatchObject({
      id: String(week2.id),
      attributes: { state: 'skipped' },
    });
    // Again: answered as it is, no second email.
    expect((await browser.post(`/schedule_weeks/${week2.id}/skip`)).statusCode).toBe(200);
    const skipEmails = (await emailsTo(email)).filter((e) => e.subject.includes('is skipped'));
    expect(skipEmails).toHaveLength(1);
    expect(skipEmails[0]!.text).toContain("we won't deliver it or charge you for it");
    expect(skipEmails[0]!.text).toContain('/account/pasta-plan');

    const back = await browser.post(`/schedule_weeks/${week2.id}/unskip`);
    expect(back.json().data.attributes.state).toBe('active');
    expect((await emailsTo(email)).some((e) => e.subject.includes('is back on'))).toBe(true);
  });

  it('takes effect once when two tabs skip the same week at once', async () => {
    const { browser, email, weeks } = await subscriber();
    const week3 = weeks[2]!;
    const answers = await Promise.all([
      browser.post(`/schedule_weeks/${week3.id}/skip`),
      browser.post(`/schedule_weeks/${week3.id}/skip`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await emailsTo(email)).filter((e) => e.subject.includes('is skipped'))).toHaveLength(1);
  });

  it('refuses a week that has its order, or whose cut-off has passed, saying it is too late', async () => {
    const { browser, weeks } = await subscriber();
    const ordered = await browser.post(`/schedule_weeks/${weeks[0]!.id}/skip`);
    expect(ordered.statusCode).toBe(409);
    expect(ordered.json().errors[0]).toMatchObject({
      code: 'too_late',
      title: PASTA_PLAN_MESSAGES.tooLate,
    });
    setClock(after(weeks[1]!.billingDate));
    const closed = await browser.post(`/schedule_weeks/${weeks[1]!.id}/skip`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errors[0].code).toBe('too_late');
    const [week2] = await getApp()
      .database.db.select()
      .from(scheduleWeeks)
      .where(eq(scheduleWeeks.id, weeks[1]!.id));
    expect(week2!.state).toBe('active');
  });

  it("answers 404 for another customer's week and an unknown one, 401 signed out", async () => {
    const { weeks } = await subscriber();
    const other = new ApiClient(getApp().app);
    await signUp(other);
    const theirs = await other.post(`/schedule_weeks/${weeks[1]!.id}/skip`);
    expect(theirs.statusCode).toBe(404);
    expect((await other.post('/schedule_weeks/2147483647/skip')).statusCode).toBe(404);
    expect((await other.post('/schedule_weeks/abc/skip')).statusCode).toBe(400);
    const signedOut = new ApiClient(getApp().app);
    expect((await signedOut.post(`/schedule_weeks/${weeks[1]!.id}/skip`)).statusCode).toBe(401);
    const [week] = await getApp()
      .database.db.select()
      .from(scheduleWeeks)
      .where(eq(scheduleWeeks.id, weeks[1]!.id));
    expect(week!.state).toBe('active');
  });
});

describe('POST /subscriptions/{id}/pause and /activate', () => {
  it('pauses until a coming delivery date, emails, and refuses a date off the plan', async () => {
    const { browser, subscriptionId, email, weeks } = await subscriber();
    const resumeOn = weeks[3]!.deliveryDate;
    const wrongDay = addDays(resumeOn, 1);
    const refused = await browser.post(`/subscriptions/${subscriptionId}/pause`, {
      resume_on: wrongDay,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'invalid_resume_date',
      title: PASTA_PLAN_MESSAGES.resumeDate,
      source: { pointer: '/resume_on' },
    });
    const tooFar = addDays(resumeOn, 7 * PAUSE_MAX_WEEKS);
    expect(
      (await browser.post(`/subscriptions/${subscriptionId}/pause`, { resume_on: tooFar }))
        .statusCode,
    ).toBe(400);
    expect((await planRow(subscriptionId)).state).toBe('active');

    const paused = await browser.post(`/subscriptions/${subscriptionId}/pause`, {
      resume_on: resumeOn,
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data.attributes).toMatchObject({ state: 'paused', resume_on: resumeOn });
    await browser.post(`/subscriptions/${subscriptionId}/pause`, { resume_on: resumeOn });
    const pauseEmails = (await emailsTo(email)).filter((e) =>
      e.subject.startsWith('Your pasta plan is paused until'),
    );
    expect(pauseEmails).toHaveLength(1);
    expect(pauseEmails[0]!.text).toContain('Your boxes start again with the one delivered on');
  });

  it('pauses indefinitely and resumes, emailing both, once each when two tabs race', async () => {
    const { browser, subscriptionId, email } = await subscriber();
    const paused = await Promise.all([
      browser.post(`/subscriptions/${subscriptionId}/pause`, {}),
      browser.post(`/subscriptions/${subscriptionId}/pause`, {}),
    ]);
    expect(paused.map((p) => p.json().data.attributes)).toEqual([
      expect.objectContaining({ state: 'paused', resume_on: null }),
      expect.objectContaining({ state: 'paused', resume_on: null }),
    ]);
    const resumed = await Promise.all([
      browser.post(`/subscriptions/${subscriptionId}/activate`),
      browser.post(`/subscriptions/${subscriptionId}/activate`),
    ]);
    expect(resumed.map((r) => r.json().data.attributes.state)).toEqual(['active', 'active']);
    const subjects = (await emailsTo(email)).map((e) => e.subject);
    expect(subjects.filter((s) => s === 'Your pasta plan is paused')).toHaveLength(1);
    expect(subjects.filter((s) => s === 'Your pasta plan is active again')).toHaveLength(1);
  });

  it('refuses a cancelled plan, and answers 404 for another customer’s', async () => {
    const { browser, subscriptionId } = await subscriber();
    const other = new ApiClient(getApp().app);
    await signUp(other);
    expect((await other.post(`/subscriptions/${subscriptionId}/pause`, {})).statusCode).toBe(404);
    expect((await other.post(`/subscriptions/${subscriptionId}/activate`)).statusCode).toBe(404);
    await getApp()
      .database.db.update(subscriptions)
      .set({ state: 'cancelled' })
      .where(eq(subscriptions.id, subscriptionId));
    for (const call of ['pause', 'activate']) {
      const answer = await browser.post(`/subscriptions/${subscriptionId}/${call}`, {});
      expect(answer.statusCode).toBe(409);
      expect(answer.json().errors[0]).toMatchObject({
        code: 'subscription_cancelled',
        title: PASTA_PLAN_MESSAGES.cancelled,
      });
    }
    const weeks = await planWeeks(subscriptionId);
    expect((await browser.post(`/schedule_weeks/${weeks[1]!.id}/skip`)).statusCode).toBe(409);
  });

  it('refuses an unknown field and a malformed date, writing nothing', async () => {
    const { browser, subscriptionId } = await subscriber();
    for (const body of [{ resume_on: 'soon' }, { until: '2027-01-01' }]) {
      expect((await browser.post(`/subscriptions/${subscriptionId}/pause`, body)).statusCode).toBe(
        400,
      );
    }
    expect((await planRow(subscriptionId)).state).toBe('active');
  });
});

describe('the billing job honours the plan', () => {
  it('bills no skipped week, and an active one', async () => {
    const { browser, subscriptionId, weeks } = await subscriber();
    await browser.post(`/schedule_weeks/${weeks[1]!.id}/skip`);
    await runBilling(deps(), after(weeks[1]!.billingDate));
    await runBilling(deps(), after(weeks[2]!.billingDate));
    const billed = (await ordersOf(subscriptionId)).map((o) => o.scheduleWeekId);
    expect(billed).not.toContain(weeks[1]!.id);
    expect(billed).toContain(weeks[2]!.id);
  });

  it('bills no week of a paused plan, and resumes it on the chosen week', async () => {
    const { browser, subscriptionId, weeks } = await subscriber();
    const resumeWeek = weeks[3]!;
    await browser.post(`/subscriptions/${subscriptionId}/pause`, {
      resume_on: resumeWeek.deliveryDate,
    });
    await runBilling(deps(), after(weeks[1]!.billingDate));
    await runBilling(deps(), after(weeks[2]!.billingDate));
    expect((await planRow(subscriptionId)).state).toBe('paused');
    await runBilling(deps(), after(resumeWeek.billingDate));
    expect(await planRow(subscriptionId)).toMatchObject({ state: 'active', resumeOn: null });
    const billed = (await ordersOf(subscriptionId)).map((o) => o.scheduleWeekId);
    expect(billed).toEqual(expect.arrayContaining([weeks[0]!.id, resumeWeek.id]));
    expect(billed).not.toContain(weeks[1]!.id);
    expect(billed).not.toContain(weeks[2]!.id);
    // The weeks passed while paused stay unbilled: skipped, not billed late.
    const passed = await getApp()
      .database.db.select()
      .from(scheduleWeeks)
      .where(inArray(scheduleWeeks.id, [weeks[1]!.id, weeks[2]!.id]));
    expect(passed.map((w) => w.state)).toEqual(['skipped', 'skipped']);
  });

  it('bills a plan resumed by hand from its next week whose cut-off is ahead', async () => {
    const { browser, subscriptionId, weeks } = await subscriber();
    await browser.post(`/subscriptions/${subscriptionId}/pause`, {});
    const cutoff = setClock(after(weeks[1]!.billingDate));
    await runBilling(deps(), cutoff);
    expect((await browser.post(`/subscriptions/${subscriptionId}/activate`)).statusCode).toBe(200);
    await runBilling(deps(), cutoff);
    await runBilling(deps(), after(weeks[2]!.billingDate));
    const billed = (await ordersOf(subscriptionId)).map((o) => o.scheduleWeekId);
    expect(billed).not.toContain(weeks[1]!.id);
    expect(billed).toContain(weeks[2]!.id);
    const [week2] = await getApp()
      .database.db.select()
      .from(scheduleWeeks)
      .where(eq(scheduleWeeks.id, weeks[1]!.id));
    expect(week2!.state).toBe('skipped');
  });

  it('keeps a paused plan’s weeks planned so they can be seen and skipped', async () => {
    const { browser, subscriptionId, weeks } = await subscriber();
    await browser.post(`/subscriptions/${subscriptionId}/pause`, {});
    await runBilling(deps(), after(billingDateFor(addDays(weeks.at(-1)!.startDate, 7))));
    expect((await planWeeks(subscriptionId)).length).toBeGreaterThan(weeks.length);
    expect(await ordersOf(subscriptionId)).toHaveLength(1);
  });
});
