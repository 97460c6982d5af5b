import type { components } from '../../../openapi/schema';
import type { FeedbackRow } from '../../services/orders/order-details';
import type { PaymentSummary } from '../../services/orders/order-payment-summary';
import type { LineItemRow, OrderView } from '../../services/orders/order-views';

type OrderState = components['schemas']['OrderState'];

const pounds = (pence: number) => pence / 100;
const iso = (instant: Date | null) => (instant ? instant.toISOString() : null);

export function orderResource({
  order,
  restaurantSite,
  ratingId,
  rating,
  lineItems,
  paymentFailed,
}: OrderView) {
  return {
    type: 'orders' as const,
    id: String(order.id),
    attributes: {
      reference: order.reference,
      order_type: order.type,
      state: order.state as OrderState,
      fulfillment_type: order.fulfillmentType,
      restaurant_id: order.restaurantId === null ? null : String(order.restaurantId),
      restaurant_site: restaurantSite,
      delivery_date: order.deliveryDate,
      time_slot: order.timeSlot,
      time_slot_end_time: order.timeSlotEndTime,
      asap: order.timeSlot === 'asap',
      address: order.address ?? null,
      delivery_note: order.deliveryNote,
      table_number: order.tableNumber,
      voucher_code: order.voucherCode,
      subtotal_price: pounds(order.subtotalPence),
      delivery_price: pounds(order.deliveryPence),
      total_discounts: pounds(order.discountPence),
      total_price: pounds(order.totalPence),
      prep_time: order.prepMinutes,
      eta_delay: order.etaDelayMinutes,
      created_at: order.createdAt.toISOString(),
      paid_at: iso(order.paidAt),
      delivered_at: iso(order.deliveredAt),
      rating_id: ratingId === null ? null : String(ratingId),
      rating,
      line_item_ids: lineItems
        .filter((line) => line.parentId === null)
        .map((line) => String(line.id)),
      subscription_id: order.subscriptionId === null ? null : String(order.subscriptionId),
      schedule_week_id: order.scheduleWeekId === null ? null : String(order.scheduleWeekId),
      chef_selected: order.chefSelected,
      store_credit: pounds(order.storeCreditPence),
      amount_to_charge: pounds(order.totalPence - order.storeCreditPence),
      payment_failed: paymentFailed,
    },
  };
}

/**
 * Line items as the contract's entity (product rule R13.3): a dish's price includes its modifiers,
 * which are sub-items.
 */
export function lineItemResources(lines: LineItemRow[], productRatings: Map<number, number>) {
  return lines.map((line) => {
    const subItems = lines.filter((sub) => sub.parentId === line.id);
    const unitPence =
      line.unitPricePence + subItems.reduce((sum, sub) => sum + sub.unitPricePence, 0);
    return {
      type: 'line_items' as const,
      id: String(line.id),
      attributes: {
        product_variant_id: line.productVariantId,
        title: line.title,
        variant_title: line.variantTitle,
        quantity: line.quantity,
        price: pounds(unitPence),
        total: pounds(unitPence * line.quantity),
        parent_line_item: line.parentId === null ? null : String(line.parentId),
        sub_item_ids: subItems.map((sub) => String(sub.id)),
        product_rating: productRatings.get(line.id) ?? null,
      },
    };
  });
}

export function orderDocument(view: OrderView) {
  return {
    data: orderResource(view),
    included: lineItemResources(view.lineItems, view.productRatings),
  };
}

export function feedbackAttributes(feedback: FeedbackRow) {
  return {
    order_id: String(feedback.orderId),
    nps_rating: feedback.npsRating,
    reason: feedback.reason,
    notes: feedback.notes,
    created_at: feedback.createdAt.toISOString(),
    updated_at: feedback.updatedAt.toISOString(),
  };
}

/** GET orders/{id}: the order document, and in `meta` what its page shows (product rule R9.14). */
export function orderDetailDocument(
  view: OrderView,
  payment: PaymentSummary | null,
  feedback: FeedbackRow | null,
) {
  return {
    ...orderDocument(view),
    meta: {
      payment: payment && {
        state: payment.state,
        amount: pounds(payment.amountPence),
        payment_method_type: payment.methodType,
        brand: payment.brand,
        last4: payment.last4,
        created_at: payment.createdAt.toISOString(),
      },
      feedback: feedback && feedbackAttributes(feedback),
      invoice_emailed_at: iso(view.order.invoiceEmailedAt),
    },
  };
}
