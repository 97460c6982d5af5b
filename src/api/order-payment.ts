import { orderPaymentPath } from '../../machines/shared/order-paths';
import type {
  CheckoutFailure,
  OrderPaymentOptions,
  OrderPaymentOutcome,
  PayableOrder,
  PayOrderInput,
} from '../../machines/order-payment/order-payment.types';
import { api, type ApiClient } from './client';
import { fetchOrder, type OrderWithItems } from './orders';
import { createPayment, paymentAttemptKey, paymentOptions } from './payments';

const toPayableOrder = ({ order, lines }: OrderWithItems): PayableOrder => ({
  id: order.id,
  reference: order.reference,
  state: order.state,
  deliveryDate: order.deliveryDate,
  totalPrice: order.totalPrice,
  storeCredit: order.storeCredit ?? 0,
  amountToCharge: order.amountToCharge ?? order.totalPrice - (order.storeCredit ?? 0),
  paidAt: order.paidAt,
  paymentFailed: order.paymentFailed,
  lines: lines.map(({ item }) => ({
    id: item.id,
    title: item.title,
    variantTitle: item.variantTitle,
    quantity: item.quantity,
    total: item.total,
  })),
});

/** The order to pay, with the customer's saved methods and the gateway's card form. */
export async function loadPayableOrder(
  orderId: string,
  client: ApiClient = api,
): Promise<OrderPaymentOptions> {
  // Not an order id: nothing to ask the server.
  if (!/^\d+$/.test(orderId)) throw { status: 404 } satisfies CheckoutFailure;
  const [order, options] = await Promise.all([fetchOrder(orderId, client), paymentOptions(client)]);
  return { order: toPayableOrder(order), ...options };
}

/** POST payments for the order with a saved method; the bank's page returns to this order's page. */
export async function payOrder(
  input: PayOrderInput,
  client: ApiClient = api,
): Promise<OrderPaymentOutcome> {
  const payment = await createPayment(
    {
      order_id: input.orderId,
      payment_method_id: input.methodId,
      return_url: orderPaymentPath(input.orderId),
    },
    paymentAttemptKey('order-payment', input.orderId, input.methodId, input.attempt),
    client,
  );
  const { state, action_url: actionUrl, failure_message: message } = payment;
  if (state === 'succeeded') return { status: 'succeeded' };
  if (state === 'requires_action' && actionUrl) return { status: 'requires_action', actionUrl };
  // Another request's charge is on its way: nothing to do but try again shortly.
  if (state === 'processing')
    throw {
      status: 202,
      message: 'Your payment is on its way. Wait a moment, then try again.',
    } satisfies CheckoutFailure;
  throw { status: 402, message: message ?? undefined } satisfies CheckoutFailure;
}
