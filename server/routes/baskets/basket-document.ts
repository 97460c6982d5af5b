import { eq, inArray } from 'drizzle-orm';
import { MINIMUM_SPEND_POUNDS } from '../../../domain/money';
import type { Queryable } from '../../db/database';
import { catalogueProducts, catalogueVariants } from '../../db/schema';
import { boxTotalPence } from '../../../domain/delivery-fee';
import {
  basketVoucher,
  priceBasket,
  type BasketPrice,
  type VoucherRow,
} from '../../services/basket-pricing';
import type { BasketItemRow, BasketRow } from '../../services/baskets';
import { lineTotals } from '../../services/baskets';

const pounds = (pence: number) => pence / 100;

export function voucherResource(voucher: VoucherRow) {
  return {
    type: 'vouchers' as const,
    id: String(voucher.id),
    attributes: {
      code: voucher.code,
      voucher_type: voucher.type,
      value_type: voucher.valueType,
      value: voucher.valueType === 'fixed_amount' ? pounds(voucher.value) : voucher.value,
      start_date: voucher.startDate,
      end_date: voucher.endDate,
      product_variant_ids: voucher.productVariantIds,
      single_order: voucher.singleOrder,
      minimum_spend_per_order:
        voucher.minimumSpendPerOrderPence === null
          ? null
          : pounds(voucher.minimumSpendPerOrderPence),
    },
  };
}

/**
 * The basket with its totals from priceBasket: the same numbers the order is written with. The
 * caller reads the voucher and prices the basket once, so a document costs no query per basket.
 */
export function basketResource(
  basket: BasketRow,
  items: BasketItemRow[],
  price: BasketPrice,
  voucher: VoucherRow | undefined,
) {
  const lines = lineTotals(items.filter((item) => item.basketId === basket.id));
  return {
    type: 'baskets' as const,
    id: basket.id,
    attributes: {
      basket_type: basket.type,
      total_price: pounds(price.totalPence),
      // Before the discount: the minimum-spend rule reads this (product rule R4.5).
      subtotal_price: pounds(price.subtotalPence),
      total_line_items_price: pounds(price.subtotalPence),
      total_discount: pounds(price.discountPence),
      delivery_price: pounds(price.deliveryPence),
      voucher_code: voucher ? voucher.code : null,
      number_of_recipes: basket.numberOfRecipes,
      delivery_date: basket.deliveryDate,
      address: basket.address ?? null,
      frequency: basket.frequency,
      start_subscription: basket.startSubscription,
      delivery_note: basket.deliveryNote,
      asap: basket.timeSlot === 'asap',
      time_slot: basket.timeSlot,
      time_slot_end_time: basket.timeSlotEndTime,
      fulfillment_type: basket.fulfillmentType,
      restaurant_id: basket.restaurantId === null ? null : String(basket.restaurantId),
      customer_email: basket.customerEmail,
      is_open_tab: basket.isOpenTab,
      table_number: basket.tableNumber,
      is_catering_order: basket.isCateringOrder,
      item_ids: lines.map((line) => String(line.item.id)),
    },
    relationships: {
      voucher: { data: voucher ? { type: 'vouchers' as const, id: String(voucher.id) } : null },
    },
  };
}

export interface ItemDetails {
  variantTitle: string;
  imageUrl: string | null;
}

/** Recipe-kit items' variant titles and images, read from the catalogue by variant id. */
export async function kitItemDetails(
  db: Queryable,
  items: BasketItemRow[],
): Promise<Map<string, ItemDetails>> {
  const ids = [
    ...new Set(
      items.filter((item) => item.mealWeek !== null).map((item) => Number(item.productVariantId)),
    ),
  ].filter(Number.isInteger);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: catalogueVariants.id,
      title: catalogueVariants.title,
      images: catalogueProducts.images,
    })
    .from(catalogueVariants)
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueVariants.productId))
    .where(inArray(catalogueVariants.id, ids));
  return new Map(
    rows.map((row) => [
      String(row.id),
      { variantTitle: row.title, imageUrl: row.images[0] ?? null },
    ]),
  );
}

export function basketItemResources(
  items: BasketItemRow[],
  details: ReadonlyMap<string, ItemDetails> = new Map(),
) {
  const lines = lineTotals(items);
  const byId = new Map(lines.map((line) => [line.item.id, line]));
  return items.map((item) => {
    const line = byId.get(item.id);
    const unitPence = line ? line.unitPence : item.unitPricePence;
    return {
      type: 'basket_items' as const,
      id: String(item.id),
      attributes: {
        product_id: String(item.productId),
        product_variant_id: item.productVariantId,
        title: item.title,
        quantity: item.quantity,
        price: pounds(unitPence),
        discount: 0,
        total: pounds(line ? line.totalPence : item.unitPricePence * item.quantity),
        parent: item.parentId === null ? null : String(item.parentId),
        sub_item_ids: line ? line.subItems.map((sub) => String(sub.id)) : [],
        meal_week: item.mealWeek,
        is_addon: item.isAddon,
        is_double: item.isDouble,
        variant_title: details.get(item.productVariantId)?.variantTitle ?? null,
        image_url: details.get(item.productVariantId)?.imageUrl ?? null,
      },
    };
  });
}

export async function basketDocument(
  db: Queryable,
  basket: BasketRow,
  items: BasketItemRow[],
  at: Date | string,
  /** The basket's voucher when the caller read it already (null: none); read here otherwise. */
  knownVoucher?: VoucherRow | null,
) {
  const [voucher, details] = await Promise.all([
    knownVoucher === undefined ? basketVoucher(db, basket.id) : (knownVoucher ?? undefined),
    kitItemDetails(db, items),
  ]);
  const price = await priceBasket(db, basket, items, at, voucher ?? null);
  return {
    data: basketResource(basket, items, price, voucher),
    included: basketItemResources(items, details),
    meta: {
      minimum_spend: MINIMUM_SPEND_POUNDS,
      minimum_spend_per_order: MINIMUM_SPEND_POUNDS,
      request_card: false,
      ...(basket.type === 'RecipeKitBasket' && {
        weeks: price.weeks.map((week, index) => {
          const delivery = price.deliveries.find((d) => d.mealWeek === week.mealWeek);
          const feePence = delivery?.feePence ?? 0;
          // The voucher counts on the first week only (pricedLines).
          const discountPence = index === 0 ? price.discountPence : 0;
          const subtotalPence = week.foodSubtotalPence + week.addonsSubtotalPence;
          return {
            meal_week: week.mealWeek,
            food_subtotal: pounds(week.foodSubtotalPence),
            addons_subtotal: pounds(week.addonsSubtotalPence),
            missing_to_minimum: pounds(week.missingToMinimumPence),
            delivery_date: delivery?.deliveryDate ?? week.mealWeek,
            delivery_price: pounds(feePence),
            discount: pounds(discountPence),
            total: pounds(boxTotalPence(subtotalPence, discountPence, feePence)),
          };
        }),
      }),
    },
  };
}
