import { and, eq } from 'drizzle-orm';
import { isDoublePortion } from '../../../domain/portion';
import { kitBasketProblems, DEFAULT_KIT_MINIMUMS } from '../../../domain/recipe-kit-basket';
import { isWeekOpen } from '../../../domain/weeks';
import type { Queryable } from '../../db/database';
import { basketItems } from '../../db/schema';
import { ApiError } from '../../http/jsonapi';
import { kitLines, priceBasket } from '../../services/basket-pricing';
import {
  kitVariantOnMenu,
  type BasketItemRow,
  type BasketRow,
  type KitVariant,
} from '../../services/baskets';

const invalid = (code: string, title: string, detail: string, pointer?: string) =>
  new ApiError(400, code, title, pointer ? { detail, pointer } : { detail });

const MONDAY = 1;
const isMonday = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay() === MONDAY;

/**
 * What a recipe-kit add needs (product rules R7.12 and R7.1): a Monday whose week is still open
 * (before Friday 12:00 UTC), a variant on that week's menu, for sale and in stock for the quantity
 * asked.
 */
function assertOpenMealWeek(mealWeek: string | undefined, now: Date): asserts mealWeek is string {
  if (!mealWeek)
    throw invalid(
      'meal_week_required',
      'Meal week required',
      'Say which week the dish is for',
      '/meal_week',
    );
  if (!isMonday(mealWeek))
    throw invalid(
      'meal_week_not_monday',
      'Not a meal week',
      'A meal week starts on a Monday',
      '/meal_week',
    );
  if (!isWeekOpen(mealWeek, now))
    throw invalid(
      'week_closed',
      'Week closed',
      `Orders for the week of ${mealWeek} closed at Friday 12:00`,
      '/meal_week',
    );
}

export async function orderableKitVariant(
  db: Queryable,
  productVariantId: string,
  mealWeek: string | undefined,
  quantity: number,
  now: Date,
): Promise<KitVariant> {
  assertOpenMealWeek(mealWeek, now);
  const variantId = Number(productVariantId);
  const variant = /^\d+$/.test(productVariantId)
    ? await kitVariantOnMenu(db, variantId, mealWeek)
    : undefined;
  if (!variant)
    throw invalid(
      'unknown_product',
      'Unknown product',
      'This dish is not on the menu for that week',
      '/product_variant_id',
    );
  if (!variant.availableForSale || variant.productType === 'Gift Box')
    throw invalid(
      'product_unavailable',
      'Not available',
      `${variant.productTitle} is not available`,
      '/product_variant_id',
    );
  if (variant.quantityAvailable !== null && variant.quantityAvailable < quantity)
    throw invalid(
      'out_of_stock',
      'Out of stock',
      variant.quantityAvailable === 0
        ? `${variant.productTitle} is sold out`
        : `Only ${variant.quantityAvailable} of ${variant.productTitle} left`,
      '/quantity',
    );
  return variant;
}

/** Adds the dish to the week, or adds to the line already there for that variant and week. */
export async function addKitItem(
  db: Queryable,
  basket: BasketRow,
  body: { product_variant_id: string; quantity: number; meal_week?: string },
  now: Date,
): Promise<void> {
  assertOpenMealWeek(body.meal_week, now);
  const [existing] = await db
    .select()
    .from(basketItems)
    .where(
      and(
        eq(basketItems.basketId, basket.id),
        eq(basketItems.productVariantId, body.product_variant_id),
        eq(basketItems.mealWeek, body.meal_week),
      ),
    );
  const quantity = body.quantity + (existing?.quantity ?? 0);
  const variant = await orderableKitVariant(
    db,
    body.product_variant_id,
    body.meal_week,
    quantity,
    now,
  );
  if (existing) {
    await db.update(basketItems).set({ quantity }).where(eq(basketItems.id, existing.id));
    return;
  }
  await db.insert(basketItems).values({
    basketId: basket.id,
    productId: variant.productId,
    productVariantId: String(variant.variantId),
    title: variant.productTitle,
    quantity,
    unitPricePence: variant.pricePence,
    mealWeek: body.meal_week,
    isAddon: variant.productType === 'Add-on',
    isDouble: isDoublePortion(variant.variantTitle),
  });
}

/** A quantity change on a kit line: the week must still be open and the stock hold it. */
export async function assertKitQuantity(
  db: Queryable,
  item: BasketItemRow,
  quantity: number,
  now: Date,
): Promise<void> {
  await orderableKitVariant(db, item.productVariantId, item.mealWeek ?? undefined, quantity, now);
}

/**
 * Product rule R7.13 for a recipe-kit basket: every week's food subtotal at the per-order minimum,
 * the total at the minimum spend. One error per problem, each naming the week and the amount
 * missing.
 */
export async function assertKitBasketValid(
  db: Queryable,
  basket: BasketRow,
  items: BasketItemRow[],
  today: string,
): Promise<void> {
  const price = await priceBasket(db, basket, items, today);
  const problems = kitBasketProblems(
    kitLines(basket, items),
    DEFAULT_KIT_MINIMUMS,
    price.kitVoucher,
  );
  const [first, ...rest] = problems;
  if (!first) return;
  const error = invalid(first.code, 'Box not complete', first.message);
  for (const problem of rest) {
    error.errors.push({
      status: '400',
      code: problem.code,
      title: 'Box not complete',
      detail: problem.message,
    });
  }
  throw error;
}
