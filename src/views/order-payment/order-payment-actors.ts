import { fromPromise } from 'xstate';
import {
  orderPaymentMachine,
  orderPaymentPath,
} from '../../../machines/order-payment/order-payment.machine';
import type {
  CheckoutFailure,
  PayableOrder,
} from '../../../machines/order-payment/order-payment.types';
import { api, unwrap } from '../../api/client';
import { fetchOrder, type OrderWithItems } from '../../api/orders';
import { checkoutCall } from '../checkout-shared/checkout-call';
import {
  paymentAttemptKey,
  paymentDetails,
  paymentOptions,
  saveChosenCard,
} from '../checkout-shared/payment-calls';

const toPayableOrder = ({ order, lines }: OrderWithItems): PayableOrder => ({
  id: order.id,
  state: order.state,
  deliveryDate: order.deliveryDate,
  totalPrice: order.totalPrice,
  storeCredit: order.storeCredit ?? 0,
  amountToCharge: order.amountToCharge ?? order.totalPrice - (order.storeCredit ?? 0),
  paidAt: order.paidAt,
  lines: lines.map(({ item }) => ({
    id: item.id,
    title: item.title,
    variantTitle: item.variantTitle,
    quantity: item.quantity,
    total: item.total,
  })),
});

/** The order payment page wired to the real API. */
export const liveOrderPaymentMachine = orderPaymentMachine.provide({
  actors: {
    loadOrder: fromPromise(({ input }) =>
      checkoutCall(async () => {
        // Not an order id: nothing to ask the server.
        if (!/^\d+$/.test(input.orderId)) throw { status: 404 } satisfies CheckoutFailure;
        const [order, options] = await Promise.all([fetchOrder(input.orderId), paymentOptions()]);
        return { order: toPayableOrder(order), ...options };
      }),
    ),
    saveCard: fromPromise(({ input }) => saveChosenCard(input)),
    pay: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const payment = await unwrap(
          api.POST('/payments', {
            params: {
              header: {
                'Idempotency-Key': paymentAttemptKey(
                  'order-payment',
                  input.orderId,
                  input.methodId,
                  input.attempt,
                ),
              },
            },
            body: {
              order_id: input.orderId,
              payment_method_id: input.methodId,
              // The bank's 3-D Secure page comes back here with ?payment_id=.
              return_url: orderPaymentPath(input.orderId),
            },
          }),
        );
        const { state, action_url: actionUrl, failure_message: message } = payment.data.attributes;
        if (state === 'succeeded') return { status: 'succeeded' as const };
        if (state === 'requires_action' && actionUrl)
          return { status: 'requires_action' as const, actionUrl };
        // Another request's charge is on its way: nothing to do but try again shortly.
        if (state === 'processing')
          throw {
            status: 202,
            message: 'Your payment is on its way. Wait a moment, then try again.',
          } satisfies CheckoutFailure;
        throw { status: 402, message: message ?? undefined } satisfies CheckoutFailure;
      }),
    ),
    confirmPayment: fromPromise(({ input }) => checkoutCall(() => paymentDetails(input.paymentId))),
  },
  actions: {
    openActionUrl: (_, url: string) => window.location.assign(url),
  },
});
