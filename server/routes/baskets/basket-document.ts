import { MINIMUM_SPEND_POUNDS } from '../../../src/domain/money';
import type { Queryable } from '../../db/database';
import { basketVoucher, priceBasket, type VoucherRow } from '../../services/basket-pricing';
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

/** The basket with its totals from priceBasket: the same numbers the order is written with. */
export async function basketResource(
  db: Queryable,
  basket: BasketRow,
  items: BasketItemRow[],
  today: string,
) {
  const own = items.filter((item) => item.basketId === basket.id);
  const lines = lineTotals(own);
  const price = await priceBasket(db, basket, own, today);
  const voucher = await basketVoucher(db, basket.id);
  return {
    type: 'baskets' as const,
    id: basket.id,
    attributes: {
      basket_type: basket.type,
      total_price: pounds(price.totalPence),
      // Before the discount: the minimum-spend rule reads this (spec section 5).
      subtotal_price: pounds(price.subtotalPence),
      total_line_items_price: pounds(price.subtotalPence),
      total_discount: pounds(price.discountPence),
      delivery_price: pounds(price.deliveryPence),
      voucher_code: voucher ? voucher.code : null,
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

export function basketItemResources(items: BasketItemRow[]) {
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
      },
    };
  });
}

export async function basketDocument(
  db: Queryable,
  basket: BasketRow,
  items: BasketItemRow[],
  today: string,
) {
  return {
    data: await basketResource(db, basket, items, today),
    included: basketItemResources(items),
    meta: {
      minimum_spend: MINIMUM_SPEND_POUNDS,
      minimum_spend_per_order: MINIMUM_SPEND_POUNDS,
      request_card: false,
    },
  };
}
