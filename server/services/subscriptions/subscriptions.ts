import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  orders,
  scheduleWeekPicks,
  scheduleWeeks,
  schedules,
  subscriptions,
} from '../../db/schema';
import { addDays } from './schedule-dates';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;

/** Product rule R10.1: the list order of subscriptions. */
const STATE_RANK: Record<SubscriptionRow['state'], number> = {
  active: 0,
  failed: 1,
  paused: 2,
  cancelled: 3,
  created: 4,
};

export function compareSubscriptions(a: SubscriptionRow, b: SubscriptionRow): number {
  return STATE_RANK[a.state] - STATE_RANK[b.state] || a.name.localeCompare(b.name) || a.id - b.id;
}

export async function customerSubscriptions(
  db: Queryable,
  customerId: number,
): Promise<{ subscription: SubscriptionRow; schedule: ScheduleRow | null }[]> {
  const rows = await db
    .select({ subscription: subscriptions, schedule: schedules })
    .from(subscriptions)
    .leftJoin(schedules, eq(schedules.subscriptionId, subscriptions.id))
    .where(eq(subscriptions.customerId, customerId));
  return rows.sort((a, b) => compareSubscriptions(a.subscription, b.subscription));
}

/** Product rule R10.2: only active or skipped weeks from yesterday onward count as future. */
export async function futureScheduleWeeks(
  db: Queryable,
  customerId: number,
  today: string,
  subscriptionId?: number,
) {
  const rows = await db
    .select({ week: scheduleWeeks, subscriptionId: subscriptions.id })
    .from(scheduleWeeks)
    .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
    .innerJoin(subscriptions, eq(subscriptions.id, schedules.subscriptionId))
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        subscriptionId ? eq(subscriptions.id, subscriptionId) : undefined,
        inArray(scheduleWeeks.state, ['active', 'skipped']),
        gte(scheduleWeeks.deliveryDate, addDays(today, -1)),
      ),
    )
    .orderBy(asc(scheduleWeeks.deliveryDate), asc(scheduleWeeks.id));
  const ids = rows.map((row) => row.week.id);
  const [weekOrders, picks] = ids.length
    ? await Promise.all([
        db
          .select({ id: orders.id, scheduleWeekId: orders.scheduleWeekId })
          .from(orders)
          .where(inArray(orders.scheduleWeekId, ids)),
        db
          .select({ scheduleWeekId: scheduleWeekPicks.scheduleWeekId })
          .from(scheduleWeekPicks)
          .where(inArray(scheduleWeekPicks.scheduleWeekId, ids)),
      ])
    : [[], []];
  return rows.map((row) => ({
    ...row,
    orderId: weekOrders.find((o) => o.scheduleWeekId === row.week.id)?.id ?? null,
    picked: picks.some((p) => p.scheduleWeekId === row.week.id),
  }));
}
