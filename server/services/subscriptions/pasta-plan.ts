import { and, eq, isNotNull, lte, ne } from 'drizzle-orm';
import { nextWeekAhead, weekNotOrdered, weekOfSubscription } from './open-weeks';
import {
  canChangeWeek,
  canPause,
  isResumeDateAllowed,
  PASTA_PLAN_MESSAGES,
  resumesAt,
} from '../../../domain/pasta-plan';
import type { Database, Queryable } from '../../db/database';
import { orders, scheduleWeeks, schedules, subscriptions } from '../../db/schema';
import { ApiError, notFound } from '../../http/jsonapi';
import type { Mailer } from '../mailer';
import {
  planPausedEmail,
  planResumedEmail,
  weekSkippedEmail,
  weekUnskippedEmail,
  type PlanRecipient,
} from './pasta-plan-emails';

export interface PastaPlanDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  publicUrl: string;
}

export type Customer = PlanRecipient & { id: number };

export const rowId = (id: string, what: string) => {
  const value = Number(id);
  if (!Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647) throw notFound(what);
  return value;
};

const tooLate = () => new ApiError(409, 'too_late', PASTA_PLAN_MESSAGES.tooLate);
const cancelled = () => new ApiError(409, 'subscription_cancelled', PASTA_PLAN_MESSAGES.cancelled);

/**
 * Product rules R10.4-R10.6: skips a coming week or puts it back. The week row is locked (the
 * billing job claims weeks with the same lock, SKIP LOCKED), so a week is never changed while it
 * is billed; the update is conditional on the state, so two tabs racing change it once and
 * email once.
 */
export async function setWeekState(
  deps: PastaPlanDeps,
  customer: Customer,
  weekId: string,
  state: 'active' | 'skipped',
): Promise<number> {
  const id = rowId(weekId, 'Schedule week');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ week: scheduleWeeks, subscription: subscriptions })
      .from(scheduleWeeks)
      .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
      .innerJoin(subscriptions, eq(subscriptions.id, schedules.subscriptionId))
      .where(and(eq(scheduleWeeks.id, id), eq(subscriptions.customerId, customer.id)))
      .for('update', { of: scheduleWeeks });
    if (!row) throw notFound('Schedule week');
    if (row.subscription.state === 'cancelled') throw cancelled();
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.scheduleWeekId, id))
      .limit(1);
    if (!canChangeWeek({ billingDate: row.week.billingDate, orderId: order?.id ?? null }, now))
      throw tooLate();
    const [changed] = await tx
      .update(scheduleWeeks)
      .set({ state })
      .where(and(eq(scheduleWeeks.id, id), ne(scheduleWeeks.state, state)))
      .returning({ id: scheduleWeeks.id });
    if (changed) {
      const email = state === 'skipped' ? weekSkippedEmail : weekUnskippedEmail;
      await deps.mailer.enqueue(tx, email(customer, row.week, deps.publicUrl));
    }
    return id;
  });
}

export async function lockedSubscription(tx: Queryable, customerId: number, id: number) {
  const [row] = await tx
    .select({ subscription: subscriptions, schedule: schedules })
    .from(subscriptions)
    .leftJoin(schedules, eq(schedules.subscriptionId, subscriptions.id))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customerId)))
    .for('update', { of: subscriptions });
  if (!row) throw notFound('Subscription');
  return row;
}

/**
 * Product rules R10.7 and R10.8: pauses the plan indefinitely or until one of its coming
 * delivery dates. Pausing again with the same date changes nothing and sends no second email.
 */
export async function pausePlan(
  deps: PastaPlanDeps,
  customer: Customer,
  subscriptionId: string,
  resumeOn: string | null,
): Promise<number> {
  const id = rowId(subscriptionId, 'Subscription');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { subscription, schedule } = await lockedSubscription(tx, customer.id, id);
    if (subscription.state === 'cancelled') throw cancelled();
    if (!canPause(subscription.state) || !schedule)
      throw new ApiError(409, 'subscription_not_started', PASTA_PLAN_MESSAGES.notStarted);
    if (resumeOn !== null && !isResumeDateAllowed(schedule, resumeOn, now))
      throw new ApiError(400, 'invalid_resume_date', PASTA_PLAN_MESSAGES.resumeDate, {
        pointer: '/resume_on',
      });
    if (subscription.state === 'paused' && subscription.resumeOn === resumeOn) return id;
    await tx
      .update(subscriptions)
      .set({ state: 'paused', resumeOn, updatedAt: now })
      .where(eq(subscriptions.id, id));
    await deps.mailer.enqueue(tx, planPausedEmail(customer, resumeOn, deps.publicUrl));
    return id;
  });
}

/** Product rule R10.9: resumes a paused plan now; an active plan is left as it is. */
export async function activatePlan(
  deps: PastaPlanDeps,
  customer: Customer,
  subscriptionId: string,
): Promise<number> {
  const id = rowId(subscriptionId, 'Subscription');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { subscription } = await lockedSubscription(tx, customer.id, id);
    if (subscription.state === 'cancelled') throw cancelled();
    if (subscription.state === 'active') return id;
    if (subscription.state !== 'paused')
      throw new ApiError(409, 'subscription_not_paused', PASTA_PLAN_MESSAGES.notPaused);
    await resume(tx, id, now, now);
    const next = await nextWeekAhead(tx, id, now);
    await deps.mailer.enqueue(
      tx,
      planResumedEmail(customer, next?.deliveryDate ?? null, deps.publicUrl),
    );
    return id;
  });
}

/**
 * Makes a paused plan active. Product rule R10.10: weeks whose cut-off passed before `billedFrom`
 * while it was paused were never billed and are not billed late: they are marked skipped.
 */
async function resume(tx: Queryable, subscriptionId: number, billedFrom: Date, now: Date) {
  const [resumed] = await tx
    .update(subscriptions)
    .set({ state: 'active', resumeOn: null, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.state, 'paused')))
    .returning({ id: subscriptions.id });
  if (!resumed) return;
  await tx
    .update(scheduleWeeks)
    .set({ state: 'skipped' })
    .where(
      and(
        weekOfSubscription(tx, subscriptionId),
        eq(scheduleWeeks.state, 'active'),
        lte(scheduleWeeks.billingDate, billedFrom),
        weekNotOrdered(tx),
      ),
    );
}

/**
 * The billing job's first step (product rule R10.8): a plan paused until a date is active again
 * from that week's cut-off, so that week is billed in the same run. Returns how many resumed.
 */
export async function resumeDuePlans(
  db: Database,
  asOf: Date,
  customerId?: number,
): Promise<number> {
  const due = await db
    .select({ id: subscriptions.id, resumeOn: subscriptions.resumeOn })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.state, 'paused'),
        isNotNull(subscriptions.resumeOn),
        customerId === undefined ? undefined : eq(subscriptions.customerId, customerId),
      ),
    )
    .then((rows) => rows.filter((row) => row.resumeOn !== null && resumesAt(row.resumeOn) <= asOf));
  for (const plan of due) {
    // Weeks before the resume week stay unbilled: skipped from before its cut-off.
    const billedFrom = new Date(resumesAt(plan.resumeOn!).getTime() - 1);
    await db.transaction((tx) => resume(tx, plan.id, billedFrom, asOf));
  }
  return due.length;
}
