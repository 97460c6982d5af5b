import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import { ORDER_FETCH_FAILED, type LineItem, type OrderWithItems } from '../../api/orders';
import type { Order } from '../../api/orders';

export interface OrderPage {
  orders: OrderWithItems[];
  total: number;
}

/**
 * GET orders, upcoming or past, each order with its dishes and, under each dish, its extras
 * (product rule R9.7: a takeaway line keeps its modifiers).
 */
export async function fetchOrderPage(
  when: 'upcoming' | 'past',
  page: number,
  perPage: number,
): Promise<OrderPage> {
  const body = await unwrap(
    api.GET('/orders', {
      params: { query: { 'filter[delivery_date]': when, page, per_page: perPage } },
    }),
    ORDER_FETCH_FAILED,
  );
  const byId = new Map(
    body.included.map((resource) => {
      const item = toEntity(resource) as LineItem;
      return [item.id, item] as const;
    }),
  );
  const orders = body.data.map((resource) => {
    const order = toEntity(resource) as Order;
    const lines = order.lineItemIds.flatMap((id) => {
      const item = byId.get(id);
      if (!item) return [];
      return [{ item, subItems: item.subItemIds.flatMap((subId) => byId.get(subId) ?? []) }];
    });
    return { order, lines };
  });
  return { orders, total: body.meta?.total ?? orders.length };
}
