import { assign, fromPromise, setup } from 'xstate';
import { cardFormErrors } from '../../src/domain/checkout';
import { isPaymentFailed } from '../../src/domain/order-status';
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

/** Spec section 8 messages, and ours where the spec names none. */
export const ORDER_PAYMENT_MESSAGES = {
  /** Spec section 8: order fetch and pending payments. */
  loadFailed: 'We were unable to process your request',
  paymentSetupFailed: 'Request failed',
  paymentDetailsFailed: 'Something went wrong',
  paymentFailed: 'Your payment did not go through. Try again or use another card.',
  hardDecline: 'Use a different card: this one cannot be charged.',
  paymentPending: 'Your payment is not confirmed yet. Try again or choose another way to pay.',
} as const;

export const orderPaymentPath = (orderId: string) => `/payment/${orderId}`;
export const PAYMENT_SUCCESS_PATH = '/payment/success';

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

const failureOf = (error: unknown): CheckoutFailure =>
  (error as CheckoutFailure | undefined) ?? { status: 0 };

const choiceErrors = (choice: OrderPaymentChoice): FormError[] =>
  choice.kind === 'newCard' && 'number' in choice.card ? cardFormErrors(choice.card) : [];

/**
 * Paying an order left unpaid (spec section 2, /payment/{orderId}): a subscription week the
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
    loadOrder: fromPromise<OrderPaymentOptions, { orderId: string }>(async () => {
      throw new Error('loadOrder not provided');
    }),
    saveCard: fromPromise<
      SavedPaymentMethod,
      { choice: OrderPaymentChoice | null; gateway: PaymentGateway }
    >(async () => {
      throw new Error('saveCard not provided');
    }),
    pay: fromPromise<OrderPaymentOutcome, PayOrderInput>(async () => {
      throw new Error('pay not provided');
    }),
    confirmPayment: fromPromise<ReturnedOrderPayment, { paymentId: string }>(async () => {
      throw new Error('confirmPayment not provided');
    }),
  },
  guards: {
    hasReturnedPayment: ({ context }) => context.returnedPaymentId !== null,
    /** Spec section 4: payment_pending and not_authorized orders are the payment-failed ones. */
    isAwaitingPayment: (_, order: PayableOrder) => isPaymentFailed(order.state),
    isAlreadyPaid: (_, order: PayableOrder) => order.paidAt !== null && order.state !== 'dropped',
    isNotFound: (_, failure: CheckoutFailure) => failure.status === 404,
    hasFormErrors: (_, errors: FormError[]) => errors.length > 0,
    isNewCard: (_, choice: OrderPaymentChoice) => choice.kind === 'newCard',
    hasSucceeded: (_, outcome: OrderPaymentOutcome) => outcome.status === 'succeeded',
    isDeclined: (_, failure: CheckoutFailure) => failure.status === 402,
    /** The returned payment succeeded, and for this order. */
    paidThisOrder: ({ context }, returned: ReturnedOrderPayment) =>
      returned.status === 'succeeded' && returned.orderId === context.orderId,
  },
  actions: {
    assignErrors: assign({ errors: (_, errors: FormError[]) => errors }),
    clearErrors: assign({ errors: [] }),
    assignError: assign({ errors: (_, error: FormError) => [error] }),
    assignOptions: assign({
      order: (_, options: OrderPaymentOptions) => options.order,
      methods: (_, options: OrderPaymentOptions) => options.methods,
      gateway: (_, options: OrderPaymentOptions) => options.gateway,
    }),
    assignChoice: assign({ choice: (_, choice: OrderPaymentChoice) => choice }),
    assignSavedCard: assign({
      methods: ({ context }, method: SavedPaymentMethod) => [...context.methods, method],
      choice: (_, method: SavedPaymentMethod) => ({ kind: 'saved' as const, methodId: method.id }),
    }),
    assignPaid: assign({ amountPaid: (_, amount: number | null) => amount, errors: [] }),
    assignActionUrl: assign({ actionUrl: (_, url: string) => url }),
    assignDecline: assign({
      errors: (_, failure: CheckoutFailure) => [
        {
          field: 'payment',
          message: failure.hardDecline
            ? `${failure.message ?? ORDER_PAYMENT_MESSAGES.paymentFailed} ${ORDER_PAYMENT_MESSAGES.hardDecline}`
            : (failure.message ?? ORDER_PAYMENT_MESSAGES.paymentFailed),
        },
      ],
      // A hard decline is never retried with that card: the customer picks another.
      choice: ({ context }, failure: CheckoutFailure) =>
        failure.hardDecline ? null : context.choice,
      attempt: ({ context }) => context.attempt + 1,
    }),
    assignReturnFailed: assign({
      returnedPaymentId: null,
      errors: (_, returned: ReturnedOrderPayment) => [
        {
          field: 'payment',
          message:
            returned.message ??
            (returned.status === 'failed'
              ? ORDER_PAYMENT_MESSAGES.paymentFailed
              : ORDER_PAYMENT_MESSAGES.paymentPending),
        },
      ],
      attempt: ({ context }) => context.attempt + 1,
    }),
    /** Leaves the app for the bank's page: provided by the browser. */
    openActionUrl: (_, _url: string) => {},
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
            actions: [
              'clearErrors',
              { type: 'assignOptions', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'nothingToPay',
            actions: [
              'clearErrors',
              { type: 'assignOptions', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: [
          {
            // Another customer's order is not found either.
            guard: { type: 'isNotFound', params: ({ event }) => failureOf(event.error) },
            target: 'notFound',
          },
          {
            target: 'failed',
            actions: {
              type: 'assignError',
              params: { field: 'order', message: ORDER_PAYMENT_MESSAGES.loadFailed },
            },
          },
        ],
      },
    },
    choosing: {
      on: {
        'payment.submit': [
          {
            guard: { type: 'hasFormErrors', params: ({ event }) => choiceErrors(event.choice) },
            actions: { type: 'assignErrors', params: ({ event }) => choiceErrors(event.choice) },
          },
          {
            guard: { type: 'isNewCard', params: ({ event }) => event.choice },
            target: 'savingCard',
            actions: ['clearErrors', { type: 'assignChoice', params: ({ event }) => event.choice }],
          },
          {
            target: 'paying',
            actions: ['clearErrors', { type: 'assignChoice', params: ({ event }) => event.choice }],
          },
        ],
      },
    },
    savingCard: {
      tags: ['busy'],
      invoke: {
        id: 'saveCard',
        src: 'saveCard',
        input: ({ context }) => ({ choice: context.choice, gateway: context.gateway }),
        onDone: {
          target: 'paying',
          actions: { type: 'assignSavedCard', params: ({ event }) => event.output },
        },
        onError: {
          target: 'choosing',
          actions: {
            type: 'assignError',
            params: ({ event }) => {
              const failure = failureOf(event.error);
              return {
                field: failure.field ?? 'cardNumber',
                message:
                  failure.status === 400 && failure.message
                    ? failure.message
                    : ORDER_PAYMENT_MESSAGES.paymentSetupFailed,
              };
            },
          },
        },
      },
    },
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
          {
            target: 'redirecting',
            actions: {
              type: 'assignActionUrl',
              params: ({ event }) =>
                (event.output as Extract<OrderPaymentOutcome, { status: 'requires_action' }>)
                  .actionUrl,
            },
          },
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
    redirecting: {
      tags: ['busy'],
      entry: { type: 'openActionUrl', params: ({ context }) => context.actionUrl ?? '' },
    },
    confirmingPayment: {
      tags: ['busy'],
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        input: ({ context }) => ({ paymentId: context.returnedPaymentId ?? '' }),
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
        onError: {
          target: 'failed',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({
              field: 'payment',
              // Spec section 8: the server's error, otherwise 'Something went wrong'.
              message:
                failureOf(event.error).message ?? ORDER_PAYMENT_MESSAGES.paymentDetailsFailed,
            }),
          },
        },
      },
    },
    // A call the page cannot go on without failed: say so and offer to try again.
    failed: {
      on: {
        retry: [
          { guard: 'hasReturnedPayment', target: 'confirmingPayment', actions: 'clearErrors' },
          { target: 'loading', actions: 'clearErrors' },
        ],
      },
    },
    paid: { type: 'final' },
    nothingToPay: { type: 'final' },
    notFound: { type: 'final' },
  },
});
