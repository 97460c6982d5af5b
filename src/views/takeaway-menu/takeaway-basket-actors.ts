import { fromPromise } from 'xstate';
import type { StoredDelivery } from '../../../machines/address-search/address-search.machine';
import {
  takeawayBasketMachine,
  type TakeawayBasketState,
} from '../../../machines/takeaway-basket/takeaway-basket.machine';
import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import type { Basket, BasketItem } from '../../api/types';
import { hasRealStreet } from '../../../domain/address';
import { readTakeawayChoice, type TakeawayChoice } from '../../../domain/takeaway-basket';
import type { StoredTakeaway } from '../../session/stored-takeaway';
import { normaliseVoucherCode, VOUCHER_MESSAGES } from '../../../domain/voucher';

interface BasketBody {
  data: Parameters<typeof toEntity>[0] & {
    relationships?: { voucher?: { data: { id: string } | null } };
  };
  included: Parameters<typeof toEntity>[0][];
  meta: { minimum_spend: number };
}

/** The basket document as the machine holds it: dishes with their modifiers, and the server's totals. */
export function toState(body: BasketBody): TakeawayBasketState {
  const basket = toEntity(body.data) as Basket;
  const items = body.included.map((resource) => toEntity(resource) as BasketItem);
  const voucherId = body.data.relationships?.voucher?.data?.id;
  return {
    basketId: basket.id,
    lines: items
      .filter((item) => item.parent === null)
      .map((item) => ({
        id: item.id,
        productId: item.productVariantId,
        title: item.title,
        quantity: item.quantity,
        price: item.price,
        modifiers: items.filter((sub) => sub.parent === item.id).map((sub) => sub.title),
      })),
    totals: {
      subtotal: basket.subtotalPrice,
      delivery: basket.deliveryPrice,
      discount: basket.totalDiscount,
      total: basket.totalPrice,
      minimumSpend: body.meta.minimum_spend,
    },
    voucher: voucherId && basket.voucherCode ? { id: voucherId, code: basket.voucherCode } : null,
  };
}

const basketAddress = (delivery: StoredDelivery) => {
  const { address } = delivery;
  return hasRealStreet(address.address1) && address.city && address.zip
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
};

const choiceBody = (choice: TakeawayChoice, today: string) => ({
  fulfillment_type: choice.fulfillmentType,
  delivery_date: choice.deliveryDate ?? today,
  time_slot: choice.timeSlot,
  time_slot_end_time: choice.timeSlotEndTime,
});

export function liveTakeawayBasketMachine(delivery: StoredTakeaway) {
  const restaurantId = Number(delivery.restaurantId);
  const choice = readTakeawayChoice(delivery.choice);
  const today = () => new Date().toISOString().slice(0, 10);
  return takeawayBasketMachine.provide({
    actors: {
      loadBasket: fromPromise(async () => {
        const body = await unwrap(api.GET('/baskets'));
        const resource = body.data.find(
          (basket) => basket.attributes.basket_type === 'TakeawayBasket',
        );
        if (!resource) return { basketId: null, lines: [] };
        // The customer moved to another restaurant or way of ordering: the basket follows them.
        if (
          resource.attributes.restaurant_id !== String(restaurantId) ||
          resource.attributes.fulfillment_type !== choice.fulfillmentType
        ) {
          return toState(
            await unwrap(
              api.PUT('/baskets/{id}', {
                params: { path: { id: resource.id } },
                body: { restaurant_id: restaurantId, ...choiceBody(choice, today()) },
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
          // Spec section 7: a takeaway basket starts with the customer's choice (delivery, today,
          // asap unless they chose otherwise), at the restaurant, to the address.
          const created = await unwrap(
            api.POST('/baskets', {
              body: {
                type: 'TakeawayBasket',
                restaurant_id: restaurantId,
                ...choiceBody(choice, today()),
                ...basketAddress(delivery),
              },
            }),
          );
          basketId = created.data.id;
        }
        return toState(
          await unwrap(
            api.POST('/baskets/{id}/items', {
              params: { path: { id: basketId } },
              body: {
                product_variant_id: input.productId,
                quantity: 1,
                ...(input.subItems.length > 0 && {
                  sub_items: input.subItems.map((id) => ({ product_variant_id: id })),
                }),
              },
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
      applyVoucher: fromPromise(async ({ input }) =>
        toState(
          await unwrap(
            api.POST('/baskets/{id}/vouchers', {
              params: { path: { id: input.basketId } },
              body: { code: normaliseVoucherCode(input.code) },
            }),
            VOUCHER_MESSAGES.couldNotValidate,
          ),
        ),
      ),
      removeVoucher: fromPromise(async ({ input }) =>
        toState(
          await unwrap(
            api.DELETE('/baskets/{id}/vouchers/{voucherId}', {
              params: { path: { id: input.basketId, voucherId: input.voucherId } },
            }),
          ),
        ),
      ),
      deleteBasket: fromPromise(async ({ input }) => {
        await unwrap(
          api.DELETE('/baskets/{id}', { params: { path: { id: input.basketId } } }),
          "Couldn't delete basket",
        );
      }),
    },
  });
}
