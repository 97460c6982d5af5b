import type { components } from '../../openapi/schema';
import { api, unwrap, type ApiClient } from './client';
import { toEntity, type Entity } from './json-api';
import { liveOrdersInPage } from './settings-in-page';

type Schemas = components['schemas'];

export type Order = Entity<Schemas['OrderResource']>;
export type LineItem = Entity<Schemas['LineItemResource']>;
export type DriverLocation = Entity<Schemas['DriverLocationResource']>;
export type Rating = Entity<Schemas['RatingResource']>;

export interface OrderWithItems {
  order: Order;
  /** Dishes in order, each with its modifiers. */
  lines: { item: LineItem; subItems: LineItem[] }[];
}

/** Product rule R9.4: the message for order fetches that fail without a usable server message. */
export const ORDER_FETCH_FAILED = 'We were unable to process your request';

export async function fetchOrder(id: string, client: ApiClient = api): Promise<OrderWithItems> {
  const body = await unwrap(
    client.GET('/orders/{id}', { params: { path: { id: Number(id) } } }),
    ORDER_FETCH_FAILED,
  );
  const order = toEntity(body.data) as Order;
  const items = body.included.map((resource) => toEntity(resource) as LineItem);
  const byId = new Map(items.map((item) => [item.id, item]));
  const lines = order.lineItemIds.flatMap((lineId) => {
    const item = byId.get(lineId);
    if (!item) return [];
    const subItems = item.subItemIds.flatMap((subId) => byId.get(subId) ?? []);
    return [{ item, subItems }];
  });
  return { order, lines };
}

export async function fetchDriverLocation(id: string): Promise<DriverLocation> {
  const body = await unwrap(
    api.GET('/orders/{id}/driver_location', { params: { path: { id: Number(id) } } }),
    ORDER_FETCH_FAILED,
  );
  return toEntity(body.data) as DriverLocation;
}

/** The customer's takeaway orders in progress, newest first (empty when signed out). */
export async function fetchLiveOrders(): Promise<Order[]> {
  const body = await unwrap(api.GET('/orders/live'));
  return body.data.map((resource) => toEntity(resource) as Order);
}

/**
 * The orders in progress the page came with (R14.12): undefined when it carries none (signed out,
 * the development server), so the first poll decides.
 */
export function liveOrdersFromPage(): Order[] | undefined {
  const body = liveOrdersInPage() as { data?: Schemas['OrderResource'][] } | undefined;
  return body?.data?.map((resource) => toEntity(resource) as Order);
}

export async function rateOrder(
  input: { orderId: number; rating: number; reason: string | null; notes: string | null },
  existingRatingId: string | null,
): Promise<Rating> {
  const fields = { rating: input.rating, reason: input.reason, notes: input.notes };
  const body = existingRatingId
    ? await unwrap(
        api.PUT('/ratings/{id}', {
          params: { path: { id: Number(existingRatingId) } },
          body: fields,
        }),
      )
    : await unwrap(api.POST('/ratings', { body: { order_id: input.orderId, ...fields } }));
  return toEntity(body.data) as Rating;
}

export async function rateDish(input: {
  orderId: number;
  lineItemId: number;
  rating: number;
}): Promise<void> {
  await unwrap(
    api.POST('/product_ratings', {
      body: { order_id: input.orderId, line_item_id: input.lineItemId, rating: input.rating },
    }),
  );
}

/** GET ratings/{id}: the order's rating as given (product rule R9.12). */
export async function fetchRating(id: string): Promise<Rating> {
  const body = await unwrap(
    api.GET('/ratings/{id}', { params: { path: { id: Number(id) } } }),
    ORDER_FETCH_FAILED,
  );
  return toEntity(body.data) as Rating;
}
