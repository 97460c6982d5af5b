import { and, asc, eq, gt, notExists } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { orders, scheduleWeeks, schedules } from '../../db/schema';

/** A schedule week nothing has been ordered for yet: an ordered box is packed as it was ordered. */
export function weekNotOrdered(db: Queryable) {
  return notExists(
    db.select({ id: orders.id }).from(orders).where(eq(orders.scheduleWeekId, scheduleWeeks.id)),
  );
}

/**
 * The first box a change to the plan can still reach: its next active week whose cut-off is
 * ahead and that has no order yet (product rules R10.23, R10.31). Undefined without one.
 */
export async function nextOpenWeek(db: Queryable, subscriptionId: number, now: Date) {
  const [row] = await db
    .select({ week: scheduleWeeks })
    .from(scheduleWeeks)
    .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
    .where(
      and(
        eq(schedules.subscriptionId, subscriptionId),
        eq(scheduleWeeks.state, 'active'),
        gt(scheduleWeeks.billingDate, now),
        weekNotOrdered(db),
      ),
    )
    .orderBy(asc(scheduleWeeks.deliveryDate))
    .limit(1);
  return row?.week;
}
