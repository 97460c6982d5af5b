import { eq } from 'drizzle-orm';
import { DEFAULT_DELIVERY_PRICE_POUNDS } from '../../src/domain/money';
import {
  voucherDiscountPence,
  voucherProblem,
  type PricedLine,
  type Proposition,
  type VoucherTerms,
} from '../../src/domain/voucher';
import type { Queryable } from '../db/database';
import { basketVouchers, vouchers } from '../db/schema';
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
}

const DEFAULT_DELIVERY_PENCE = Math.round(DEFAULT_DELIVERY_PRICE_POUNDS * 100);

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

export function pricedLines(basket: BasketRow, items: BasketItemRow[]): PricedLine[] {
  return lineTotals(items.filter((item) => item.basketId === basket.id)).map((line) => ({
    productVariantId: line.item.productVariantId,
    totalPence: line.totalPence,
  }));
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

/**
 * What a basket costs: one source for the basket document, validation and the order written from
 * it. Takeaway delivery pays the default delivery price; pickup and eat-in pay none. The applied
 * voucher discounts only while its terms still hold (dates, minimum, matching dishes): a basket
 * emptied below its minimum keeps the voucher but loses the discount until it is back above.
 */
export async function priceBasket(
  db: Queryable,
  basket: BasketRow,
  items: BasketItemRow[],
  today: string = new Date().toISOString().slice(0, 10),
): Promise<BasketPrice> {
  const lines = pricedLines(basket, items);
  const subtotalPence = lines.reduce((sum, line) => sum + line.totalPence, 0);
  const deliveryPence =
    basket.type === 'TakeawayBasket' && basket.fulfillmentType === 'delivery' && subtotalPence > 0
      ? DEFAULT_DELIVERY_PENCE
      : 0;
  const voucher = await basketVoucher(db, basket.id);
  const applies =
    voucher !== undefined &&
    voucherProblem(voucherTerms(voucher), { proposition: propositionOf(basket), today, lines }) ===
      null;
  const discountPence = applies ? voucherDiscountPence(voucherTerms(voucher), lines) : 0;
  return {
    subtotalPence,
    deliveryPence,
    discountPence,
    totalPence: Math.max(0, subtotalPence - discountPence) + deliveryPence,
    voucherCode: applies ? voucher.code.toUpperCase() : null,
  };
}
