import { fromPromise } from 'xstate';
import {
  recipeKitBasketMachine,
  type KitBasketState,
} from '../../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import type { Basket, BasketItem } from '../../api/types';
import { normaliseVoucherCode, VOUCHER_MESSAGES } from '../../../domain/voucher';

const KIT_BASKET = 'RecipeKitBasket' as const;

interface KitBasketBody {
  data: Parameters<typeof toEntity>[0] & {
    relationships?: { voucher?: { data: { id: string } | null } };
  };
  included: Parameters<typeof toEntity>[0][];
  meta: {
    minimum_spend: number;
    weeks?: {
      meal_week: string;
      food_subtotal: number;
      addons_subtotal: number;
      missing_to_minimum: number;
    }[];
  };
}

/** The recipe-kit basket document as the machine holds it: lines by week and the server's sums. */
export function toKitState(body: KitBasketBody): KitBasketState {
  const basket = toEntity(body.data) as Basket & { numberOfRecipes?: number | null };
  const items = body.included.map((resource) => toEntity(resource) as BasketItem);
  const voucherId = body.data.relationships?.voucher?.data?.id;
  return {
    basketId: basket.id,
    lines: items
      .filter((item) => item.parent === null && item.mealWeek)
      .map((item) => ({
        id: item.id,
        productId: item.productId,
        variantId: item.productVariantId,
        title: item.title,
        quantity: item.quantity,
        price: item.price,
        mealWeek: item.mealWeek ?? '',
        isAddon: item.isAddon,
        isDouble: item.isDouble,
      })),
    weeks: (body.meta.weeks ?? []).map((week) => ({
      mealWeek: week.meal_week,
      foodSubtotal: week.food_subtotal,
      addonsSubtotal: week.addons_subtotal,
      missingToMinimum: week.missing_to_minimum,
    })),
    subtotal: basket.subtotalPrice,
    delivery: basket.deliveryPrice,
    discount: basket.totalDiscount,
    total: basket.totalPrice,
    minimumSpend: body.meta.minimum_spend,
    numberOfRecipes: basket.numberOfRecipes ?? null,
    frequency: basket.frequency,
    voucher: voucherId && basket.voucherCode ? { id: voucherId, code: basket.voucherCode } : null,
  };
}

// Spec section 4: a new recipe-kit basket starts the subscription unless the customer says not.
const createKitBasket = async () =>
  toKitState(
    await unwrap(api.POST('/baskets', { body: { type: KIT_BASKET, start_subscription: true } })),
  );

/** The basket machine with its API calls (the REST baskets resource). */
export const liveRecipeKitBasketMachine = recipeKitBasketMachine.provide({
  actors: {
    loadBasket: fromPromise(async () => {
      const body = await unwrap(api.GET('/baskets'));
      const resource = body.data.find((basket) => basket.attributes.basket_type === KIT_BASKET);
      if (!resource) return null;
      return toKitState(
        await unwrap(api.GET('/baskets/{id}', { params: { path: { id: resource.id } } })),
      );
    }),
    createBasket: fromPromise(createKitBasket),
    addItem: fromPromise(async ({ input }) =>
      toKitState(
        await unwrap(
          api.POST('/baskets/{id}/items', {
            params: { path: { id: input.basketId } },
            body: { product_variant_id: input.variantId, quantity: 1, meal_week: input.mealWeek },
          }),
        ),
      ),
    ),
    changeItem: fromPromise(async ({ input }) => {
      const path = { id: input.basketId, itemId: Number(input.lineId) };
      return toKitState(
        input.quantity < 1
          ? await unwrap(api.DELETE('/baskets/{id}/items/{itemId}', { params: { path } }))
          : await unwrap(
              api.PUT('/baskets/{id}/items/{itemId}', {
                params: { path },
                body: { quantity: input.quantity },
              }),
            ),
      );
    }),
    updatePlan: fromPromise(async ({ input }) =>
      toKitState(
        await unwrap(
          api.PUT('/baskets/{id}', {
            params: { path: { id: input.basketId } },
            body: {
              ...(input.numberOfRecipes !== undefined && {
                number_of_recipes: input.numberOfRecipes,
              }),
              ...(input.frequency !== undefined && { frequency: input.frequency }),
              start_subscription: true,
            },
          }),
        ),
      ),
    ),
    // Spec section 4: at sign-out the basket is deleted and a fresh one created.
    resetBasket: fromPromise(async () => {
      await unwrap(
        api.DELETE('/baskets/delete_by_type/{type}', { params: { path: { type: KIT_BASKET } } }),
      );
      return createKitBasket();
    }),
    applyVoucher: fromPromise(async ({ input }) =>
      toKitState(
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
      toKitState(
        await unwrap(
          api.DELETE('/baskets/{id}/vouchers/{voucherId}', {
            params: { path: { id: input.basketId, voucherId: input.voucherId } },
          }),
        ),
      ),
    ),
  },
});
