import { eq, inArray } from 'drizzle-orm';
import {
  boxDeliveryFees,
  boxTotalPence,
  DEFAULT_DELIVERY_PENCE,
  type BoxDeliveryFee,
  type DeliveryFeeRule,
} from '../../domain/delivery-fee';
import {
  DEFAULT_KIT_MINIMUMS,
  kitWeeks,
  mealWeeksOf,
  type KitLine,
  type KitVoucher,
  type KitWeek,
} from '../../domain/recipe-kit-basket';
import {
  voucherDiscountPence,
  voucherProblem,
  type PricedLine,
  type Proposition,
  type VoucherTerms,
} from '../../domain/voucher';
import type { Queryable } from '../db/database';
import { basketVouchers, deliveryFeeConfig, vouchers } from '../db/schema';
import { lineTotals, type BasketItemRow, type BasketRow } from './baskets';

export type VoucherRow = typeof vouchers.$inferSelect;

export interface BasketPrice {
  /** Lines with their modifiers, before any discount. */
  subtotalPence: number;
  deliveryPence: number;
  discountPence: number;
  totalPence: number;
  /** The applied voucher's code, upper-cased; null without one. */
  voucherCode: string | null;
  /** Recipe kits: per meal week, earliest first (product rule R7.13); empty for takeaway. */
  weeks: KitWeek[];
  /** Recipe kits: the applied voucher as the validity rules read it, when it applies. */
  kitVoucher: KitVoucher | null;
  /** Recipe kits: each meal week's delivery day and fee (product rule R8.9); empty for takeaway. */
  deliveries: BoxDeliveryFee[];
}

export const propositionOf = (basket: BasketRow): Proposition =>
  basket.type === 'TakeawayBasket' ? 'TW' : 'RK';

export const voucherTerms = (row: VoucherRow): VoucherTerms => ({
  code: row.code,
  type: row.type,
  valueType: row.valueType,
  value: row.value,
  startDate: row.startDate,
  endDate: row.endDate,
  productVariantIds: row.productVariantIds,
  minimumSpendPerOrderPence: row.minimumSpendPerOrderPence,
  propositions: row.propositions,
});

export function kitLines(basket: BasketRow, items: BasketItemRow[]): KitLine[] {
  return lineTotals(items.filter((item) => item.basketId === basket.id)).map((line) => ({
    mealWeek: line.item.mealWeek ?? '',
    isAddon: line.item.isAddon,
    productVariantId: line.item.productVariantId,
    totalPence: line.totalPence,
  }));
}

/**
 * The lines a voucher is checked and counted on. A recipe-kit voucher applies to the first week's
 * box, the order the checkout writes; later weeks become subscription orders at their cut-off.
 */
export function pricedLines(basket: BasketRow, items: BasketItemRow[]): PricedLine[] {
  if (basket.type === 'RecipeKitBasket') {
    const lines = kitLines(basket, items);
    const [firstWeek] = mealWeeksOf(lines);
    return lines.filter((line) => line.mealWeek === firstWeek);
  }
  return lineTotals(items.filter((item) => item.basketId === basket.id)).map((line) => ({
    productVariantId: line.item.productVariantId,
    totalPence: line.totalPence,
  }));
}

/**
 * The lines a voucher's discount is counted on. An add-on voucher gives one add-on in the first
 * week's box: its fixed amount or percentage comes off one unit of that add-on, however many the
 * customer added. Other vouchers count on the priced lines.
 */
function discountedLines(voucher: VoucherRow, basket: BasketRow, items: BasketItemRow[]) {
  if (voucher.type !== 'AddonVoucher' || voucher.addonProductVariantId === null)
    return pricedLines(basket, items);
  const [firstWeek] = mealWeeksOf(kitLines(basket, items));
  const addon = lineTotals(
    items.filter((item) => item.basketId === basket.id && item.mealWeek === firstWeek),
  ).find((line) => line.item.productVariantId === voucher.addonProductVariantId);
  return addon
    ? [{ productVariantId: addon.item.productVariantId, totalPence: addon.unitPence }]
    : [];
}

export async function deliveryFeeRules(db: Queryable): Promise<DeliveryFeeRule[]> {
  return db
    .select({
      weekDay: deliveryFeeConfig.weekDay,
      pricePence: deliveryFeeConfig.pricePence,
      thresholdPence: deliveryFeeConfig.thresholdPence,
    })
    .from(deliveryFeeConfig);
}

/** The voucher applied to the basket, if any. */
export async function basketVoucher(
  db: Queryable,
  basketId: string,
): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select({ voucher: vouchers })
    .from(basketVouchers)
    .innerJoin(vouchers, eq(vouchers.id, basketVouchers.voucherId))
    .where(eq(basketVouchers.basketId, basketId));
  return row?.voucher;
}

/** The vouchers applied to several baskets, in one query, by basket id. */
export async function basketVouchersOf(
  db: Queryable,
  basketIds: string[],
): Promise<Map<string, VoucherRow>> {
  if (basketIds.length === 0) return new Map();
  const rows = await db
    .select({ basketId: basketVouchers.basketId, voucher: vouchers })
    .from(basketVouchers)
    .innerJoin(vouchers, eq(vouchers.id, basketVouchers.voucherId))
    .where(inArray(basketVouchers.basketId, basketIds));
  return new Map(rows.map((row) => [row.basketId, row.voucher]));
}

/**
 * What a basket costs: one source for the basket document, validation and the order written from
 * it. Takeaway delivery pays the default delivery price; pickup and eat-in pay none. The applied
 * voucher discounts only while its terms still hold (dates, minimum, matching dishes): a basket
 * emptied below its minimum keeps the voucher but loses the discount until it is back above.
 * A recipe-kit box pays a delivery fee per meal week (each week is its own shipment), by the
 * delivery day's weekday, free from its threshold (boxDeliveryFees, product rule R8.9: the day
 * chosen, or before that the first day the instructions step offers); its voucher counts on the
 * first week. `at` is the instant priced at (a bare date reads as its midnight, UTC).
 */
export async function priceBasket(
  db: Queryable,
  basket: BasketRow,
  items: BasketItemRow[],
  at: Date | string = new Date(),
  /** A voucher to price with instead of the basket's own (an order's, product rule R9.24). */
  voucherOverride?: VoucherRow | null,
): Promise<BasketPrice> {
  const now = typeof at === 'string' ? new Date(`${at.slice(0, 10)}T00:00:00Z`) : at;
  const today = now.toISOString().slice(0, 10);
  const lines = pricedLines(basket, items);
  const isKit = basket.type === 'RecipeKitBasket';
  const allLines = isKit ? kitLines(basket, items) : lines;
  const subtotalPence = allLines.reduce((sum, line) => sum + line.totalPence, 0);
  let deliveryPence =
    !isKit && basket.fulfillmentType === 'delivery' && subtotalPence > 0
      ? DEFAULT_DELIVERY_PENCE
      : 0;
  const voucher =
    voucherOverride === undefined
      ? await basketVoucher(db, basket.id)
      : (voucherOverride ?? undefined);
  const applies =
    voucher !== undefined &&
    voucherProblem(voucherTerms(voucher), { proposition: propositionOf(basket), today, lines }) ===
      null;
  const discountPence = applies
    ? voucherDiscountPence(voucherTerms(voucher), discountedLines(voucher, basket, items))
    : 0;
  const kitVoucher: KitVoucher | null =
    isKit && applies
      ? {
          type: voucher.type === 'AddonVoucher' ? 'AddonVoucher' : 'DiscountVoucher',
          singleOrder: voucher.singleOrder,
          minimumSpendPerOrderPence: voucher.minimumSpendPerOrderPence,
          productVariantIds: voucher.productVariantIds,
          discountPence,
        }
      : null;
  const weeks = isKit ? kitWeeks(kitLines(basket, items), DEFAULT_KIT_MINIMUMS, kitVoucher) : [];
  const deliveries = isKit
    ? boxDeliveryFees(
        await deliveryFeeRules(db),
        weeks.map((week) => ({
          mealWeek: week.mealWeek,
          subtotalPence: week.foodSubtotalPence + week.addonsSubtotalPence,
        })),
        basket.deliveryDate,
        now,
      )
    : [];
  if (isKit) deliveryPence = deliveries.reduce((sum, week) => sum + week.feePence, 0);
  return {
    subtotalPence,
    deliveryPence,
    discountPence,
    totalPence: boxTotalPence(subtotalPence, discountPence, deliveryPence),
    deliveries,
    voucherCode: applies ? voucher.code.toUpperCase() : null,
    weeks,
    kitVoucher,
  };
}
