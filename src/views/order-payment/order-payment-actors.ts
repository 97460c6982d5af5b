import { fromPromise } from 'xstate';
import { orderPaymentMachine } from '../../../machines/order-payment/order-payment.machine';
import { loadPayableOrder, payOrder } from '../../api/order-payment';
import { paymentDetails, saveChosenCard } from '../../api/payments';
import { checkoutCall } from '../checkout-shared/checkout-call';

/** The order payment page wired to the real API. */
export const liveOrderPaymentMachine = orderPaymentMachine.provide({
  actors: {
    loadOrder: fromPromise(({ input }) => checkoutCall(() => loadPayableOrder(input.orderId))),
    saveCard: fromPromise(({ input }) => checkoutCall(() => saveChosenCard(input))),
    pay: fromPromise(({ input }) => checkoutCall(() => payOrder(input))),
    confirmPayment: fromPromise(({ input }) => checkoutCall(() => paymentDetails(input.paymentId))),
  },
  actions: {
    openActionUrl: (_, url: string) => window.location.assign(url),
  },
});
