import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  orderLineItems,
  orders,
  scheduleWeekPicks,
  scheduleWeeks,
  schedules,
  subscriptions,
} from '../../db/schema';
import { addDays } from './schedule-dates';
import { variantDetails } from './weekly-menu';

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
): Promise<{ subscription: SubscriptionRow; schedule: ScheduleRow | null; hasOrders: boolean }[]> {
  const rows = await db
    .select({ subscription: subscriptions, schedule: schedules })
    .from(subscriptions)
    .leftJoin(schedules, eq(schedules.subscriptionId, subscriptions.id))
    .where(eq(subscriptions.customerId, customerId));
  // Product rule R10.11: a created plan is selectable once it has an order.
  const withOrders = await db
    .selectDistinct({ subscriptionId: orders.subscriptionId })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNotNull(orders.subscriptionId)));
  return rows
    .map((row) => ({
      ...row,
      hasOrders: withOrders.some((o) => o.subscriptionId === row.subscription.id),
    }))
    .sort((a, b) => compareSubscriptions(a.subscription, b.subscription));
}

/** Product rule R10.2: only active or skipped weeks from yesterday onward count as future. */
export async function futureScheduleWeeks(
  db: Queryable,
  customerId: number,
  today: string,
  filter: { subscriptionId?: number; weekId?: number } = {},
) {
  const rows = await db
    .select({ week: scheduleWeeks, subscriptionId: subscriptions.id })
    .from(scheduleWeeks)
    .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
    .innerJoin(subscriptions, eq(subscriptions.id, schedules.subscriptionId))
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        filter.subscriptionId ? eq(subscriptions.id, filter.subscriptionId) : undefined,
        filter.weekId ? eq(scheduleWeeks.id, filter.weekId) : undefined,
        inArray(scheduleWeeks.state, ['active', 'skipped']),
        // One week asked for by id is answered whatever its date (after a change to it).
        filter.weekId ? undefined : gte(scheduleWeeks.deliveryDate, addDays(today, -1)),
      ),
    )
    .orderBy(asc(scheduleWeeks.deliveryDate), asc(scheduleWeeks.id));
  const ids = rows.map((row) => row.week.id);
  const [weekOrders, picks] = ids.length
    ? await Promise.all([
        db
          .select({ id: orders.id, state: orders.state, scheduleWeekId: orders.scheduleWeekId })
          .from(orders)
          .where(inArray(orders.scheduleWeekId, ids)),
        db
          .select({
            scheduleWeekId: scheduleWeekPicks.scheduleWeekId,
            variantId: scheduleWeekPicks.variantId,
          })
          .from(scheduleWeekPicks)
          .where(inArray(scheduleWeekPicks.scheduleWeekId, ids))
          .orderBy(asc(scheduleWeekPicks.id)),
      ])
    : [[], []];
  const [orderLines, pickDetails] = await Promise.all([
    weekOrders.length
      ? db
          .select({ orderId: orderLineItems.orderId, title: orderLineItems.title })
          .from(orderLineItems)
          .where(
            inArray(
              orderLineItems.orderId,
              weekOrders.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderLineItems.id))
      : [],
    variantDetails(
      db,
      picks.map((pick) => pick.variantId),
    ),
  ]);
  return rows.map((row) => {
    const order = weekOrders.find((o) => o.scheduleWeekId === row.week.id);
    const orderId = order?.id ?? null;
    const weekPicks = picks.filter((p) => p.scheduleWeekId === row.week.id);
    // The box's dishes: its order's once billed, else the customer's picks (product rule R10.12).
    const recipes =
      orderId !== null
        ? orderLines.filter((line) => line.orderId === orderId).map((line) => line.title)
        : weekPicks.flatMap(
            (pick) => pickDetails.find((d) => d.id === pick.variantId)?.title ?? [],
          );
    return {
      ...row,
      orderId,
      orderState: order?.state ?? null,
      picked: weekPicks.length > 0,
      recipes,
    };
  });
}
