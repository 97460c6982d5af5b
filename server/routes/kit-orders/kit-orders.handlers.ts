import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import { placeKitOrder, previewKitOrder } from '../../services/kit-orders/kit-orders';
import { chargeKitOrder, type KitCharge } from '../../services/kit-orders/kit-payment';
import { orderView } from '../../services/orders/order-views';
import { requireCustomer } from '../../services/sessions';
import { orderDocument } from '../orders/order-document';
import { withRetryAfter } from '../payments/retry-after';
import type { Deps } from '../../deps';

const pounds = (pence: number) => pence / 100;

/** Ids arrive as digit strings (the contract checks their shape). */
const idOf = (value: string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

export function kitOrderHandlers({
  db,
  now,
  paymentGateway,
  catalogue,
  config,
}: Deps): OperationHandlers<'previewOrder' | 'createRecipeKitOrder'> {
  return {
    previewOrder: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const preview = await previewKitOrder(db, customer.id, request.body.basket_id, now());
      return {
        data: {
          type: 'order_previews' as const,
          id: request.body.basket_id,
          attributes: {
            subtotal: pounds(preview.subtotalPence),
            delivery: pounds(preview.deliveryPence),
            discount: pounds(preview.discountPence),
            store_credit: pounds(preview.storeCreditPence),
            total: pounds(preview.totalPence),
            amount_to_charge: pounds(preview.amountToChargePence),
            request_card: preview.requestCard,
            likely_card_charge: preview.likelyCardCharge,
            recurring: preview.recurring && {
              recipes_per_box: preview.recurring.recipesPerBox,
              frequency: preview.recurring.frequency,
              delivery_day: preview.recurring.deliveryDay,
              price_per_box: pounds(preview.recurring.pricePerBoxPence),
              delivery_fee: pounds(preview.recurring.deliveryFeePence),
              next_charge_at: preview.recurring.nextChargeAt.toISOString(),
              next_delivery_date: preview.recurring.nextDeliveryDate,
            },
          },
        },
      };
    },

    createRecipeKitOrder: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const body = request.body;
      const placed = await placeKitOrder(
        db,
        catalogue,
        {
          customerId: customer.id,
          basketId: body.basket_id,
          paymentMethodId: idOf(body.payment_method_id),
          shippingAddressId: Number(body.shipping_address_id),
          billingAddressId: idOf(body.billing_address_id),
          deliveryNote: body.delivery_note,
          courierInstruction: body.courier_instruction,
        },
        now(),
      );
      let charge: KitCharge = { status: placed.created ? 201 : 200, payment: null };
      const before = await orderView(db, customer.id, placed.orderId);
      if (before.order.state !== 'paid' && placed.amountToChargePence > 0) {
        if (placed.paymentMethodId === null)
          throw new ApiError(400, 'payment_method_required', 'Card required', {
            detail: 'Choose a card to pay the amount your store credit does not cover',
            pointer: '/payment_method_id',
          });
        const paymentMethodId = placed.paymentMethodId;
        charge = await withRetryAfter(reply, () =>
          chargeKitOrder(db, paymentGateway, now, {
            customer,
            orderId: placed.orderId,
            subscriptionId: placed.subscriptionId,
            paymentMethodId,
            limits: config.paymentAttemptLimits,
          }),
        );
      }
      const status = charge.status === 202 ? 202 : placed.created ? 201 : 200;
      reply.code(status);
      const document = orderDocument(await orderView(db, customer.id, placed.orderId));
      return {
        ...document,
        meta: {
          subscription_id: placed.subscriptionId === null ? null : String(placed.subscriptionId),
          payment: charge.payment
            ? {
                id: String(charge.payment.id),
                state: charge.payment.state,
                action_url: charge.payment.actionUrl,
              }
            : null,
        },
      };
    },
  };
}
