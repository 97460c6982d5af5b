import { assign, setup } from 'xstate';
import { isPaymentFailed } from '../../domain/order-status';
import { paymentActions } from '../checkout-shared/checkout-actions';
import {
  confirmPaymentCall,
  failedUntilRetry,
  failureOf,
  newCardChecks,
  notPaidErrors,
  paymentGuards,
  redirecting,
  savingCard,
  toBankPage,
  toFailed,
  type SaveCardInput,
} from '../checkout-shared/checkout-shared';
import type { CheckoutSkeleton, PaymentGaps } from '../checkout-shared/checkout-skeleton';
import { unprovided } from '../shared/unprovided-actor';
import type {
  CheckoutFailure,
  FormError,
  OrderPaymentChoice,
  OrderPaymentOptions,
  OrderPaymentOutcome,
  PayableOrder,
  PaymentGateway,
  PayOrderInput,
  ReturnedOrderPayment,
  SavedPaymentMethod,
} from './order-payment.types';

/** Messages of product rules R5.7 and R9.4, and ours where the rules name none. */
export const ORDER_PAYMENT_MESSAGES = {
  /** Product rule R9.4: order fetch and pending payments. */
  loadFailed: 'We were unable to process your request',
  paymentSetupFailed: 'Request failed',
  paymentDetailsFailed: 'Something went wrong',
  paymentFailed: 'Your payment did not go through. Try again or use another card.',
  hardDecline: 'Use a different card: this one cannot be charged.',
  paymentPending: 'Your payment is not confirmed yet. Try again or choose another way to pay.',
} as const;

export { orderPaymentPath, PAYMENT_SUCCESS_PATH } from '../shared/order-paths';

export interface OrderPaymentInput {
  orderId: string;
  /** Back from a bank's 3-D Secure page: `?payment_id=`, read once. */
  returnedPaymentId: string | null;
}

export interface OrderPaymentContext extends OrderPaymentInput {
  order: PayableOrder | null;
  methods: SavedPaymentMethod[];
  gateway: PaymentGateway;
  choice: OrderPaymentChoice | null;
  attempt: number;
  errors: FormError[];
  actionUrl: string | null;
  /** What was paid, once paid (pounds); null when the order was paid before this visit. */
  amountPaid: number | null;
}

export type OrderPaymentEvent =
  { type: 'payment.submit'; choice: OrderPaymentChoice } | { type: 'retry' };

/**
 * Paying an order left unpaid (product rule R9.3, /payment/{orderId}): a subscription week the
 * billing job could not charge (declined, or 3-D Secure off session), or a checkout whose
 * payment failed after the order was written. Loads the order and the saved methods together;
 * an order already paid goes to the success page, one not awaiting payment says so. Paying is a
 * saved method or a new card; a decline comes back with the bank's words, 3-D Secure leaves for
 * the bank's page and comes back with `?payment_id=`, confirmed before anything else.
 */
export const orderPaymentMachine = setup({
  types: {
    input: {} as OrderPaymentInput,
    context: {} as OrderPaymentContext,
    events: {} as OrderPaymentEvent,
  },
  actors: {
    loadOrder: unprovided<OrderPaymentOptions, { orderId: string }>('loadOrder'),
    saveCard: unprovided<SavedPaymentMethod, SaveCardInput<OrderPaymentChoice>>('saveCard'),
    pay: unprovided<OrderPaymentOutcome, PayOrderInput>('pay'),
    confirmPayment: unprovided<ReturnedOrderPayment, { paymentId: string }>('confirmPayment'),
  },
  guards: {
    ...paymentGuards,
    /** Product rule R9.2: payment_pending and not_authorized orders are the payment-failed ones. */
    isAwaitingPayment: (_, order: PayableOrder) => isPaymentFailed(order.state),
    isAlreadyPaid: (_, order: PayableOrder) => order.paidAt !== null && order.state !== 'dropped',
    isNotFound: (_, failure: CheckoutFailure) => failure.status === 404,
    isDeclined: (_, failure: CheckoutFailure) => failure.status === 402,
    /** The returned payment succeeded, and for this order. */
    paidThisOrder: ({ context }, returned: ReturnedOrderPayment) =>
      returned.status === 'succeeded' && returned.orderId === context.orderId,
  },
  actions: {
    ...paymentActions<OrderPaymentContext, OrderPaymentEvent>(ORDER_PAYMENT_MESSAGES),
    clearErrors: assign({ errors: [] }),
    assignOptions: assign({
      order: (_, options: OrderPaymentOptions) => options.order,
      methods: (_, options: OrderPaymentOptions) => options.methods,
      gateway: (_, options: OrderPaymentOptions) => options.gateway,
    }),
    assignPaid: assign({ amountPaid: (_, amount: number | null) => amount }),
    assignReturnFailed: assign({
      returnedPaymentId: null,
      errors: (_, returned: ReturnedOrderPayment) =>
        notPaidErrors(returned, ORDER_PAYMENT_MESSAGES),
      attempt: ({ context }) => context.attempt + 1,
    }),
  },
}).createMachine({
  id: 'orderPayment',
  context: ({ input }) => ({
    ...input,
    order: null,
    methods: [],
    gateway: { name: 'sandbox' },
    choice: null,
    attempt: 0,
    errors: [],
    actionUrl: null,
    amountPaid: null,
  }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'hasReturnedPayment', target: 'confirmingPayment' }, { target: 'loading' }],
    },
    // The order and the saved methods in one call, so neither waits for the other.
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'isAwaitingPayment', params: ({ event }) => event.output.order },
            target: 'choosing',
            actions: { type: 'assignOptions', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isAlreadyPaid', params: ({ event }) => event.output.order },
            target: 'paid',
            actions: { type: 'assignOptions', params: ({ event }) => event.output },
          },
          {
            target: 'nothingToPay',
            actions: { type: 'assignOptions', params: ({ event }) => event.output },
          },
        ],
        onError: [
          {
            // Another customer's order is not found either.
            guard: { type: 'isNotFound', params: ({ event }) => failureOf(event.error) },
            target: 'notFound',
          },
          toFailed('order', ORDER_PAYMENT_MESSAGES.loadFailed),
        ],
      },
    },
    choosing: {
      on: {
        'payment.submit': [
          ...newCardChecks<OrderPaymentChoice>('orderPayment'),
          {
            target: 'paying',
            actions: ['clearErrors', { type: 'assignChoice', params: ({ event }) => event.choice }],
          },
        ],
      },
    },
    savingCard: savingCard<OrderPaymentChoice>(
      { then: 'paying', failedTo: 'choosing' },
      ORDER_PAYMENT_MESSAGES.paymentSetupFailed,
    ),
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({
          orderId: context.orderId,
          methodId: context.choice?.kind === 'saved' ? context.choice.methodId : '',
          attempt: context.attempt,
        }),
        onDone: [
          {
            guard: { type: 'hasSucceeded', params: ({ event }) => event.output },
            target: 'paid',
            actions: {
              type: 'assignPaid',
              params: ({ context }) => context.order?.amountToCharge ?? null,
            },
          },
          toBankPage,
        ],
        onError: [
          {
            guard: { type: 'isDeclined', params: ({ event }) => failureOf(event.error) },
            target: 'choosing',
            actions: { type: 'assignDecline', params: ({ event }) => failureOf(event.error) },
          },
          {
            // The provider unreachable, the order no longer payable: the server's words.
            target: 'choosing',
            actions: {
              type: 'assignError',
              params: ({ event }) => ({
                field: 'payment',
                message: failureOf(event.error).message ?? ORDER_PAYMENT_MESSAGES.paymentFailed,
              }),
            },
          },
        ],
      },
    },
    // The customer leaves for the bank's 3-D Secure page and comes back with ?payment_id=.
    redirecting,
    confirmingPayment: {
      tags: ['busy'],
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        // Product rule R5.7: unreadable, the server's error, otherwise 'Something went wrong'.
        ...confirmPaymentCall(ORDER_PAYMENT_MESSAGES.paymentDetailsFailed),
        onDone: [
          {
            guard: { type: 'paidThisOrder', params: ({ event }) => event.output },
            target: 'paid',
            actions: { type: 'assignPaid', params: ({ event }) => event.output.amount },
          },
          {
            // Not paid: the order and the methods, then the choice again with the reason.
            target: 'loading',
            actions: { type: 'assignReturnFailed', params: ({ event }) => event.output },
          },
        ],
      },
    },
    // A call the page cannot go on without failed: say so and offer to try again.
    failed: failedUntilRetry('loading'),
    // The page ends here: a reason a payment failed before is not for these screens.
    paid: { type: 'final', entry: 'clearErrors' },
    nothingToPay: { type: 'final', entry: 'clearErrors' },
    notFound: { type: 'final' },
  },
});

/** The shared payment fragments find what they need here (checkout-shared.md). */
export type OrderPaymentSkeleton = CheckoutSkeleton<PaymentGaps<typeof orderPaymentMachine>>;
