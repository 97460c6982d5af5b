import type { SnapshotFrom } from 'xstate';
import {
  KIT_CHECKOUT_PATHS,
  kitCheckoutMachine,
  type KitCheckoutEvent,
  type KitCheckoutInput,
} from '../../../machines/kit-checkout/kit-checkout.machine';
import type { CheckoutCustomer } from '../../../machines/checkout-shared/checkout-shared';
import type {
  CheckoutAddress,
  CheckoutFailure,
  DeliveryInstructionOptions,
  KitBasket,
  KitPaymentOptions,
  OrderPreview,
  PlacedKitOrder,
  PostcodeAddress,
  PostcodeLookupFailure,
  ReturnedKitPayment,
  SavedAddress,
  SavedPaymentMethod,
} from '../../../machines/kit-checkout/kit-checkout.types';
import { cachedSerializer } from '../support/model-paths';
import { accountFormEvents, urlEvents } from '../support/checkout-model';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof kitCheckoutMachine>;

export const customer: CheckoutCustomer = { firstName: 'Ada', lastName: 'Lovelace', phone: null };
export const home: SavedAddress = {
  id: '1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+447812345678',
  address1: '1 Turnham Green Terrace',
  address2: null,
  city: 'London',
  zip: 'W4 1RG',
  isDefault: true,
};
/** Without a phone: left out of the list (product rule R3.3). */
export const noPhone: SavedAddress = { ...home, id: '2', phone: null };
export const office: SavedAddress = {
  ...home,
  id: '3',
  address1: '2 Hatton Garden',
  isDefault: false,
};
export const typedAddress: CheckoutAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07812 345678',
  address1: '1 Turnham Green Terrace',
  address2: '',
  city: 'London',
  zip: 'W4 1RG',
  lat: null,
  lon: null,
};
/** Two addresses the postcode directory lists for W4 2HD. */
export const devonshire: PostcodeAddress = {
  id: 'w4-12',
  address1: '12 Devonshire Road',
  address2: null,
  city: 'London',
  zip: 'W4 2HD',
  countryCode: 'GB',
  lat: 51.4916,
  lon: -0.2555,
};
export const flat: PostcodeAddress = { ...devonshire, id: 'w4-14', address1: '14 Devonshire Road' };
export const unknownPostcode: PostcodeLookupFailure = {
  status: 404,
  message: "We couldn't find any addresses for W4 2HD. Check the postcode and try again.",
};
export const lookupDown: PostcodeLookupFailure = {
  status: 0,
  message: "We couldn't look up W4 2HD just now. Try again.",
};
export const box: KitBasket = {
  id: 'b1',
  itemCount: 4,
  valid: true,
  totalPrice: 42,
  startSubscription: true,
  frequency: 2,
  deliveryDate: null,
  deliveryNote: null,
  variantIds: ['11', '12'],
  requestCard: false,
  firstBox: { mealWeek: '2030-01-07', subtotal: 42, discount: 0 },
};
export const belowMinimum: KitBasket = { ...box, valid: false };
export const emptyBox: KitBasket = { ...box, itemCount: 0 };
export const instructionOptions: DeliveryInstructionOptions = {
  courierInstructions: ['Leave with a neighbour', 'Leave in the porch'],
  dates: [{ date: '2030-01-08', weekStart: '2030-01-07', disabled: false }],
  days: [{ date: '2030-01-08', available: true, fee: 0, total: 42 }],
  deliveryDate: '2030-01-08',
};
export const instructions = {
  courierInstruction: 'Leave in the porch',
  note: 'Blue door',
  deliveryDate: '2030-01-08',
};
export const preview: OrderPreview = {
  subtotal: 40,
  delivery: 2,
  discount: 0,
  storeCredit: 0,
  total: 42,
  amountToCharge: 42,
  requestCard: false,
  likelyCardCharge: true,
  recurring: null,
};
export const covered: OrderPreview = { ...preview, storeCredit: 42, amountToCharge: 0 };
export const card: SavedPaymentMethod = {
  id: '3',
  type: 'CreditCard',
  brand: 'visa',
  last4: '4242',
  email: null,
  isDefault: true,
};
export const withCard: KitPaymentOptions = {
  preview,
  methods: [card],
  gateway: { name: 'sandbox' },
};
export const withCredits: KitPaymentOptions = { ...withCard, preview: covered };
export const order: PlacedKitOrder = {
  id: '7',
  reference: 'KV7-R48',
  deliveryDate: '2030-01-08',
  totalPrice: 42,
  storeCredit: 0,
  amountCharged: 42,
  subscriptionId: '5',
  frequency: 2,
};
export const goodCard = { number: '4242 4242 4242 4242', expiry: '04/29', cvc: '123' };
/** The events the model may take, each with the payloads worth covering. */
export const modelEvents = [
  ...urlEvents(KIT_CHECKOUT_PATHS),
  ...accountFormEvents,
  { type: 'address.choose', addressId: '1' },
  { type: 'address.submit', form: typedAddress },
  { type: 'address.submit', form: { ...typedAddress, phone: '123' } },
  // The postcode finder (product rule R8.11), checked as the takeaway checks it.
  { type: 'address.find', postcode: ' w42hd ' },
  { type: 'address.find', postcode: ' ' },
  { type: 'address.find', postcode: 'W4' },
  { type: 'foundAddress.choose', addressId: flat.id },
  { type: 'billing.choose', addressId: '3' },
  { type: 'billing.submit', form: typedAddress },
  { type: 'billing.submit', form: { ...typedAddress, zip: '' } },
  { type: 'instructions.submit', instructions },
  { type: 'instructions.submit', instructions: { ...instructions, deliveryDate: '' } },
  { type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } },
  { type: 'payment.submit', choice: { kind: 'newCard', card: goodCard } },
  { type: 'payment.submit', choice: { kind: 'newCard', card: { ...goodCard, cvc: '' } } },
  { type: 'payment.submit', choice: { kind: 'credits' } },
  { type: 'retry' },
  { type: 'xstate.done.actor.loadBasket', output: box },
  { type: 'xstate.done.actor.loadBasket', output: belowMinimum },
  { type: 'xstate.done.actor.loadBasket', output: emptyBox },
  { type: 'xstate.error.actor.loadBasket', error: { status: 0 } },
  { type: 'xstate.done.actor.signIn', output: customer },
  { type: 'xstate.error.actor.signIn', error: { status: 401 } },
  { type: 'xstate.done.actor.signUp', output: customer },
  { type: 'xstate.error.actor.signUp', error: { status: 400, code: 'invalid_email' } },
  // An account already holds the email: the refusal a customer can bring about.
  { type: 'xstate.error.actor.signUp', error: { status: 400, code: 'email_taken' } },
  { type: 'xstate.done.actor.loadAddresses', output: [home, noPhone, office] },
  { type: 'xstate.done.actor.loadAddresses', output: [noPhone] },
  { type: 'xstate.error.actor.loadAddresses', error: { status: 500 } },
  { type: 'xstate.done.actor.lookupAddresses', output: [devonshire, flat] },
  // A postcode placed at its district's centre: no address list (product rule R3.13).
  { type: 'xstate.done.actor.lookupAddresses', output: [] },
  { type: 'xstate.error.actor.lookupAddresses', error: unknownPostcode },
  { type: 'xstate.error.actor.lookupAddresses', error: lookupDown },
  { type: 'xstate.done.actor.saveAddress', output: home },
  { type: 'xstate.error.actor.saveAddress', error: { status: 400, field: 'zip', message: 'x' } },
  { type: 'xstate.done.actor.saveBillingAddress', output: office },
  { type: 'xstate.error.actor.saveBillingAddress', error: { status: 500 } },
  { type: 'xstate.done.actor.loadInstructions', output: instructionOptions },
  { type: 'xstate.error.actor.loadInstructions', error: { status: 500 } },
  { type: 'xstate.done.actor.saveInstructions', output: box },
  { type: 'xstate.error.actor.saveInstructions', error: { status: 500 } },
  { type: 'xstate.done.actor.loadPayment', output: withCard },
  { type: 'xstate.done.actor.loadPayment', output: withCredits },
  { type: 'xstate.error.actor.loadPayment', error: { status: 500 } },
  { type: 'xstate.done.actor.saveCard', output: card },
  {
    type: 'xstate.error.actor.saveCard',
    error: { status: 400, field: 'cardNumber', message: 'Your card number is incorrect.' },
  },
  { type: 'xstate.done.actor.placeOrder', output: { status: 'succeeded', order } },
  {
    type: 'xstate.done.actor.placeOrder',
    output: { status: 'requires_action', actionUrl: '/sandbox/challenge/pi_1' },
  },
  {
    type: 'xstate.error.actor.placeOrder',
    error: { status: 402, message: 'Your card was declined.', hardDecline: false },
  },
  { type: 'xstate.error.actor.placeOrder', error: { status: 500 } },
  {
    type: 'xstate.done.actor.confirmPayment',
    output: { status: 'succeeded', order, message: null } satisfies ReturnedKitPayment,
  },
  {
    type: 'xstate.done.actor.confirmPayment',
    output: { status: 'failed', order, message: null } satisfies ReturnedKitPayment,
  },
  { type: 'xstate.error.actor.confirmPayment', error: { status: 500 } },
] as unknown as KitCheckoutEvent[];
/** A decline is a card's: an order paid by store credit alone charges none. */
export const eventsAt = (s: Snapshot) =>
  s.context.choice?.kind === 'credits'
    ? modelEvents.filter((event) => (event as { error?: CheckoutFailure }).error?.status !== 402)
    : modelEvents;
export const base: KitCheckoutInput = {
  path: KIT_CHECKOUT_PATHS.entry,
  customer: null,
  returnedPaymentId: null,
};

export const entries: { name: string; input: KitCheckoutInput }[] = [
  { name: 'signed out at /checkout', input: base },
  { name: 'signed out at /checkout/login', input: { ...base, path: KIT_CHECKOUT_PATHS.login } },
  { name: 'signed out at /checkout/signup', input: { ...base, path: KIT_CHECKOUT_PATHS.signup } },
  { name: 'signed in at /checkout', input: { ...base, customer } },
  {
    name: 'signed in, deep link to the payment step',
    input: { ...base, customer, path: KIT_CHECKOUT_PATHS.payment },
  },
  {
    name: 'signed in, deep link to the billing addresses',
    input: { ...base, customer, path: KIT_CHECKOUT_PATHS.billing },
  },
  {
    name: 'back from a 3-D Secure challenge',
    input: { ...base, customer, path: KIT_CHECKOUT_PATHS.payment, returnedPaymentId: '12' },
  },
];

/** States differ by where they are and what the guards read; messages make no new states. */
export const serialize = cachedSerializer((s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.customer !== null,
    s.context.shippingAddressId,
    s.context.preview !== null,
    s.context.returnedPaymentId !== null,
  ]),
);

/** The postcode finder's events: they move only within the address step. */
export const isFinderEvent = ({ type }: KitCheckoutEvent | { type: string }) =>
  type === 'address.find' || type === 'foundAddress.choose' || type.endsWith('.lookupAddresses');

/**
 * The customer's moves through the flow. URLs typed or reached by Back join every step to every
 * other, so simple paths with them grow factorially: those are walked by the shortest and the
 * transition paths below. The postcode finder stays within the address step and leaves it as the
 * step's forms do: its own simple paths are walked once, below, not in every path through it.
 */
export const flowEvents = (s: Snapshot) =>
  eventsAt(s).filter(
    (event) =>
      !isFinderEvent(event) &&
      (event.type !== 'url.changed' ||
        // The links on the steps themselves: change the delivery or the billing address.
        event.path === KIT_CHECKOUT_PATHS.address ||
        event.path === KIT_CHECKOUT_PATHS.billing),
  );
export const atPayment = (s: Snapshot) =>
  s.matches({ steps: 'payment' }) || s.matches({ steps: 'paymentWithCredits' });

/**
 * Told apart by where they are and what the guards read (signed in, the listed addresses, the
 * delivery one), not by messages: a retry that loads the box again returns to a state the path
 * has visited, so it ends there.
 */
export const serializeFlow = cachedSerializer((s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.customer !== null,
    s.context.addresses.map((a) => a.id).sort(),
    s.context.shippingAddressId,
  ]),
);

export const pathModel = {
  machine: kitCheckoutMachine,
  entries: entries,
  events: eventsAt,
  serializeState: serialize,
  simpleRegion: {
    name: 'to a payment step, by the links on the steps (no typed URLs, no postcode finder)',
    stopWhen: atPayment,
    events: flowEvents,
    serializeState: serializeFlow,
  },
} satisfies PathModel<Snapshot, KitCheckoutEvent, KitCheckoutInput>;
