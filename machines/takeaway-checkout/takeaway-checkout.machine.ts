import { and, assign, not, setup } from 'xstate';
import type { LoginForm, SignupForm } from '../../domain/account-forms';
import {
  deliveryDetailsErrors,
  hasDeliveryDetails,
  withAccountContact,
} from '../../domain/checkout';
import { checkoutActions } from '../checkout-shared/checkout-actions';
import {
  accountCalls,
  accountSteps,
  checkedForm,
  checkoutGuards,
  checkoutRouting,
  confirmPaymentCall,
  failedCall,
  failedUntilRetry,
  failureOf,
  newCardChecks,
  notPaidErrors,
  paidConfirmation,
  paidOrToBankPage,
  redirecting,
  savingCard,
  signedOutStepUrls,
  toFailed,
  toLeaving,
  type CheckoutCustomer,
  type SaveCardInput,
} from '../checkout-shared/checkout-shared';
import type { CheckoutGaps, CheckoutSkeleton } from '../checkout-shared/checkout-skeleton';
import { unprovided } from '../shared/unprovided-actor';
import type { TakeawayCheckoutBasket } from './takeaway-checkout.types';
import type {
  CheckoutAddress,
  FormError,
  PaymentChoice,
  PaymentGateway,
  PaymentOptions,
  PaymentOutcome,
  PlacedOrder,
  ReturnedPayment,
  SavedPaymentMethod,
  SavedWallet,
} from '../checkout-shared/checkout-shared.types';

/** Messages of product rules R5.7 and R6.4, and ours where the rules name none. */
export const TAKEAWAY_CHECKOUT_MESSAGES = {
  orderFailed: 'Failed while trying to create order',
  basketInvalid: "Couldn't validate basket",
  paymentSetupFailed: 'Request failed',
  paymentDetailsFailed: 'Something went wrong',
  basketLoadFailed: "We couldn't load your basket. Check your connection and try again.",
  detailsSaveFailed: "We couldn't save your details. Try again.",
  paymentFailed: 'Your payment did not go through. Try again or use another card.',
  hardDecline: 'Use a different card: this one cannot be charged.',
  walletCancelled: 'PayPal was not set up. Choose another way to pay.',
  paymentPending: 'Your payment is not confirmed yet. Try again or choose another way to pay.',
} as const;

export const TAKEAWAY_CHECKOUT_PATHS = {
  entry: '/pasta-now-checkout',
  continue: '/pasta-now-checkout/continue',
  signup: '/pasta-now-checkout/signup',
  login: '/pasta-now-checkout/login',
  address: '/pasta-now-checkout/delivery/address',
  instructions: '/pasta-now-checkout/delivery/instructions',
  payment: '/pasta-now-checkout/payment',
  confirmation: '/pasta-now-checkout/confirmation',
} as const;

/** Where the checkout sends the customer when it ends without a confirmation. */
export const TAKEAWAY_CHECKOUT_EXITS = {
  menu: '/pasta-now',
  dashboard: '/account/dashboard',
  home: '/',
} as const;

export type { CheckoutCustomer };

export interface TakeawayCheckoutInput {
  path: string;
  customer: CheckoutCustomer | null;
  /** Back from a bank's 3-D Secure page or a wallet's payment page: `?payment_id=`. */
  returnedPaymentId: string | null;
  /** Back from a wallet's set-up page. */
  returnedSetupIntent: { id: string; orderId: string; cancelled: boolean } | null;
}

export interface TakeawayCheckoutContext extends TakeawayCheckoutInput {
  /** Signed in during this checkout: the session is told. */
  signedInCustomer: CheckoutCustomer | null;
  basket: TakeawayCheckoutBasket | null;
  order: PlacedOrder | null;
  methods: SavedPaymentMethod[];
  gateway: PaymentGateway;
  choice: PaymentChoice | null;
  /** Counts declined attempts: each new attempt is a new idempotency key, a retry of one is not. */
  attempt: number;
  errors: FormError[];
  notice: string | null;
  actionUrl: string | null;
  redirectTo: string;
  emailTaken: boolean;
}

export type TakeawayCheckoutEvent =
  /** From the bridge: a URL reached by a link, typing or Back. */
  | { type: 'url.changed'; path: string; search: string }
  | { type: 'login.submit'; form: LoginForm }
  | { type: 'signup.submit'; form: SignupForm }
  | { type: 'address.submit'; form: CheckoutAddress }
  | { type: 'instructions.submit'; note: string }
  | { type: 'payment.submit'; choice: PaymentChoice }
  | { type: 'wallet.setup' }
  | { type: 'retry' };

const notOrdered = not('hasOrder');

/**
 * The takeaway checkout (product rule R6.1, /pasta-now-checkout). States are its steps; the guards
 * are the product rules (R5.2 to R5.5, R6.2): entry goes to the address step when no delivery address or names are known,
 * otherwise to instructions; instructions wait for the basket and need a valid address; payment
 * is reached only from instructions (else the account dashboard); the confirmation only from a
 * payment (else /). Pickup and eat-in skip the delivery address.
 */
export const takeawayCheckoutMachine = setup({
  types: {
    input: {} as TakeawayCheckoutInput,
    context: {} as TakeawayCheckoutContext,
    events: {} as TakeawayCheckoutEvent,
    output: {} as { redirectTo: string },
  },
  actors: {
    loadBasket: unprovided<TakeawayCheckoutBasket | null>('loadBasket'),
    signIn: unprovided<CheckoutCustomer, LoginForm>('signIn'),
    signUp: unprovided<CheckoutCustomer, SignupForm>('signUp'),
    saveAddress: unprovided<TakeawayCheckoutBasket, { basketId: string; address: CheckoutAddress }>(
      'saveAddress',
    ),
    saveInstructions: unprovided<
      TakeawayCheckoutBasket,
      { basket: TakeawayCheckoutBasket; customer: CheckoutCustomer | null; note: string }
    >('saveInstructions'),
    loadPaymentMethods: unprovided<PaymentOptions>('loadPaymentMethods'),
    saveCard: unprovided<SavedPaymentMethod, SaveCardInput<PaymentChoice>>('saveCard'),
    placeOrder: unprovided<PlacedOrder, { basketId: string }>('placeOrder'),
    pay: unprovided<
      PaymentOutcome,
      { order: PlacedOrder; choice: PaymentChoice | null; attempt: number; gateway: PaymentGateway }
    >('pay'),
    setupWallet: unprovided<{ actionUrl: string }, { order: PlacedOrder; gateway: PaymentGateway }>(
      'setupWallet',
    ),
    confirmPayment: unprovided<ReturnedPayment, { paymentId: string }>('confirmPayment'),
    saveWallet: unprovided<
      SavedWallet,
      { setupIntentId: string; orderId: string; cancelled: boolean }
    >('saveWallet'),
  },
  guards: {
    ...checkoutGuards,
    hasReturnedSetupIntent: ({ context }) => context.returnedSetupIntent !== null,
    isBasketEmpty: (_, basket: TakeawayCheckoutBasket | null) => !basket || basket.itemCount === 0,
    isDelivery: ({ context }) => context.basket?.fulfillmentType === 'delivery',
    needsAddress: ({ context }) =>
      context.basket?.fulfillmentType === 'delivery' &&
      !hasDeliveryDetails(withAccountContact(context.basket.address, context.customer)),
    hasOrder: ({ context }) => context.order !== null,
    isWalletSetup: ({ context }) => context.choice?.kind === 'walletSetup',
  },
  actions: {
    ...checkoutActions<TakeawayCheckoutContext, TakeawayCheckoutEvent>({
      entry: TAKEAWAY_CHECKOUT_PATHS.entry,
      messages: TAKEAWAY_CHECKOUT_MESSAGES,
    }),
    clearErrors: assign({ errors: [], notice: null, emailTaken: false }),
    assignPaymentOptions: assign({
      methods: (_, options: PaymentOptions) => options.methods,
      gateway: (_, options: PaymentOptions) => options.gateway,
    }),
    assignOrder: assign({ order: (_, order: PlacedOrder) => order }),
    // Only a payment not made reaches here: a succeeded one is confirmed first.
    assignReturned: assign({
      order: (_, returned: ReturnedPayment) => returned.order,
      returnedPaymentId: null,
      errors: (_, returned: ReturnedPayment) => notPaidErrors(returned, TAKEAWAY_CHECKOUT_MESSAGES),
      attempt: ({ context }) => context.attempt + 1,
    }),
    assignSavedWallet: assign({
      order: (_, saved: SavedWallet) => saved.order,
      returnedSetupIntent: null,
      choice: (_, saved: SavedWallet) =>
        saved.method ? { kind: 'saved' as const, methodId: saved.method.id } : null,
      notice: (_, saved: SavedWallet) =>
        saved.cancelled ? TAKEAWAY_CHECKOUT_MESSAGES.walletCancelled : null,
    }),
  },
}).createMachine({
  id: 'takeawayCheckout',
  context: ({ input }) => ({
    ...input,
    signedInCustomer: null,
    basket: null,
    order: null,
    methods: [],
    gateway: { name: 'sandbox' },
    choice: null,
    attempt: 0,
    errors: [],
    notice: null,
    actionUrl: null,
    redirectTo: TAKEAWAY_CHECKOUT_EXITS.home,
    emailTaken: false,
  }),
  initial: 'routing',
  states: {
    // The confirmation follows a payment in this flow; reached any other way it is the wrong origin.
    routing: checkoutRouting(TAKEAWAY_CHECKOUT_PATHS, TAKEAWAY_CHECKOUT_EXITS, [
      { guard: 'hasReturnedSetupIntent', target: 'savingWallet' },
    ]),
    // Every step waits for the basket (product rule R5.1: instructions wait for it to load).
    loadingBasket: {
      tags: ['busy'],
      invoke: {
        id: 'loadBasket',
        src: 'loadBasket',
        onDone: [
          {
            guard: { type: 'isBasketEmpty', params: ({ event }) => event.output },
            ...toLeaving(TAKEAWAY_CHECKOUT_EXITS.menu),
          },
          {
            target: 'entering',
            actions: { type: 'assignBasket', params: ({ event }) => event.output },
          },
        ],
        onError: toFailed('basket', TAKEAWAY_CHECKOUT_MESSAGES.basketLoadFailed),
      },
    },
    entering: {
      always: [
        {
          guard: { type: 'isEntryPath', params: { path: TAKEAWAY_CHECKOUT_PATHS.payment } },
          ...toLeaving(TAKEAWAY_CHECKOUT_EXITS.dashboard),
        },
        {
          guard: and([
            not('isSignedIn'),
            { type: 'isEntryPath', params: { path: TAKEAWAY_CHECKOUT_PATHS.login } },
          ]),
          target: 'steps.login',
        },
        {
          guard: and([
            not('isSignedIn'),
            { type: 'isEntryPath', params: { path: TAKEAWAY_CHECKOUT_PATHS.signup } },
          ]),
          target: 'steps.signup',
        },
        { guard: not('isSignedIn'), target: 'steps.continue' },
        { guard: 'needsAddress', target: 'steps.address' },
        {
          guard: and([
            'isDelivery',
            { type: 'isEntryPath', params: { path: TAKEAWAY_CHECKOUT_PATHS.address } },
          ]),
          target: 'steps.address',
        },
        { target: 'steps.instructions' },
      ],
    },
    steps: {
      initial: 'continue',
      on: {
        'url.changed': [
          ...signedOutStepUrls(TAKEAWAY_CHECKOUT_PATHS),
          {
            guard: and([
              'isSignedIn',
              'isDelivery',
              { type: 'isUrl', params: { path: TAKEAWAY_CHECKOUT_PATHS.address } },
            ]),
            target: '.address',
            actions: 'clearErrors',
          },
          // Instructions need a valid address: without one the address step comes first.
          {
            guard: and([
              'isSignedIn',
              'needsAddress',
              { type: 'isUrl', params: { path: TAKEAWAY_CHECKOUT_PATHS.instructions } },
            ]),
            target: '.address',
            actions: 'clearErrors',
          },
          // Back from a bank's or the wallet's page the basket is not loaded: instructions wait.
          {
            guard: and([
              'isSignedIn',
              'hasBasket',
              { type: 'isUrl', params: { path: TAKEAWAY_CHECKOUT_PATHS.instructions } },
            ]),
            target: '.instructions',
            actions: 'clearErrors',
          },
          {
            guard: { type: 'isUrl', params: { path: TAKEAWAY_CHECKOUT_PATHS.payment } },
            target: '#takeawayCheckout.leaving',
            actions: { type: 'assignRedirect', params: TAKEAWAY_CHECKOUT_EXITS.dashboard },
          },
          {
            guard: { type: 'isUrl', params: { path: TAKEAWAY_CHECKOUT_PATHS.confirmation } },
            target: '#takeawayCheckout.leaving',
            actions: { type: 'assignRedirect', params: TAKEAWAY_CHECKOUT_EXITS.home },
          },
        ],
      },
      states: {
        continue: { meta: { path: TAKEAWAY_CHECKOUT_PATHS.continue } },
        ...accountSteps('takeawayCheckout', TAKEAWAY_CHECKOUT_PATHS),
        address: {
          meta: { path: TAKEAWAY_CHECKOUT_PATHS.address },
          on: {
            'address.submit': checkedForm(deliveryDetailsErrors, '#takeawayCheckout.savingAddress'),
          },
        },
        instructions: {
          meta: { path: TAKEAWAY_CHECKOUT_PATHS.instructions },
          on: {
            'instructions.submit': {
              target: '#takeawayCheckout.savingInstructions',
              actions: 'clearErrors',
            },
            // Forward to a payment page already left: stay, so the note is saved and checked first.
            'url.changed': {
              guard: { type: 'isUrl', params: { path: TAKEAWAY_CHECKOUT_PATHS.payment } },
            },
          },
        },
        payment: {
          meta: { path: TAKEAWAY_CHECKOUT_PATHS.payment },
          initial: 'loading',
          states: {
            loading: {
              tags: ['busy'],
              invoke: {
                id: 'loadPaymentMethods',
                src: 'loadPaymentMethods',
                onDone: {
                  target: 'ready',
                  actions: { type: 'assignPaymentOptions', params: ({ event }) => event.output },
                },
                // Without the saved methods a new card or the wallet still works.
                onError: { target: 'ready' },
              },
            },
            ready: {
              on: {
                // Routed here, not through a transient state: a new card is saved first, the order
                // written once, then paid (or the wallet set up).
                'payment.submit': [
                  ...newCardChecks<PaymentChoice>('takeawayCheckout'),
                  {
                    guard: not('hasOrder'),
                    target: '#takeawayCheckout.placingOrder',
                    actions: [
                      'clearErrors',
                      { type: 'assignChoice', params: ({ event }) => event.choice },
                    ],
                  },
                  {
                    target: '#takeawayCheckout.paying',
                    actions: [
                      'clearErrors',
                      { type: 'assignChoice', params: ({ event }) => event.choice },
                    ],
                  },
                ],
                'wallet.setup': [
                  {
                    guard: not('hasOrder'),
                    target: '#takeawayCheckout.placingOrder',
                    actions: [
                      'clearErrors',
                      { type: 'assignChoice', params: { kind: 'walletSetup' } },
                    ],
                  },
                  {
                    target: '#takeawayCheckout.settingUpWallet',
                    actions: [
                      'clearErrors',
                      { type: 'assignChoice', params: { kind: 'walletSetup' } },
                    ],
                  },
                ],
              },
            },
          },
        },
        confirmation: { meta: { path: TAKEAWAY_CHECKOUT_PATHS.confirmation } },
      },
    },
    ...accountCalls('takeawayCheckout'),
    savingAddress: {
      tags: ['busy'],
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context, event }) => ({
          basketId: context.basket?.id ?? '',
          address: (event as Extract<TakeawayCheckoutEvent, { type: 'address.submit' }>).form,
        }),
        onDone: {
          target: '#takeawayCheckout.steps.instructions',
          actions: { type: 'assignBasket', params: ({ event }) => event.output },
        },
        onError: {
          target: '#takeawayCheckout.steps.address',
          actions: failedCall('address1', TAKEAWAY_CHECKOUT_MESSAGES.detailsSaveFailed, {
            blamed: true,
          }),
        },
      },
    },
    savingInstructions: {
      tags: ['busy'],
      invoke: {
        id: 'saveInstructions',
        src: 'saveInstructions',
        input: ({ context, event }) => ({
          basket: context.basket!,
          customer: context.customer,
          note: (event as Extract<TakeawayCheckoutEvent, { type: 'instructions.submit' }>).note,
        }),
        onDone: {
          target: '#takeawayCheckout.steps.payment',
          actions: { type: 'assignBasket', params: ({ event }) => event.output },
        },
        onError: {
          target: '#takeawayCheckout.steps.instructions',
          actions: failedCall('deliveryNote', TAKEAWAY_CHECKOUT_MESSAGES.basketInvalid),
        },
      },
    },
    savingCard: savingCard<PaymentChoice, string, typeof notOrdered>(
      {
        // Then the order is written once, and paid (or the wallet set up).
        then: [{ guard: notOrdered, target: 'placingOrder' }, { target: 'paying' }],
        failedTo: '#takeawayCheckout.steps.payment.ready',
      },
      TAKEAWAY_CHECKOUT_MESSAGES.paymentSetupFailed,
    ),
    placingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => ({ basketId: context.basket?.id ?? '' }),
        onDone: [
          {
            guard: 'isWalletSetup',
            target: 'settingUpWallet',
            actions: { type: 'assignOrder', params: ({ event }) => event.output },
          },
          {
            target: 'paying',
            actions: { type: 'assignOrder', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: '#takeawayCheckout.steps.payment.ready',
          actions: failedCall('payment', TAKEAWAY_CHECKOUT_MESSAGES.orderFailed),
        },
      },
    },
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({
          order: context.order!,
          choice: context.choice,
          attempt: context.attempt,
          gateway: context.gateway,
        }),
        onDone: paidOrToBankPage<PlacedOrder>('#takeawayCheckout.steps.confirmation'),
        onError: {
          target: '#takeawayCheckout.steps.payment.ready',
          actions: { type: 'assignDecline', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
    settingUpWallet: {
      tags: ['busy'],
      invoke: {
        id: 'setupWallet',
        src: 'setupWallet',
        input: ({ context }) => ({ order: context.order!, gateway: context.gateway }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'assignActionUrl', params: ({ event }) => event.output.actionUrl },
        },
        onError: {
          target: '#takeawayCheckout.steps.payment.ready',
          actions: {
            type: 'assignError',
            params: { field: 'payment', message: TAKEAWAY_CHECKOUT_MESSAGES.paymentSetupFailed },
          },
        },
      },
    },
    // The customer leaves for the bank's challenge or the wallet's page, and comes back by URL.
    redirecting,
    confirmingPayment: {
      tags: ['busy'],
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        // Product rule R5.7: unreadable, the server's error, otherwise 'Something went wrong'.
        ...confirmPaymentCall(TAKEAWAY_CHECKOUT_MESSAGES.paymentDetailsFailed),
        onDone: [
          paidConfirmation<PlacedOrder>('#takeawayCheckout.steps.confirmation'),
          {
            target: '#takeawayCheckout.steps.payment',
            actions: { type: 'assignReturned', params: ({ event }) => event.output },
          },
        ],
      },
    },
    savingWallet: {
      tags: ['busy'],
      invoke: {
        id: 'saveWallet',
        src: 'saveWallet',
        input: ({ context }) => ({
          setupIntentId: context.returnedSetupIntent?.id ?? '',
          orderId: context.returnedSetupIntent?.orderId ?? '',
          cancelled: context.returnedSetupIntent?.cancelled ?? false,
        }),
        onDone: {
          target: '#takeawayCheckout.steps.payment',
          actions: { type: 'assignSavedWallet', params: ({ event }) => event.output },
        },
        onError: toFailed('payment', TAKEAWAY_CHECKOUT_MESSAGES.paymentSetupFailed),
      },
    },
    // A call the checkout cannot go on without failed: say so and offer to try again.
    failed: failedUntilRetry('loadingBasket', [
      { guard: 'hasReturnedSetupIntent', target: 'savingWallet' },
    ]),
    leaving: { type: 'final' },
  },
  output: ({ context }) => ({ redirectTo: context.redirectTo }),
});

/** The shared fragments, views and model tests find what they need here (checkout-shared.md). */
export type TakeawayCheckoutSkeleton = CheckoutSkeleton<
  CheckoutGaps<typeof takeawayCheckoutMachine>
>;
