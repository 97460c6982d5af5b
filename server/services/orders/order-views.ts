import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/database';
import {
  orderLineItems,
  orders,
  payments,
  productRatings,
  ratings,
  restaurants,
} from '../../db/schema';
import { notFound } from '../../http/jsonapi';

export type OrderRow = typeof orders.$inferSelect;
export type LineItemRow = typeof orderLineItems.$inferSelect;

/** An order with what its document shows beside the row. */
export interface OrderView {
  order: OrderRow;
  restaurantSite: string | null;
  ratingId: number | null;
  rating: number | null;
  lineItems: LineItemRow[];
  productRatings: Map<number, number>;
  /**
   * Product rule R9.28: the order awaits a payment after one failed (`not_authorized`, or
   * `payment_pending` with its latest payment attempt failed); false while it awaits its first.
   */
  paymentFailed: boolean;
}

export interface OrderViewsQuery {
  where: SQL | undefined;
  /** At least one key, ending with a unique one (the order id), so pages never overlap. */
  orderBy: SQL[];
  /** None: every order the filter matches. */
  limit?: number;
  offset?: number;
}

/** One entry of the JSON the database builds: the rows as `row_to_json` writes them. */
interface ViewJson {
  order: Record<string, unknown>;
  restaurant_site: string | null;
  rating_id: number | null;
  rating: number | null;
  lines: { line: Record<string, unknown>; rating: number | null }[];
  latest_attempt: string | null;
}

/** A table's columns as [property, column] pairs, listed once for every row rowFromJson maps. */
const columnsOf = (table: PgTable) => Object.entries(getTableColumns(table));
const orderColumns = columnsOf(orders);
const lineColumns = columnsOf(orderLineItems);

/** A row as `row_to_json` writes it (column names, JSON values), as drizzle would have read it. */
function rowFromJson<Row>(
  columns: ReturnType<typeof columnsOf>,
  json: Record<string, unknown>,
): Row {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Row;
}

function viewFromJson(json: ViewJson): OrderView {
  const order = rowFromJson<OrderRow>(orderColumns, json.order);
  const productRatings = new Map<number, number>();
  const lineItems = json.lines.map(({ line, rating }) => {
    const row = rowFromJson<LineItemRow>(lineColumns, line);
    if (rating !== null) productRatings.set(row.id, rating);
    return row;
  });
  return {
    order,
    restaurantSite: json.restaurant_site,
    ratingId: json.rating_id,
    rating: json.rating,
    lineItems,
    productRatings,
    paymentFailed:
      order.state === 'not_authorized' ||
      (order.state === 'payment_pending' && json.latest_attempt === 'failed'),
  };
}

/**
 * A page of orders with everything their documents show, in one query whose answer the database
 * builds as JSON: each order with its restaurant's site, its rating, its lines with their dish
 * ratings and, while it awaits payment, its latest attempt's state; and the count of every order
 * the filter matches. On PGlite the cost of a query grows with the columns and rows it returns,
 * so one text beats three result sets (decision 0010, update of 2026-11-29).
 */
export async function selectOrderViews(
  db: Queryable,
  query: OrderViewsQuery,
): Promise<{ views: OrderView[]; total: number }> {
  const orderBy = sql.join(query.orderBy, sql`, `);
  // Each order's lines, restaurant and rating are looked up by index from its row, so the cost
  // follows the page, not the tables (decision 0010, later update of 2026-11-29).
  const result = await db.execute(sql`
    with page as (
      select ${orders}.*, count(*) over () as total, row_number() over (order by ${orderBy}) as position
      from ${orders} where ${query.where ?? sql`true`}
      order by ${orderBy} limit ${query.limit ?? null} offset ${query.offset ?? 0}
    )
    select coalesce(json_agg(json_build_object(
        'order', row_to_json(page),
        'restaurant_site', (select ${restaurants.site} from ${restaurants} where ${restaurants.id} = page.restaurant_id),
        'rating_id', ${ratings.id},
        'rating', ${ratings.rating},
        'lines', coalesce((
          select json_agg(json_build_object(
              'line', row_to_json(${orderLineItems}), 'rating', ${productRatings.rating}
            ) order by ${orderLineItems.id})
          from ${orderLineItems}
          left join ${productRatings} on ${productRatings.lineItemId} = ${orderLineItems.id}
          where ${orderLineItems.orderId} = page.id), '[]'),
        'latest_attempt', case when page.state = 'payment_pending' then (
          select ${payments.state} from ${payments} where ${payments.orderId} = page.id
          order by ${payments.createdAt} desc, ${payments.id} desc limit 1) end
      ) order by page.position), '[]') as views,
      coalesce(max(page.total), 0)::integer as total
    from page
    left join ${ratings} on ${ratings.orderId} = page.id`);
  const [row] = (result as { rows: { views: ViewJson[] | string; total: number }[] }).rows;
  if (!row) return { views: [], total: 0 };
  // node-postgres and PGlite both parse json; a driver that does not hands over the text.
  const views = typeof row.views === 'string' ? (JSON.parse(row.views) as ViewJson[]) : row.views;
  return { views: views.map(viewFromJson), total: Number(row.total) };
}

/** The customer's order as its document shows it, or a 404 (another customer's included). */
export async function orderView(
  db: Queryable,
  customerId: number,
  orderId: number,
): Promise<OrderView> {
  const { views } = await selectOrderViews(db, {
    where: and(eq(orders.id, orderId), eq(orders.customerId, customerId)),
    orderBy: [sql`${orders.id}`],
    limit: 1,
  });
  const [view] = views;
  if (!view) throw notFound('Order');
  return view;
}

/** The customer's orders in these states (of this type), newest first. */
export async function customerOrderViews(
  db: Queryable,
  customerId: number,
  states: readonly string[],
  type?: OrderRow['type'],
): Promise<OrderView[]> {
  const { views } = await selectOrderViews(db, {
    where: and(
      eq(orders.customerId, customerId),
      inArray(orders.state, [...states]),
      type ? eq(orders.type, type) : undefined,
    ),
    orderBy: [sql`${orders.createdAt} desc`, sql`${orders.id} desc`],
  });
  return views;
}
