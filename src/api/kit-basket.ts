import type { components } from '../../openapi/schema';
import type { KitBasketState } from '../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import {
  applyBasketVoucher,
  changeBasketItem,
  fetchBasket,
  findBasket,
  removeBasketVoucher,
  type BasketDocument,
} from './basket-calls';
import { api, unwrap, type ApiClient } from './client';

type Schemas = components['schemas'];

const KIT_BASKET = 'RecipeKitBasket' satisfies Schemas['BasketType'];

/** The recipe-kit basket document as the machine holds it: lines by week and the server's sums. */
function toKitState({ data, included, meta }: BasketDocument): KitBasketState {
  const a = data.attributes;
  const voucherId = data.relationships?.voucher?.data?.id;
  return {
    basketId: data.id,
    lines: included
      .filter(({ attributes: item }) => item.parent === null && item.meal_week)
      .map(({ id, attributes: item }) => ({
        id,
        productId: item.product_id,
        variantId: item.product_variant_id,
        title: item.title,
        quantity: item.quantity,
        price: item.price,
        mealWeek: item.meal_week ?? '',
        isAddon: item.is_addon,
        isDouble: item.is_double,
      })),
    weeks: (meta.weeks ?? []).map((week) => ({
      mealWeek: week.meal_week,
      foodSubtotal: week.food_subtotal,
      addonsSubtotal: week.addons_subtotal,
      missingToMinimum: week.missing_to_minimum,
      deliveryDate: week.delivery_date,
      delivery: week.delivery_price,
      discount: week.discount,
      total: week.total,
    })),
    subtotal: a.subtotal_price,
    delivery: a.delivery_price,
    discount: a.total_discount,
    total: a.total_price,
    minimumSpend: meta.minimum_spend,
    numberOfRecipes: a.number_of_recipes ?? null,
    frequency: a.frequency,
    startSubscription: a.start_subscription,
    voucher: voucherId && a.voucher_code ? { id: voucherId, code: a.voucher_code } : null,
  };
}

/** The customer's recipe-kit basket, or null when they have none. */
export async function loadKitBasket(client: ApiClient = api): Promise<KitBasketState | null> {
  const found = await findBasket(KIT_BASKET, client);
  return found ? toKitState(await fetchBasket(found.id, client)) : null;
}

// Product rule R7.11: a new recipe-kit basket starts the subscription unless the customer says not.
export async function createKitBasket(client: ApiClient = api): Promise<KitBasketState> {
  return toKitState(
    await unwrap(client.POST('/baskets', { body: { type: KIT_BASKET, start_subscription: true } })),
  );
}

/** One more of a dish in a meal week. */
export async function addKitItem(
  input: { basketId: string; variantId: string; mealWeek: string },
  client: ApiClient = api,
): Promise<KitBasketState> {
  return toKitState(
    await unwrap(
      client.POST('/baskets/{id}/items', {
        params: { path: { id: input.basketId } },
        body: { product_variant_id: input.variantId, quantity: 1, meal_week: input.mealWeek },
      }),
    ),
  );
}

/** A line's new quantity; below one it leaves the basket. */
export async function changeKitItem(
  input: { basketId: string; lineId: string; quantity: number },
  client: ApiClient = api,
): Promise<KitBasketState> {
  return toKitState(await changeBasketItem(input, client));
}

/** The plan: recipes a week and weeks between boxes, as a subscription. */
export async function updateKitPlan(
  input: {
    basketId: string;
    numberOfRecipes?: number;
    frequency?: number;
    startSubscription?: boolean;
  },
  client: ApiClient = api,
): Promise<KitBasketState> {
  return toKitState(
    await unwrap(
      client.PUT('/baskets/{id}', {
        params: { path: { id: input.basketId } },
        body: {
          ...(input.numberOfRecipes !== undefined && { number_of_recipes: input.numberOfRecipes }),
          ...(input.frequency !== undefined && { frequency: input.frequency }),
          start_subscription: input.startSubscription ?? true,
        },
      }),
    ),
  );
}

// Product rule R2.7: at sign-out the basket is deleted and a fresh one created.
export async function resetKitBasket(client: ApiClient = api): Promise<KitBasketState> {
  await unwrap(
    client.DELETE('/baskets/delete_by_type/{type}', { params: { path: { type: KIT_BASKET } } }),
  );
  return createKitBasket(client);
}

export async function applyKitVoucher(
  input: { basketId: string; code: string },
  client: ApiClient = api,
): Promise<KitBasketState> {
  return toKitState(await applyBasketVoucher(input, client));
}

export async function removeKitVoucher(
  input: { basketId: string; voucherId: string },
  client: ApiClient = api,
): Promise<KitBasketState> {
  return toKitState(await removeBasketVoucher(input, client));
}
