import { and, asc, eq, gt, inArray, notExists, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { orders, scheduleWeeks, schedules } from '../../db/schema';

/** A schedule week nothing has been ordered for yet: an ordered box is packed as it was ordered. */
export function weekNotOrdered(db: Queryable) {
  return notExists(
    db.select({ id: orders.id }).from(orders).where(eq(orders.scheduleWeekId, scheduleWeeks.id)),
  );
}

/** A schedule week of this subscription's schedule. */
export function weekOfSubscription(db: Queryable, subscriptionId: number) {
  const schedule = db
    .select({ id: schedules.id })
    .from(schedules)
    .where(eq(schedules.subscriptionId, subscriptionId));
  return inArray(scheduleWeeks.scheduleId, schedule);
}

/** The subscription's soonest active week whose cut-off is ahead and that meets `also`. */
async function firstWeekAhead(db: Queryable, subscriptionId: number, now: Date, also?: SQL) {
  const [week] = await db
    .select()
    .from(scheduleWeeks)
    .where(
      and(
        weekOfSubscription(db, subscriptionId),
        eq(scheduleWeeks.state, 'active'),
        gt(scheduleWeeks.billingDate, now),
        also,
      ),
    )
    .orderBy(asc(scheduleWeeks.deliveryDate))
    .limit(1);
  return week;
}

/**
 * The first box a change to the plan can still reach: its next active week whose cut-off is
 * ahead and that has no order yet (product rules R10.23, R10.31). Undefined without one.
 */
export const nextOpenWeek = (db: Queryable, subscriptionId: number, now: Date) =>
  firstWeekAhead(db, subscriptionId, now, weekNotOrdered(db));

/** The next box an active plan delivers: its next active week whose cut-off is ahead. */
export const nextWeekAhead = (db: Queryable, subscriptionId: number, now: Date) =>
  firstWeekAhead(db, subscriptionId, now);
