import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { orders } from '../../db/schema';
import { selectOrderViews, type OrderRow, type OrderView } from './order-views';

/** Product rule R9.5: the upcoming list takes up to 3000, the history pages of 4. */
export const UPCOMING_PAGE_SIZE = 3000;
export const PAST_PAGE_SIZE = 4;
/** Product rule R9.6: an order in one of these states has reached the customer. */
export const FINISHED_STATES = ['delivered', 'collected'];

export interface OrderListQuery {
  deliveryDate?: 'upcoming' | 'past';
  type?: OrderRow['type'];
  subscriptionId?: number;
  excludeStates: string[];
  page: number;
  perPage?: number;
}

/**
 * GET orders: the customer's orders by delivery date. Upcoming is delivery today or later, soonest
 * first; past is before today, latest first, and never shows dropped orders (product rule R9.5).
 * An order delivered or collected is past, even on its delivery day (product rule R9.6).
 */
export async function listCustomerOrders(
  db: Queryable,
  customerId: number,
  query: OrderListQuery,
  today: string,
): Promise<{ views: OrderView[]; total: number; page: number; perPage: number }> {
  const excluded = [...query.excludeStates];
  if (query.deliveryDate === 'past') excluded.push('dropped');
  const conditions: (SQL | undefined)[] = [
    eq(orders.customerId, customerId),
    query.type ? eq(orders.type, query.type) : undefined,
    query.subscriptionId ? eq(orders.subscriptionId, query.subscriptionId) : undefined,
    excluded.length ? notInArray(orders.state, excluded) : undefined,
    query.deliveryDate === 'upcoming'
      ? and(gte(orders.deliveryDate, today), notInArray(orders.state, FINISHED_STATES))
      : undefined,
    query.deliveryDate === 'past'
      ? or(lt(orders.deliveryDate, today), inArray(orders.state, FINISHED_STATES))
      : undefined,
  ];
  const where = and(...conditions);
  const perPage =
    query.perPage ?? (query.deliveryDate === 'past' ? PAST_PAGE_SIZE : UPCOMING_PAGE_SIZE);
  const order =
    query.deliveryDate === 'upcoming'
      ? [asc(orders.deliveryDate), asc(orders.id)]
      : [desc(orders.deliveryDate), desc(orders.createdAt), desc(orders.id)];
  const { views, total } = await selectOrderViews(db, {
    where,
    orderBy: order,
    limit: perPage,
    offset: (query.page - 1) * perPage,
  });
  // The count rides on the page's orders; a page past the end has none, so it counts alone.
  const pastTheEnd = views.length === 0 && query.page > 1;
  return {
    views,
    total: pastTheEnd
      ? ((await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0)
      : total,
    page: query.page,
    perPage,
  };
}
