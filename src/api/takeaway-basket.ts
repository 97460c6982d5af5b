import type { StoredDelivery } from '../../machines/address-search/address-search.machine';
import type { TakeawayBasketState } from '../../machines/takeaway-basket/takeaway-basket.machine';
import { hasRealStreet } from '../../domain/address';
import type { TakeawayChoice } from '../../domain/takeaway-basket';
import {
  applyBasketVoucher,
  changeBasketItem,
  fetchBasket,
  findBasket,
  removeBasketVoucher,
  type BasketDocument,
} from './basket-calls';
import { api, unwrap, type ApiClient } from './client';

/** Where and how the customer orders: the restaurant, their choice from /pasta-type, the address. */
export interface TakeawayPlace {
  restaurantId: number;
  choice: TakeawayChoice;
  delivery: StoredDelivery;
}

/** The basket document as the machine holds it: dishes with their modifiers, and the server's totals. */
function toState({ data, included, meta }: BasketDocument): TakeawayBasketState {
  const a = data.attributes;
  const voucherId = data.relationships?.voucher?.data?.id;
  return {
    basketId: data.id,
    lines: included
      .filter((item) => item.attributes.parent === null)
      .map(({ id, attributes: item }) => ({
        id,
        productId: item.product_variant_id,
        title: item.title,
        quantity: item.quantity,
        price: item.price,
        modifiers: included
          .filter((sub) => sub.attributes.parent === id)
          .map((sub) => sub.attributes.title),
      })),
    totals: {
      subtotal: a.subtotal_price,
      delivery: a.delivery_price,
      discount: a.total_discount,
      total: a.total_price,
      minimumSpend: meta.minimum_spend,
    },
    voucher: voucherId && a.voucher_code ? { id: voucherId, code: a.voucher_code } : null,
  };
}

const basketAddress = ({ address }: StoredDelivery) =>
  hasRealStreet(address.address1) && address.city && address.zip
    ? {
        address: {
          address1: address.address1,
          address2: address.address2,
          city: address.city,
          zip: address.zip,
          lat: address.lat,
          lon: address.lon,
          country_code: 'GB',
        },
      }
    : {};

const today = () => new Date().toISOString().slice(0, 10);

const choiceBody = (choice: TakeawayChoice) => ({
  fulfillment_type: choice.fulfillmentType,
  delivery_date: choice.deliveryDate ?? today(),
  time_slot: choice.timeSlot,
  time_slot_end_time: choice.timeSlotEndTime,
});

/** The customer's takeaway basket, moved to the restaurant and way of ordering they chose since. */
export async function loadTakeawayBasket(
  place: TakeawayPlace,
  client: ApiClient = api,
): Promise<TakeawayBasketState> {
  const found = await findBasket('TakeawayBasket', client);
  if (!found) return { basketId: null, lines: [] };
  // The customer moved to another restaurant or way of ordering: the basket follows them.
  if (
    found.attributes.restaurant_id !== String(place.restaurantId) ||
    found.attributes.fulfillment_type !== place.choice.fulfillmentType
  ) {
    return toState(
      await unwrap(
        client.PUT('/baskets/{id}', {
          params: { path: { id: found.id } },
          body: { restaurant_id: place.restaurantId, ...choiceBody(place.choice) },
        }),
      ),
    );
  }
  return toState(await fetchBasket(found.id, client));
}

/** One dish with its modifiers; the first one creates the basket. */
export async function addTakeawayItem(
  place: TakeawayPlace,
  input: { basketId: string | null; productId: string; subItems: string[]; quantity?: number },
  client: ApiClient = api,
): Promise<TakeawayBasketState> {
  let basketId = input.basketId;
  if (!basketId) {
    // Product rule R4.2: a takeaway basket starts with the customer's choice (delivery, today,
    // asap unless they chose otherwise), at the restaurant, to the address.
    const created = await unwrap(
      client.POST('/baskets', {
        body: {
          type: 'TakeawayBasket',
          restaurant_id: place.restaurantId,
          ...choiceBody(place.choice),
          ...basketAddress(place.delivery),
        },
      }),
    );
    basketId = created.data.id;
  }
  return toState(
    await unwrap(
      client.POST('/baskets/{id}/items', {
        params: { path: { id: basketId } },
        body: {
          product_variant_id: input.productId,
          quantity: input.quantity ?? 1,
          ...(input.subItems.length > 0 && {
            sub_items: input.subItems.map((id) => ({ product_variant_id: id })),
          }),
        },
      }),
    ),
  );
}

/** A line's new quantity; below one it leaves the basket. */
export async function changeTakeawayItem(
  input: { basketId: string; lineId: string; quantity: number },
  client: ApiClient = api,
): Promise<TakeawayBasketState> {
  return toState(await changeBasketItem(input, client));
}

export async function applyTakeawayVoucher(
  input: { basketId: string; code: string },
  client: ApiClient = api,
): Promise<TakeawayBasketState> {
  return toState(await applyBasketVoucher(input, client));
}

export async function removeTakeawayVoucher(
  input: { basketId: string; voucherId: string },
  client: ApiClient = api,
): Promise<TakeawayBasketState> {
  return toState(await removeBasketVoucher(input, client));
}

export async function deleteTakeawayBasket(basketId: string, client: ApiClient = api) {
  await unwrap(
    client.DELETE('/baskets/{id}', { params: { path: { id: basketId } } }),
    "Couldn't delete basket",
  );
}
