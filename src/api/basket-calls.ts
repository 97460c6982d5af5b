import type { components } from '../../openapi/schema';
import { normaliseVoucherCode, VOUCHER_MESSAGES } from '../../domain/voucher';
import { api, unwrap, type ApiClient } from './client';

type Schemas = components['schemas'];

/** A basket as the server answers it; each basket module reads it into its machine's state. */
export interface BasketDocument {
  data: Schemas['BasketResource'];
  included: Schemas['BasketItemResource'][];
  meta: Schemas['BasketMeta'];
}

/** The customer's basket of a type (a customer has at most one of each), or undefined. */
export async function findBasket(type: Schemas['BasketType'], client: ApiClient = api) {
  const list = await unwrap(client.GET('/baskets'));
  return list.data.find((basket) => basket.attributes.basket_type === type);
}

export async function fetchBasket(id: string, client: ApiClient = api): Promise<BasketDocument> {
  return unwrap(client.GET('/baskets/{id}', { params: { path: { id } } }));
}

/** A line's new quantity; below one it leaves the basket. */
export async function changeBasketItem(
  input: { basketId: string; lineId: string; quantity: number },
  client: ApiClient = api,
): Promise<BasketDocument> {
  const path = { id: input.basketId, itemId: Number(input.lineId) };
  return input.quantity < 1
    ? unwrap(client.DELETE('/baskets/{id}/items/{itemId}', { params: { path } }))
    : unwrap(
        client.PUT('/baskets/{id}/items/{itemId}', {
          params: { path },
          body: { quantity: input.quantity },
        }),
      );
}

export async function applyBasketVoucher(
  input: { basketId: string; code: string },
  client: ApiClient = api,
): Promise<BasketDocument> {
  return unwrap(
    client.POST('/baskets/{id}/vouchers', {
      params: { path: { id: input.basketId } },
      body: { code: normaliseVoucherCode(input.code) },
    }),
    VOUCHER_MESSAGES.couldNotValidate,
  );
}

export async function removeBasketVoucher(
  input: { basketId: string; voucherId: string },
  client: ApiClient = api,
): Promise<BasketDocument> {
  return unwrap(
    client.DELETE('/baskets/{id}/vouchers/{voucherId}', {
      params: { path: { id: input.basketId, voucherId: input.voucherId } },
    }),
  );
}
