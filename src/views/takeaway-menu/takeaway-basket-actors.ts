import { fromPromise } from 'xstate';
import type { StoredDelivery } from '../../../machines/address-search/address-search.machine';
import {
  takeawayBasketMachine,
  type TakeawayBasketState,
} from '../../../machines/takeaway-basket/takeaway-basket.machine';
import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import type { Basket, BasketItem } from '../../api/types';

interface BasketBody {
  data: Parameters<typeof toEntity>[0];
  included: Parameters<typeof toEntity>[0][];
}

/** The basket document as the machine holds it: the dishes (modifiers are priced into them). */
function toState(body: BasketBody): TakeawayBasketState {
  const basket = toEntity(body.data) as Basket;
  const items = body.included.map((resource) => toEntity(resource) as BasketItem);
  return {
    basketId: basket.id,
    lines: items
      .filter((item) => item.parent === null)
      .map((item) => ({
        id: item.id,
        title: item.title,
        quantity: item.quantity,
        price: item.price,
      })),
  };
}

export function liveTakeawayBasketMachine(delivery: StoredDelivery) {
  const restaurantId = Number(delivery.restaurantId);
  return takeawayBasketMachine.provide({
    actors: {
      loadBasket: fromPromise(async () => {
        const body = await unwrap(api.GET('/baskets'));
        const resource = body.data.find(
          (basket) => basket.attributes.basket_type === 'TakeawayBasket',
        );
        if (!resource) return { basketId: null, lines: [] };
        // The customer moved to another restaurant's menu: the basket follows them.
        if (resource.attributes.restaurant_id !== String(restaurantId)) {
          return toState(
            await unwrap(
              api.PUT('/baskets/{id}', {
                params: { path: { id: resource.id } },
                body: { restaurant_id: restaurantId, fulfillment_type: 'delivery' },
              }),
            ),
          );
        }
        return toState(
          await unwrap(api.GET('/baskets/{id}', { params: { path: { id: resource.id } } })),
        );
      }),
      addItem: fromPromise(async ({ input }) => {
        let basketId = input.basketId;
        if (!basketId) {
          // Spec section 7: a takeaway basket starts as delivery, today, asap, at the restaurant, to the address.
          const { address } = delivery;
          const created = await unwrap(
            api.POST('/baskets', {
              body: {
                type: 'TakeawayBasket',
                fulfillment_type: 'delivery',
                time_slot: 'asap',
                restaurant_id: restaurantId,
                address: {
                  address1: address.address1,
                  address2: address.address2,
                  city: address.city,
                  zip: address.zip,
                  lat: address.lat,
                  lon: address.lon,
                  country_code: 'GB',
                },
              },
            }),
          );
          basketId = created.data.id;
        }
        return toState(
          await unwrap(
            api.POST('/baskets/{id}/items', {
              params: { path: { id: basketId } },
              body: { product_variant_id: input.productId, quantity: 1 },
            }),
          ),
        );
      }),
      changeItem: fromPromise(async ({ input }) => {
        const path = { id: input.basketId, itemId: Number(input.lineId) };
        const body =
          input.quantity < 1
            ? await unwrap(api.DELETE('/baskets/{id}/items/{itemId}', { params: { path } }))
            : await unwrap(
                api.PUT('/baskets/{id}/items/{itemId}', {
                  params: { path },
                  body: { quantity: input.quantity },
                }),
              );
        return toState(body);
      }),
    },
  });
}
