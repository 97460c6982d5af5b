import { and, assign, setup } from 'xstate';
import type { LoginForm, SignupForm } from '../../domain/account-forms';
import { listableAddresses } from '../../domain/address';
import {
  billingAddressFor,
  deliveryAddressFor,
  deliveryDetailsErrors,
  hasKnownDeliveryAddress,
} from '../../domain/checkout';
import { isCardRequested } from '../../domain/payment';
import { normalisePostcode } from '../../domain/postcode';
import { orderPaymentPath } from '../shared/order-paths';
import { checkoutActions } from '../checkout-shared/checkout-actions';
import {
  accountCalls,
  accountSteps,
  checkedForm,
  checkoutGuards,
  checkoutRouting,
  confirmPaymentCall,
  declineMessage,
  failedCall,
  failedUntilRetry,
  failureOf,
  newCardChecks,
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
import { postcodeChecks, postcodeGuards } from '../shared/postcode-lookup';
import { unprovided } from '../shared/unprovided-actor';
import type {
  CheckoutAddress,
  CheckoutFailure,
  DeliveryInstructionOptions,
  DeliveryInstructions,
  FormError,
  FoundAddress,
  KitBasket,
  KitOrderOutcome,
  KitPaymentChoice,
  KitPaymentOptions,
  OrderPreview,
  PaymentGateway,
  PlaceKitOrderInput,
  PlacedKitOrder,
  PostcodeAddress,
  PostcodeLookup,
  PostcodeLookupFailure,
  ReturnedKitPayment,
  SavedAddress,
  SavedPaymentMethod,
} from './kit-checkout.types';

/** Messages of product rules R5.7 and R8.8, and ours where the rules name none. */
export const KIT_CHECKOUT_MESSAGES = {
  orderFailed: 'Something went wrong!',
  addressesLoadFailed: "Couldn't load addresses list",
  // Two spaces: the words of product rule R8.8, to the letter.
  billingSaveFailed: "Couldn't save  your billing address",
  paymentSetupFailed: 'Request failed',
  paymentDetailsFailed: 'Something went wrong',
  basketLoadFailed: "We couldn't load your box. Check your connection and try again.",
  addressSaveFailed: "We couldn't save your address. Try again.",
  instructionsLoadFailed: "We couldn't load the delivery dates. Try again.",
  instructionsSaveFailed: "We couldn't save your delivery choices. Try again.",
  noDeliveryDate: 'Choose a delivery date',
  paymentLoadFailed: "We couldn't work out your total. Try again.",
  paymentFailed: 'Your payment did not go through. Try again or use another card.',
  hardDecline: 'Use a different card: this one cannot be charged.',
} as const;

/**
 * The error step's words: a new-customer credit refused for its household or card (409), or a
 * delivery day that closed since the day step showed it (R8.4), says why in the server's words,
 * since retrying the same order cannot help; anything else is the message of product rule R8.8.
 */
const orderFailureMessage = (failure: CheckoutFailure) =>
  (failure.status === 409 || failure.code === 'delivery_date_unavailable') && failure.message
    ? failure.message
    : KIT_CHECKOUT_MESSAGES.orderFailed;

export const KIT_CHECKOUT_PATHS = {
  entry: '/checkout',
  continue: '/checkout/continue',
  signup: '/checkout/signup',
  login: '/checkout/login',
  address: '/checkout/delivery/address',
  billing: '/checkout/billingaddresses',
  instructions: '/checkout/delivery/instructions',
  payment: '/checkout/payment',
  // Product rule R8.1: the step is the product's, its path ours.
  paymentWithCredits: '/checkout/payment-with-credits',
  confirmation: '/checkout/confirmation',
  error: '/checkout/error',
} as const;

export const KIT_CHECKOUT_EXITS = { menu: '/menu', home: '/' } as const;

/** The address step's postcode field: its errors are reported by it and link to it. */
export const POSTCODE_FINDER_FIELD = 'postcodeFinder';

export interface KitCheckoutInput {
  path: string;
  customer: CheckoutCustomer | null;
  /** Back from a bank's 3-D Secure page: `?payment_id=`. */
  returnedPaymentId: string | null;
}

export interface KitCheckoutContext extends KitCheckoutInput {
  signedInCustomer: CheckoutCustomer | null;
  basket: KitBasket | null;
  /** Listable addresses only (product rule R8.3). */
  addresses: SavedAddress[];
  /** The address step's postcode lookup (product rule R8.11); its outcome is the step's substate. */
  postcodeLookup: PostcodeLookup;
  /** What the lookup filled in the new-address form: a chosen address, or a district's postcode. */
  foundAddress: FoundAddress | null;
  shippingAddressId: string | null;
  billingAddressId: string | null;
  instructionOptions: DeliveryInstructionOptions | null;
  instructions: DeliveryInstructions | null;
  preview: OrderPreview | null;
  methods: SavedPaymentMethod[];
  gateway: PaymentGateway;
  choice: KitPaymentChoice | null;
  order: PlacedKitOrder | null;
  /** Written, then its 3-D Secure failed: the box is gone, so it is paid at /payment/{id}. */
  unpaidOrderId: string | null;
  errors: FormError[];
  actionUrl: string | null;
  redirectTo: string;
  emailTaken: boolean;
}

export type KitCheckoutEvent =
  | { type: 'url.changed'; path: string; search: string }
  | { type: 'login.submit'; form: LoginForm }
  | { type: 'signup.submit'; form: SignupForm }
  /** A saved address chosen for delivery. */
  | { type: 'address.choose'; addressId: string }
  /** A new delivery address. */
  | { type: 'address.submit'; form: CheckoutAddress }
  /** Look up the addresses of a postcode, to fill the new address from (product rule R8.11). */
  | { type: 'address.find'; postcode: string }
  /** One of the addresses the lookup found, chosen to fill the new address. */
  | { type: 'foundAddress.choose'; addressId: string }
  | { type: 'billing.choose'; addressId: string }
  | { type: 'billing.submit'; form: CheckoutAddress }
  | { type: 'instructions.submit'; instructions: DeliveryInstructions }
  | { type: 'payment.submit'; choice: KitPaymentChoice }
  | { type: 'retry' };

const instructionErrors = (instructions: DeliveryInstructions): FormError[] =>
  instructions.deliveryDate
    ? []
    : [{ field: 'deliveryDate', message: KIT_CHECKOUT_MESSAGES.noDeliveryDate }];

const shippingOf = (context: KitCheckoutContext) =>
  context.addresses.find((address) => address.id === context.shippingAddressId) ?? null;

/** A lookup call's failure, as the actor reports it (src/api/postcode-lookup.ts). */
const lookupFailure = ({ error }: { error: unknown }) => error as PostcodeLookupFailure;
const finderError = (event: { error: unknown }): FormError => ({
  field: POSTCODE_FINDER_FIELD,
  message: lookupFailure(event).message,
});

type Loaded = { addresses: SavedAddress[]; context: KitCheckoutContext };
const knownAddress = ({ addresses, context }: Loaded) => {
  const id = deliveryAddressFor(addresses, context.shippingAddressId);
  return hasKnownDeliveryAddress(
    addresses.find((address) => address.id === id),
    context.customer,
  );
};

/**
 * The recipe-kit checkout (product rule R8.1, /checkout). Entry goes to the address step when no
 * delivery address or names are known, otherwise to instructions; instructions wait for the
 * basket and need a ready address, else the address step; payment needs a prior step, else back
 * to the step before it (instructions); the confirmation from the wrong origin goes to /. The
 * order call writes the order and, for a subscription, the subscription (the server's part).
 */
export const kitCheckoutMachine = setup({
  types: {
    input: {} as KitCheckoutInput,
    context: {} as KitCheckoutContext,
    events: {} as KitCheckoutEvent,
    output: {} as { redirectTo: string },
  },
  actors: {
    loadBasket: unprovided<KitBasket | null>('loadBasket'),
    signIn: unprovided<CheckoutCustomer, LoginForm>('signIn'),
    signUp: unprovided<CheckoutCustomer, SignupForm>('signUp'),
    loadAddresses: unprovided<SavedAddress[]>('loadAddresses'),
    lookupAddresses: unprovided<PostcodeAddress[], { postcode: string }>('lookupAddresses'),
    saveAddress: unprovided<SavedAddress, CheckoutAddress>('saveAddress'),
    saveBillingAddress: unprovided<SavedAddress, CheckoutAddress>('saveBillingAddress'),
    loadInstructions: unprovided<
      DeliveryInstructionOptions,
      { basket: KitBasket; address: SavedAddress | null }
    >('loadInstructions'),
    saveInstructions: unprovided<
      KitBasket,
      { basket: KitBasket; instructions: DeliveryInstructions }
    >('saveInstructions'),
    loadPayment: unprovided<KitPaymentOptions, { basketId: string }>('loadPayment'),
    saveCard: unprovided<SavedPaymentMethod, SaveCardInput<KitPaymentChoice>>('saveCard'),
    placeOrder: unprovided<KitOrderOutcome, PlaceKitOrderInput>('placeOrder'),
    confirmPayment: unprovided<ReturnedKitPayment, { paymentId: string }>('confirmPayment'),
  },
  guards: {
    ...checkoutGuards,
    ...postcodeGuards,
    isBasketEmpty: (_, basket: KitBasket | null) => !basket || basket.itemCount === 0,
    /** A box below its minimums cannot check out (product rule R8.2). */
    isBasketInvalid: (_, basket: KitBasket | null) => !!basket && !basket.valid,
    /** Product rule R5.2: no delivery address or names known. */
    needsDeliveryAddress: (_, loaded: Loaded) => !knownAddress(loaded),
    /** Product rule R5.3: instructions need a ready delivery address. */
    hasReadyShippingAddress: ({ context }) =>
      hasKnownDeliveryAddress(shippingOf(context), context.customer),
    hasPreview: ({ context }) => context.preview !== null,
    hasUnpaidOrder: ({ context }) => context.unpaidOrderId !== null,
    /** Only an address in the (listable) list can be chosen. */
    isListedAddress: ({ context }, addressId: string) =>
      context.addresses.some((address) => address.id === addressId),
    /** Product rule R3.13: a postcode the directory lists offers its addresses. */
    hasFoundAddresses: (_, addresses: PostcodeAddress[]) => addresses.length > 0,
    isFoundAddress: ({ context }, addressId: string) =>
      context.postcodeLookup.addresses.some((address) => address.id === addressId),
    // The server refused the postcode (unknown, R8.11): the customer checks it. Anything else is
    // the service's or the connection's, and trying again may help (R8.12).
    isPostcodeUnknown: (_, failure: PostcodeLookupFailure) =>
      failure.status >= 400 && failure.status < 500,
    /** Product rule R11.1: a card is asked for when credit does not cover the box, or the basket says so. */
    isCardRequested: (_, preview: OrderPreview) =>
      isCardRequested(preview.total, preview.storeCredit, preview.requestCard),
    // Too many declines (429) stays on the payment step too, with the server's words on what to do.
    isDeclined: (_, failure: CheckoutFailure) => failure.status === 402 || failure.status === 429,
  },
  actions: {
    ...checkoutActions<KitCheckoutContext, KitCheckoutEvent>({
      entry: KIT_CHECKOUT_PATHS.entry,
      messages: KIT_CHECKOUT_MESSAGES,
    }),
    clearErrors: assign({ errors: [], emailTaken: false }),
    /** Product rule R8.3: unlistable addresses dropped; the billing address defaulted or cleared. */
    assignAddresses: assign(({ context }, addresses: SavedAddress[]) => {
      const listed = listableAddresses(addresses);
      return {
        addresses: listed,
        shippingAddressId: deliveryAddressFor(listed, context.shippingAddressId),
        billingAddressId: billingAddressFor(listed, context.billingAddressId),
      };
    }),
    assignNewAddress: assign(({ context }, address: SavedAddress) => {
      const addresses = [...context.addresses.filter((a) => a.id !== address.id), address];
      return {
        addresses,
        shippingAddressId: address.id,
        billingAddressId: billingAddressFor(addresses, context.billingAddressId),
      };
    }),
    assignShipping: assign({ shippingAddressId: (_, id: string) => id }),
    assignLookupPostcode: assign({
      postcodeLookup: (_, postcode: string) => ({
        postcode: normalisePostcode(postcode),
        addresses: [],
      }),
    }),
    assignFoundAddresses: assign({
      postcodeLookup: ({ context }, addresses: PostcodeAddress[]) => ({
        ...context.postcodeLookup,
        addresses,
      }),
    }),
    /** Product rule R3.13: the district's postcode is kept; the street of another is dropped. */
    assignDistrictOnly: assign({
      foundAddress: ({ context }) => ({
        address1: '',
        address2: '',
        city: '',
        zip: context.postcodeLookup.postcode,
        lat: null,
        lon: null,
      }),
    }),
    assignFoundAddress: assign({
      foundAddress: ({ context }, addressId: string) => {
        const found = context.postcodeLookup.addresses.find((address) => address.id === addressId);
        return found
          ? {
              address1: found.address1,
              address2: found.address2 ?? '',
              city: found.city,
              zip: found.zip,
              lat: found.lat,
              lon: found.lon,
            }
          : context.foundAddress;
      },
    }),
    assignBilling: assign({ billingAddressId: (_, id: string) => id }),
    assignNewBilling: assign({
      addresses: ({ context }, address: SavedAddress) => [
        ...context.addresses.filter((a) => a.id !== address.id),
        address,
      ],
      billingAddressId: (_, address: SavedAddress) => address.id,
    }),
    assignInstructionOptions: assign({
      instructionOptions: (_, options: DeliveryInstructionOptions) => options,
    }),
    assignInstructions: assign({
      instructions: (_, instructions: DeliveryInstructions) => instructions,
    }),
    assignPaymentOptions: assign({
      preview: (_, options: KitPaymentOptions) => options.preview,
      methods: (_, options: KitPaymentOptions) => options.methods,
      gateway: (_, options: KitPaymentOptions) => options.gateway,
    }),
    assignReturnFailed: assign({
      returnedPaymentId: null,
      unpaidOrderId: (_, returned: ReturnedKitPayment) => returned.order.id,
      errors: (_, returned: ReturnedKitPayment) => [
        {
          field: 'payment',
          // Product rule R11.6: a failed 3-D Secure reads as a decline does.
          message: declineMessage(
            returned.message ?? KIT_CHECKOUT_MESSAGES.paymentFailed,
            false,
            KIT_CHECKOUT_MESSAGES,
          ),
        },
      ],
    }),
    /** Product rule R8.8: a failed kit order is reported to error tracking; provided by the browser. */
    reportOrderFailure: (_, _failure: CheckoutFailure) => {},
  },
}).createMachine({
  id: 'kitCheckout',
  context: ({ input }) => ({
    ...input,
    signedInCustomer: null,
    basket: null,
    addresses: [],
    postcodeLookup: { postcode: '', addresses: [] },
    foundAddress: null,
    shippingAddressId: null,
    billingAddressId: null,
    instructionOptions: null,
    instructions: null,
    preview: null,
    methods: [],
    gateway: { name: 'sandbox' },
    choice: null,
    order: null,
    unpaidOrderId: null,
    errors: [],
    actionUrl: null,
    redirectTo: KIT_CHECKOUT_EXITS.home,
    emailTaken: false,
  }),
  initial: 'routing',
  states: {
    routing: checkoutRouting(KIT_CHECKOUT_PATHS, KIT_CHECKOUT_EXITS),
    // Every step waits for the basket (product rule R5.1: instructions wait for it to load).
    loadingBasket: {
      tags: ['busy'],
      invoke: {
        id: 'loadBasket',
        src: 'loadBasket',
        onDone: [
          {
            guard: { type: 'isBasketEmpty', params: ({ event }) => event.output },
            ...toLeaving(KIT_CHECKOUT_EXITS.menu),
          },
          {
            guard: { type: 'isBasketInvalid', params: ({ event }) => event.output },
            ...toLeaving(KIT_CHECKOUT_EXITS.menu),
          },
          {
            guard: 'isSignedIn',
            target: 'loadingAddresses',
            actions: { type: 'assignBasket', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isEntryPath', params: { path: KIT_CHECKOUT_PATHS.login } },
            target: 'steps.login',
            actions: { type: 'assignBasket', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isEntryPath', params: { path: KIT_CHECKOUT_PATHS.signup } },
            target: 'steps.signup',
            actions: { type: 'assignBasket', params: ({ event }) => event.output },
          },
          {
            target: 'steps.continue',
            actions: { type: 'assignBasket', params: ({ event }) => event.output },
          },
        ],
        onError: toFailed('basket', KIT_CHECKOUT_MESSAGES.basketLoadFailed),
      },
    },
    loadingAddresses: {
      tags: ['busy'],
      invoke: {
        id: 'loadAddresses',
        src: 'loadAddresses',
        // Routed on the loaded list: the address step when no delivery address or names are
        // known; the step the URL names where it may be shown; else instructions (also for a
        // deep link to payment: the step before it).
        onDone: [
          {
            guard: {
              type: 'needsDeliveryAddress',
              params: ({ context, event }) => ({
                context,
                addresses: listableAddresses(event.output),
              }),
            },
            target: 'steps.address',
            actions: { type: 'assignAddresses', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isEntryPath', params: { path: KIT_CHECKOUT_PATHS.address } },
            target: 'steps.address',
            actions: { type: 'assignAddresses', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isEntryPath', params: { path: KIT_CHECKOUT_PATHS.billing } },
            target: 'steps.billing',
            actions: { type: 'assignAddresses', params: ({ event }) => event.output },
          },
          {
            target: 'steps.instructions',
            actions: { type: 'assignAddresses', params: ({ event }) => event.output },
          },
        ],
        onError: toFailed('addresses', KIT_CHECKOUT_MESSAGES.addressesLoadFailed),
      },
    },
    steps: {
      initial: 'continue',
      on: {
        'url.changed': [
          ...signedOutStepUrls(KIT_CHECKOUT_PATHS),
          // Back from a bank's page the box is not loaded yet: its retry loads it first.
          {
            guard: and([
              'isSignedIn',
              'hasBasket',
              { type: 'isUrl', params: { path: KIT_CHECKOUT_PATHS.address } },
            ]),
            target: '.address',
            actions: 'clearErrors',
          },
          {
            guard: and([
              'isSignedIn',
              'hasReadyShippingAddress',
              { type: 'isUrl', params: { path: KIT_CHECKOUT_PATHS.billing } },
            ]),
            target: '.billing',
            actions: 'clearErrors',
          },
          {
            guard: and([
              'isSignedIn',
              'hasReadyShippingAddress',
              { type: 'isUrl', params: { path: KIT_CHECKOUT_PATHS.instructions } },
            ]),
            target: '.instructions',
            actions: 'clearErrors',
          },
          {
            guard: and([
              'isSignedIn',
              'hasBasket',
              { type: 'isUrl', params: { path: KIT_CHECKOUT_PATHS.instructions } },
            ]),
            target: '.address',
            actions: 'clearErrors',
          },
          // Back to payment from a later step (billing): the total is worked out again. Not
          // without a delivery address (a reload may have found none listable).
          {
            guard: and([
              'hasPreview',
              'hasReadyShippingAddress',
              { type: 'isUrl', params: { path: KIT_CHECKOUT_PATHS.payment } },
            ]),
            target: '#kitCheckout.loadingPayment',
            actions: 'clearErrors',
          },
          {
            guard: { type: 'isUrl', params: { path: KIT_CHECKOUT_PATHS.confirmation } },
            target: '#kitCheckout.leaving',
            actions: { type: 'assignRedirect', params: KIT_CHECKOUT_EXITS.home },
          },
        ],
      },
      states: {
        continue: { meta: { path: KIT_CHECKOUT_PATHS.continue } },
        ...accountSteps('kitCheckout', KIT_CHECKOUT_PATHS),
        address: {
          meta: { path: KIT_CHECKOUT_PATHS.address },
          // Its substates are the postcode finder's (product rule R8.11): the step's forms work
          // in each of them, and a new lookup replaces the one before.
          initial: 'postcode',
          on: {
            'address.choose': {
              guard: { type: 'isListedAddress', params: ({ event }) => event.addressId },
              target: 'instructions',
              actions: [
                'clearErrors',
                { type: 'assignShipping', params: ({ event }) => event.addressId },
              ],
            },
            'address.submit': checkedForm(deliveryDetailsErrors, '#kitCheckout.savingAddress'),
            'address.find': [
              ...postcodeChecks(POSTCODE_FINDER_FIELD, '.postcode'),
              {
                target: '.findingAddress',
                actions: [
                  'clearErrors',
                  { type: 'assignLookupPostcode', params: ({ event }) => event.postcode },
                ],
              },
            ],
          },
          states: {
            postcode: {},
            findingAddress: {
              invoke: {
                id: 'lookupAddresses',
                src: 'lookupAddresses',
                input: ({ context }) => ({ postcode: context.postcodeLookup.postcode }),
                onDone: [
                  {
                    guard: { type: 'hasFoundAddresses', params: ({ event }) => event.output },
                    target: 'foundAddresses',
                    actions: { type: 'assignFoundAddresses', params: ({ event }) => event.output },
                  },
                  { target: 'districtOnly', actions: 'assignDistrictOnly' },
                ],
                // The failure carries the words to show: the server's for an unknown postcode
                // (they name it), else a message to try again.
                onError: [
                  {
                    guard: {
                      type: 'isPostcodeUnknown',
                      params: ({ event }) => lookupFailure(event),
                    },
                    target: 'unknownPostcode',
                    actions: { type: 'assignError', params: ({ event }) => finderError(event) },
                  },
                  {
                    target: 'lookupFailed',
                    actions: { type: 'assignError', params: ({ event }) => finderError(event) },
                  },
                ],
              },
            },
            foundAddresses: {
              on: {
                'foundAddress.choose': {
                  guard: { type: 'isFoundAddress', params: ({ event }) => event.addressId },
                  actions: { type: 'assignFoundAddress', params: ({ event }) => event.addressId },
                },
              },
            },
            // The customer types the street and number of the district's postcode.
            districtOnly: {},
            unknownPostcode: {},
            lookupFailed: {},
          },
        },
        billing: {
          meta: { path: KIT_CHECKOUT_PATHS.billing },
          on: {
            'billing.choose': {
              guard: { type: 'isListedAddress', params: ({ event }) => event.addressId },
              target: '#kitCheckout.loadingPayment',
              actions: [
                'clearErrors',
                { type: 'assignBilling', params: ({ event }) => event.addressId },
              ],
            },
            'billing.submit': checkedForm(deliveryDetailsErrors, '#kitCheckout.savingBilling'),
          },
        },
        instructions: {
          meta: { path: KIT_CHECKOUT_PATHS.instructions },
          initial: 'loading',
          states: {
            loading: {
              tags: ['busy'],
              invoke: {
                id: 'loadInstructions',
                src: 'loadInstructions',
                input: ({ context }) => ({ basket: context.basket!, address: shippingOf(context) }),
                onDone: {
                  target: 'ready',
                  actions: {
                    type: 'assignInstructionOptions',
                    params: ({ event }) => event.output,
                  },
                },
                onError: {
                  target: 'unavailable',
                  actions: {
                    type: 'assignError',
                    params: {
                      field: 'deliveryDate',
                      message: KIT_CHECKOUT_MESSAGES.instructionsLoadFailed,
                    },
                  },
                },
              },
            },
            unavailable: {
              on: { retry: { target: 'loading', actions: 'clearErrors' } },
            },
            ready: {
              on: {
                'instructions.submit': [
                  {
                    guard: {
                      type: 'hasFormErrors',
                      params: ({ event }) => instructionErrors(event.instructions),
                    },
                    actions: {
                      type: 'assignErrors',
                      params: ({ event }) => instructionErrors(event.instructions),
                    },
                  },
                  {
                    target: '#kitCheckout.savingInstructions',
                    actions: [
                      'clearErrors',
                      { type: 'assignInstructions', params: ({ event }) => event.instructions },
                    ],
                  },
                ],
              },
            },
          },
        },
        payment: {
          meta: { path: KIT_CHECKOUT_PATHS.payment },
          on: {
            'payment.submit': [
              ...newCardChecks<KitPaymentChoice>('kitCheckout'),
              {
                target: '#kitCheckout.placingOrder',
                actions: [
                  'clearErrors',
                  { type: 'assignChoice', params: ({ event }) => event.choice },
                ],
              },
            ],
          },
        },
        paymentWithCredits: {
          meta: { path: KIT_CHECKOUT_PATHS.paymentWithCredits },
          on: {
            'payment.submit': {
              target: '#kitCheckout.placingOrder',
              actions: ['clearErrors', { type: 'assignChoice', params: { kind: 'credits' } }],
            },
          },
        },
        confirmation: {
          meta: { path: KIT_CHECKOUT_PATHS.confirmation },
          // The box is ordered: a step before it cannot be shown again.
          on: {
            'url.changed': {
              target: '#kitCheckout.leaving',
              actions: { type: 'assignRedirect', params: KIT_CHECKOUT_EXITS.home },
            },
          },
        },
        error: {
          meta: { path: KIT_CHECKOUT_PATHS.error },
          on: {
            retry: [
              {
                guard: 'hasUnpaidOrder',
                target: '#kitCheckout.leaving',
                actions: {
                  type: 'assignRedirect',
                  params: ({ context }) => orderPaymentPath(context.unpaidOrderId ?? ''),
                },
              },
              { target: '#kitCheckout.loadingBasket', actions: 'clearErrors' },
            ],
          },
        },
      },
    },
    // Signing in adopts the visitor's box: the calls load it again.
    ...accountCalls('kitCheckout'),
    savingAddress: {
      tags: ['busy'],
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ event }) => (event as Extract<KitCheckoutEvent, { type: 'address.submit' }>).form,
        onDone: {
          target: '#kitCheckout.steps.instructions',
          actions: { type: 'assignNewAddress', params: ({ event }) => event.output },
        },
        onError: {
          target: '#kitCheckout.steps.address',
          actions: failedCall('address1', KIT_CHECKOUT_MESSAGES.addressSaveFailed, {
            blamed: true,
          }),
        },
      },
    },
    savingBilling: {
      tags: ['busy'],
      invoke: {
        id: 'saveBillingAddress',
        src: 'saveBillingAddress',
        input: ({ event }) => (event as Extract<KitCheckoutEvent, { type: 'billing.submit' }>).form,
        onDone: {
          target: 'loadingPayment',
          actions: { type: 'assignNewBilling', params: ({ event }) => event.output },
        },
        onError: {
          target: '#kitCheckout.steps.billing',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({
              field: failureOf(event.error).field ?? 'address1',
              message: KIT_CHECKOUT_MESSAGES.billingSaveFailed,
            }),
          },
        },
      },
    },
    savingInstructions: {
      tags: ['busy'],
      invoke: {
        id: 'saveInstructions',
        src: 'saveInstructions',
        input: ({ context }) => ({ basket: context.basket!, instructions: context.instructions! }),
        onDone: {
          target: 'loadingPayment',
          actions: { type: 'assignBasket', params: ({ event }) => event.output },
        },
        onError: {
          target: '#kitCheckout.steps.instructions.ready',
          actions: failedCall('deliveryDate', KIT_CHECKOUT_MESSAGES.instructionsSaveFailed),
        },
      },
    },
    // The preview decides the step: a card when credit does not cover the box, else credits.
    loadingPayment: {
      tags: ['busy'],
      invoke: {
        id: 'loadPayment',
        src: 'loadPayment',
        input: ({ context }) => ({ basketId: context.basket?.id ?? '' }),
        onDone: [
          {
            guard: { type: 'isCardRequested', params: ({ event }) => event.output.preview },
            target: 'steps.payment',
            actions: { type: 'assignPaymentOptions', params: ({ event }) => event.output },
          },
          {
            target: 'steps.paymentWithCredits',
            actions: { type: 'assignPaymentOptions', params: ({ event }) => event.output },
          },
        ],
        onError: toFailed('payment', KIT_CHECKOUT_MESSAGES.paymentLoadFailed),
      },
    },
    savingCard: savingCard<KitPaymentChoice>(
      { then: 'placingOrder', failedTo: '#kitCheckout.steps.payment' },
      KIT_CHECKOUT_MESSAGES.paymentSetupFailed,
    ),
    placingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => ({
          basketId: context.basket?.id ?? '',
          paymentMethodId: context.choice?.kind === 'saved' ? context.choice.methodId : null,
          shippingAddressId: context.shippingAddressId ?? '',
          billingAddressId: context.billingAddressId,
          deliveryNote: context.instructions?.note.trim() || null,
          courierInstruction: context.instructions?.courierInstruction || null,
          frequency: context.basket?.frequency ?? null,
        }),
        onDone: paidOrToBankPage<PlacedKitOrder>('steps.confirmation'),
        onError: [
          {
            guard: { type: 'isDeclined', params: ({ event }) => failureOf(event.error) },
            target: '#kitCheckout.steps.payment',
            actions: { type: 'assignDecline', params: ({ event }) => failureOf(event.error) },
          },
          {
            target: '#kitCheckout.steps.error',
            actions: [
              {
                type: 'assignError',
                params: ({ event }) => ({
                  field: 'order',
                  message: orderFailureMessage(failureOf(event.error)),
                }),
              },
              { type: 'reportOrderFailure', params: ({ event }) => failureOf(event.error) },
            ],
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
        ...confirmPaymentCall(KIT_CHECKOUT_MESSAGES.paymentDetailsFailed),
        onDone: [
          paidConfirmation<PlacedKitOrder>('steps.confirmation'),
          {
            target: 'steps.error',
            actions: { type: 'assignReturnFailed', params: ({ event }) => event.output },
          },
        ],
      },
    },
    // A call the checkout cannot go on without failed: say so and offer to try again.
    failed: failedUntilRetry('loadingBasket'),
    leaving: { type: 'final' },
  },
  output: ({ context }) => ({ redirectTo: context.redirectTo }),
});

/** The shared fragments, views and model tests find what they need here (checkout-shared.md). */
export type KitCheckoutSkeleton = CheckoutSkeleton<CheckoutGaps<typeof kitCheckoutMachine>>;
