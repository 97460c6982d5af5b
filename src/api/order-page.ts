import type { components } from '../../openapi/schema';
import { camelize, type Camelized } from './case';
import { api, unwrap, type ApiClient } from './client';
import { toEntity } from './json-api';
import { ORDER_FETCH_FAILED, type LineItem, type Order, type OrderWithItems } from './orders';

type Schemas = components['schemas'];

/** What the order page shows beside the lines (product rule R9.14): payment, feedback, invoice. */
export type OrderDetail = Camelized<Schemas['OrderDetail']>;
export type OrderFeedback = Camelized<Schemas['OrderFeedbackAttributes']>;
export type InvoiceRequest = Camelized<Schemas['InvoiceRequestDocument']['meta']>;

export interface OrderPageData extends OrderWithItems {
  detail: OrderDetail;
}

/** GET orders/{id}: the order, its dishes each with its extras, and its details. */
export async function fetchOrderPage(id: string, client: ApiClient = api): Promise<OrderPageData> {
  const body = await unwrap(
    client.GET('/orders/{id}', { params: { path: { id: Number(id) } } }),
    ORDER_FETCH_FAILED,
  );
  const order = toEntity(body.data) as Order;
  const byId = new Map(
    body.included.map((resource) => {
      const item = toEntity(resource) as LineItem;
      return [item.id, item] as const;
    }),
  );
  const lines = order.lineItemIds.flatMap((lineId) => {
    const item = byId.get(lineId);
    if (!item) return [];
    return [{ item, subItems: item.subItemIds.flatMap((subId) => byId.get(subId) ?? []) }];
  });
  return { order, lines, detail: camelize(body.meta) };
}

/** POST orders/{id}/feedback: gives or replaces the order's feedback (product rule R9.16). */
export async function giveOrderFeedback(
  input: { orderId: string; npsRating: number; reason: string | null; notes: string | null },
  client: ApiClient = api,
): Promise<OrderFeedback> {
  const body = await unwrap(
    client.POST('/orders/{id}/feedback', {
      params: { path: { id: Number(input.orderId) } },
      body: { nps_rating: input.npsRating, reason: input.reason, notes: input.notes },
    }),
  );
  return camelize(body.data.attributes);
}

/** POST orders/{id}/send_invoice: emails the invoice, once per 10 minutes (product rule R9.17). */
export async function sendOrderInvoice(
  orderId: string,
  client: ApiClient = api,
): Promise<InvoiceRequest> {
  const body = await unwrap(
    client.POST('/orders/{id}/send_invoice', { params: { path: { id: Number(orderId) } } }),
  );
  return camelize(body.meta);
}

/** A past box ordered again (product rule R9.27): the new order and what the menu no longer has. */
export interface Reordered {
  orderId: string;
  amountToCharge: number;
  leftOut: string[];
}

/** POST orders: orders a past recipe-kit box again; one key per click, so a double click makes one. */
export async function reorderBox(
  sourceOrderId: string,
  idempotencyKey: string,
  client: ApiClient = api,
): Promise<Reordered> {
  const body = await unwrap(
    client.POST('/orders', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { source_order_id: sourceOrderId },
    }),
  );
  return {
    orderId: body.data.id,
    amountToCharge: body.data.attributes.amount_to_charge ?? body.data.attributes.total_price,
    leftOut: body.meta.left_out.map((line) => line.title),
  };
}
