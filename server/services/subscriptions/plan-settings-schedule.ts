import { and, asc, eq, inArray } from 'drizzle-orm';
import { DELIVERY_DAYS, FREQUENCIES } from '../../../domain/plan-settings';
import { PASTA_PLAN_MESSAGES } from '../../../domain/pasta-plan';
import { orders, scheduleWeekPicks, scheduleWeeks, schedules } from '../../db/schema';
import { ApiError } from '../../http/jsonapi';
import { lockedSubscription, rowId, type Customer, type PastaPlanDeps } from './pasta-plan';
import { nextBoxPrice, type BoxPrice } from './plan-settings';
import { confirmPlanSettingsChange } from './plan-settings-emails';
import {
  addDays,
  billingDateFor,
  isoDate,
  mondayOf,
  plannedDeliveryDate,
  plannedWeeks,
  WEEKS_AHEAD,
} from './schedule-dates';

export interface ScheduleChange {
  deliveryDay: number;
  frequency: number;
}

/** A week the change moves to another day (`to`) or drops (`to` null). */
export interface WeekMove {
  from: string;
  to: string | null;
  /** The customer chose this week's dishes. */
  picked: boolean;
  skipped: boolean;
}

/** Product rule R10.32: what a schedule change would do, before it is saved. */
export interface SchedulePreview {
  /** The plan's next box now and on the new schedule (null without one). */
  current: BoxPrice | null;
  changed: BoxPrice | null;
  moves: WeekMove[];
}

/** Carries a preview out of its transaction, so everything the re-planning wrote rolls back. */
class PreviewRollback extends Error {
  constructor(readonly preview: SchedulePreview) {
    super('schedule preview');
  }
}

/**
 * Product rule R10.32: the same re-planning as `changePlanSchedule`, same guards, inside a
 * transaction that is rolled back: nothing is written and no email is queued.
 */
export async function previewPlanSchedule(
  deps: PastaPlanDeps,
  customer: Customer,
  subscriptionId: string,
  change: ScheduleChange,
): Promise<SchedulePreview> {
  try {
    await replan(deps, customer, subscriptionId, change, true);
  } catch (error) {
    if (error instanceof PreviewRollback) return error.preview;
    throw error;
  }
  throw new Error('a schedule preview must roll back');
}

/**
 * Product rule R10.20: a new delivery day or frequency re-plans the plan's weeks that can still
 * change (no order, cut-off ahead); weeks with their order or past their cut-off are kept as they
 * are. The new rhythm starts at the first week whose cut-off is ahead, but never closer than
 * `frequency` weeks after the last kept delivery. A re-planned week that still exists keeps its
 * state (a skip stays a skip) and the customer's picks, on its new day; weeks off the new rhythm
 * are removed (with their picks), and missing ones planned `WEEKS_AHEAD` weeks ahead. The plan
 * row is locked and then its weeks, so two changes at once apply one after the other, and the
 * billing job (which claims only weeks past their cut-off) never meets a week being re-planned.
 */
export function changePlanSchedule(
  deps: PastaPlanDeps,
  customer: Customer,
  subscriptionId: string,
  change: ScheduleChange,
): Promise<number> {
  return replan(deps, customer, subscriptionId, change, false);
}

async function replan(
  deps: PastaPlanDeps,
  customer: Customer,
  subscriptionId: string,
  change: ScheduleChange,
  preview: boolean,
): Promise<number> {
  const id = rowId(subscriptionId, 'Subscription');
  if (!DELIVERY_DAYS.some(({ day }) => day === change.deliveryDay))
    throw new ApiError(
      400,
      'invalid_delivery_day',
      'Choose a delivery day from Monday to Saturday.',
      {
        pointer: '/delivery_day',
      },
    );
  if (!FREQUENCIES.includes(change.frequency as never))
    throw new ApiError(400, 'invalid_frequency', 'Choose a delivery every 1, 2, 3 or 4 weeks.', {
      pointer: '/frequency',
    });
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { subscription, schedule } = await lockedSubscription(tx, customer.id, id);
    if (subscription.state === 'cancelled')
      throw new ApiError(409, 'subscription_cancelled', PASTA_PLAN_MESSAGES.cancelled);
    if (!schedule)
      throw new ApiError(409, 'subscription_not_started', PASTA_PLAN_MESSAGES.notStarted);
    const current = preview ? await nextBoxPrice(tx, subscription, now) : null;
    if (schedule.deliveryDay === change.deliveryDay && schedule.frequency === change.frequency) {
      if (preview) throw new PreviewRollback({ current, changed: current, moves: [] });
      return id;
    }

    const weeks = await tx
      .select()
      .from(scheduleWeeks)
      .where(eq(scheduleWeeks.scheduleId, schedule.id))
      .orderBy(asc(scheduleWeeks.startDate))
      .for('update');
    const ordered = weeks.length
      ? await tx
          .select({ weekId: orders.scheduleWeekId })
          .from(orders)
          .where(
            inArray(
              orders.scheduleWeekId,
              weeks.map((week) => week.id),
            ),
          )
      : [];
    const orderedIds = new Set(ordered.map((row) => row.weekId));
    const changeable = (week: (typeof weeks)[number]) =>
      !orderedIds.has(week.id) && week.billingDate > now;
    const kept = weeks.filter((week) => !changeable(week));
    const open = weeks.filter(changeable);

    let firstOpen = mondayOf(isoDate(now));
    while (billingDateFor(firstOpen) <= now) firstOpen = addDays(firstOpen, 7);
    const lastDelivered = kept.filter((week) => week.state === 'active').at(-1);
    const rhythmFrom = lastDelivered
      ? addDays(lastDelivered.startDate, 7 * change.frequency)
      : firstOpen;
    const start = rhythmFrom > firstOpen ? rhythmFrom : firstOpen;
    const firstDelivery = plannedDeliveryDate(start, change.deliveryDay);
    const next = { firstDelivery, deliveryDay: change.deliveryDay, frequency: change.frequency };
    const until = addDays(mondayOf(isoDate(now)), 7 * WEEKS_AHEAD);
    const planned = plannedWeeks(next, until > start ? until : start);
    const plannedStarts = new Set(planned.map((week) => week.startDate));
    const keptStarts = new Set(kept.map((week) => week.startDate));

    // Read before the re-planning, which drops weeks with their picks.
    const picked =
      preview && open.length
        ? await tx
            .selectDistinct({ weekId: scheduleWeekPicks.scheduleWeekId })
            .from(scheduleWeekPicks)
            .where(
              inArray(
                scheduleWeekPicks.scheduleWeekId,
                open.map((week) => week.id),
              ),
            )
        : [];
    const pickedIds = new Set(picked.map((row) => row.weekId));
    await tx.update(schedules).set(next).where(eq(schedules.id, schedule.id));
    const gone = open.filter((week) => !plannedStarts.has(week.startDate)).map((w) => w.id);
    if (gone.length) await tx.delete(scheduleWeeks).where(inArray(scheduleWeeks.id, gone));
    for (const week of open.filter((w) => plannedStarts.has(w.startDate))) {
      const deliveryDate = plannedDeliveryDate(week.startDate, change.deliveryDay);
      await tx
        .update(scheduleWeeks)
        .set({ deliveryDate, originalDeliveryDate: deliveryDate })
        .where(and(eq(scheduleWeeks.id, week.id), eq(scheduleWeeks.scheduleId, schedule.id)));
    }
    const openStarts = new Set(open.map((week) => week.startDate));
    const missing = planned.filter(
      (week) => !openStarts.has(week.startDate) && !keptStarts.has(week.startDate),
    );
    if (missing.length)
      await tx
        .insert(scheduleWeeks)
        .values(
          missing.map((week) => ({
            scheduleId: schedule.id,
            startDate: week.startDate,
            deliveryDate: week.deliveryDate,
            originalDeliveryDate: week.deliveryDate,
            billingDate: week.billingDate,
          })),
        )
        .onConflictDoNothing();
    if (preview) {
      const moves = open
        .map((week) => ({
          from: week.deliveryDate,
          to: plannedStarts.has(week.startDate)
            ? plannedDeliveryDate(week.startDate, change.deliveryDay)
            : null,
          picked: pickedIds.has(week.id),
          skipped: week.state !== 'active',
        }))
        .filter((move) => move.to !== move.from);
      const changed = await nextBoxPrice(tx, subscription, now);
      throw new PreviewRollback({ current, changed, moves });
    }
    // Product rule R10.31: the new day or rhythm is emailed once, from its first box.
    await confirmPlanSettingsChange(
      tx,
      { mailer: deps.mailer, publicUrl: deps.publicUrl, now },
      customer,
      id,
      { deliveryDay: schedule.deliveryDay, frequency: schedule.frequency },
      { deliveryDay: change.deliveryDay, frequency: change.frequency },
    );
    return id;
  });
}
