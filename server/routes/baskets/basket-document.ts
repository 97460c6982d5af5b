import { MINIMUM_SPEND_POUNDS } from '../../../src/domain/money';
import type { BasketItemRow, BasketRow } from '../../services/baskets';
import { lineTotals } from '../../services/baskets';

const pounds = (pence: number) => pence / 100;

export function basketResource(basket: BasketRow, items: BasketItemRow[]) {
  const lines = lineTotals(items.filter((item) => item.basketId === basket.id));
  const subtotalPence = lines.reduce((sum, line) => sum + line.totalPence, 0);
  return {
    type: 'baskets' as const,
    id: basket.id,
    attributes: {
      basket_type: basket.type,
      // Vouchers and delivery fees arrive with their own calls; until then totals are the lines.
      total_price: pounds(subtotalPence),
      subtotal_price: pounds(subtotalPence),
      total_line_items_price: pounds(subtotalPence),
      total_discount: 0,
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

export function basketDocument(basket: BasketRow, items: BasketItemRow[]) {
  return {
    data: basketResource(basket, items),
    included: basketItemResources(items),
    meta: {
      minimum_spend: MINIMUM_SPEND_POUNDS,
      minimum_spend_per_order: MINIMUM_SPEND_POUNDS,
      request_card: false,
    },
  };
}
