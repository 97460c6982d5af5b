import type { SnapshotFrom } from 'xstate';
import {
  TAKEAWAY_CHECKOUT_PATHS,
  takeawayCheckoutMachine,
  type CheckoutCustomer,
  type TakeawayCheckoutEvent,
  type TakeawayCheckoutInput,
} from '../../../machines/takeaway-checkout/takeaway-checkout.machine';
import type {
  CheckoutAddress,
  PlacedOrder,
  ReturnedPayment,
  SavedPaymentMethod,
  SavedWallet,
} from '../../../machines/checkout-shared/checkout-shared.types';
import type { TakeawayCheckoutBasket } from '../../../machines/takeaway-checkout/takeaway-checkout.types';
import { cachedSerializer } from '../support/model-paths';
import { accountFormEvents, urlEvents } from '../support/checkout-model';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof takeawayCheckoutMachine>;

export const customer: CheckoutCustomer = { firstName: 'Ada', lastName: 'Lovelace', phone: null };
export const readyAddress: CheckoutAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07812 345678',
  address1: '1 Turnham Green Terrace',
  address2: '',
  city: 'London',
  zip: 'W4 1RG',
  lat: 51.49,
  lon: -0.25,
};
export const deliveryReady: TakeawayCheckoutBasket = {
  id: 'b1',
  fulfillmentType: 'delivery',
  itemCount: 2,
  totalPrice: 21.99,
  address: readyAddress,
  deliveryNote: null,
};
export const deliveryNoNames: TakeawayCheckoutBasket = {
  ...deliveryReady,
  address: { address1: '1 Turnham Green Terrace', city: 'London', zip: 'W4 1RG' },
};
export const pickup: TakeawayCheckoutBasket = {
  ...deliveryReady,
  fulfillmentType: 'pickup',
  address: null,
  totalPrice: 20,
};
export const emptyBasket: TakeawayCheckoutBasket = { ...deliveryReady, itemCount: 0 };
export const order: PlacedOrder = { id: '7', reference: 'KV7-R48', totalPrice: 21.99 };
export const card: SavedPaymentMethod = {
  id: '3',
  type: 'CreditCard',
  brand: 'visa',
  last4: '4242',
  email: null,
  isDefault: true,
};
export const sandboxOptions = { methods: [card], gateway: { name: 'sandbox' } };
export const goodCard = { number: '4242 4242 4242 4242', expiry: '04/29', cvc: '123' };

/** The events the model may take, each with the payloads worth covering. */
export const modelEvents = [
  ...urlEvents(TAKEAWAY_CHECKOUT_PATHS),
  ...accountFormEvents,
  { type: 'address.submit', form: readyAddress },
  { type: 'address.submit', form: { ...readyAddress, phone: '123' } },
  { type: 'instructions.submit', note: 'Ring twice' },
  { type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } },
  { type: 'payment.submit', choice: { kind: 'newCard', card: goodCard } },
  { type: 'payment.submit', choice: { kind: 'newCard', card: { ...goodCard, cvc: '' } } },
  { type: 'payment.submit', choice: { kind: 'wallet' } },
  { type: 'wallet.setup' },
  { type: 'retry' },
  { type: 'xstate.done.actor.loadBasket', output: deliveryReady },
  { type: 'xstate.done.actor.loadBasket', output: deliveryNoNames },
  { type: 'xstate.done.actor.loadBasket', output: pickup },
  { type: 'xstate.done.actor.loadBasket', output: emptyBasket },
  { type: 'xstate.error.actor.loadBasket', error: { status: 0 } },
  { type: 'xstate.done.actor.signIn', output: customer },
  { type: 'xstate.error.actor.signIn', error: { status: 401 } },
  { type: 'xstate.done.actor.signUp', output: customer },
  { type: 'xstate.error.actor.signUp', error: { status: 400, code: 'invalid_email' } },
  // An account already holds the email: the refusal a customer can bring about.
  { type: 'xstate.error.actor.signUp', error: { status: 400, code: 'email_taken' } },
  { type: 'xstate.done.actor.saveAddress', output: deliveryReady },
  { type: 'xstate.error.actor.saveAddress', error: { status: 500 } },
  { type: 'xstate.done.actor.saveInstructions', output: deliveryReady },
  {
    type: 'xstate.error.actor.saveInstructions',
    error: { status: 400, message: 'Tagliatelle sold out for now: remove it to continue' },
  },
  {
    type: 'xstate.done.actor.loadPaymentMethods',
    output: { methods: [card], gateway: { name: 'sandbox' } },
  },
  { type: 'xstate.error.actor.loadPaymentMethods', error: { status: 500 } },
  { type: 'xstate.done.actor.saveCard', output: card },
  {
    type: 'xstate.error.actor.saveCard',
    error: { status: 400, field: 'cardNumber', message: 'Your card number is incorrect.' },
  },
  { type: 'xstate.done.actor.placeOrder', output: order },
  { type: 'xstate.error.actor.placeOrder', error: { status: 500 } },
  { type: 'xstate.done.actor.pay', output: { status: 'succeeded', order } },
  {
    type: 'xstate.done.actor.pay',
    output: { status: 'requires_action', actionUrl: '/sandbox/challenge/pi_1' },
  },
  {
    type: 'xstate.error.actor.pay',
    error: { status: 402, message: 'Your card was declined.', hardDecline: false },
  },
  {
    type: 'xstate.error.actor.pay',
    error: { status: 402, message: 'Your card was reported stolen.', hardDecline: true },
  },
  { type: 'xstate.done.actor.setupWallet', output: { actionUrl: '/sandbox/wallet/seti_1' } },
  { type: 'xstate.error.actor.setupWallet', error: { status: 500 } },
  {
    type: 'xstate.done.actor.confirmPayment',
    output: { status: 'succeeded', order, message: null } satisfies ReturnedPayment,
  },
  {
    type: 'xstate.done.actor.confirmPayment',
    output: { status: 'failed', order, message: null } satisfies ReturnedPayment,
  },
  { type: 'xstate.error.actor.confirmPayment', error: { status: 500 } },
  {
    type: 'xstate.done.actor.saveWallet',
    output: {
      order,
      method: { ...card, id: '4', type: 'PaypalAccount' },
      cancelled: false,
    } satisfies SavedWallet,
  },
  { type: 'xstate.error.actor.saveWallet', error: { status: 500 } },
] as unknown as TakeawayCheckoutEvent[];
export const base: TakeawayCheckoutInput = {
  path: TAKEAWAY_CHECKOUT_PATHS.entry,
  customer: null,
  returnedPaymentId: null,
  returnedSetupIntent: null,
};

export const entries: { name: string; input: TakeawayCheckoutInput }[] = [
  { name: 'signed out at /pasta-now-checkout', input: base },
  { name: 'signed in at /pasta-now-checkout', input: { ...base, customer } },
  {
    name: 'signed in, deep link to the payment step',
    input: { ...base, customer, path: TAKEAWAY_CHECKOUT_PATHS.payment },
  },
  {
    name: 'back from a 3-D Secure challenge',
    input: { ...base, customer, path: TAKEAWAY_CHECKOUT_PATHS.payment, returnedPaymentId: '12' },
  },
  {
    name: 'back from the wallet set-up page',
    input: {
      ...base,
      customer,
      path: '/paypal-setup-confirmation',
      returnedSetupIntent: { id: 'seti_1', orderId: '7', cancelled: false },
    },
  },
];

/** States differ by where they are and what the guards read; messages make no new states. */
export const serialize = cachedSerializer((s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.customer !== null,
    s.context.basket?.fulfillmentType ?? null,
    !!s.context.basket?.address?.firstName,
    s.context.order !== null,
    s.context.choice?.kind ?? null,
    s.context.returnedPaymentId !== null,
    s.context.returnedSetupIntent !== null,
  ]),
);

export const inPayment = (s: Snapshot) => s.matches({ steps: 'payment' });

export const pathModel = {
  machine: takeawayCheckoutMachine,
  entries,
  events: modelEvents,
  serializeState: serialize,
  // The whole graph has too many simple paths (the payment step can fail and return in many orders).
  simpleRegion: { name: 'to the payment step', stopWhen: inPayment },
} satisfies PathModel<Snapshot, TakeawayCheckoutEvent, TakeawayCheckoutInput>;
