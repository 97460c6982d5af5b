import type { SnapshotFrom } from 'xstate';
import {
  orderPaymentMachine,
  type OrderPaymentEvent,
  type OrderPaymentInput,
} from '../../../machines/order-payment/order-payment.machine';
import type {
  OrderPaymentOptions,
  PayableOrder,
  ReturnedOrderPayment,
  SavedPaymentMethod,
} from '../../../machines/order-payment/order-payment.types';
import { cachedSerializer } from '../support/model-paths';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof orderPaymentMachine>;

/** A subscription week the billing job could not charge: £26 less £6 of store credit. */
export const unpaid: PayableOrder = {
  id: '42',
  reference: 'KV7-R48',
  state: 'not_authorized',
  paymentFailed: true,
  deliveryDate: '2026-03-11',
  totalPrice: 26,
  storeCredit: 6,
  amountToCharge: 20,
  paidAt: null,
  lines: [{ id: '1', title: 'Cacio e pepe', variantTitle: 'Regular', quantity: 2, total: 26 }],
};
export const paidBefore: PayableOrder = {
  ...unpaid,
  state: 'paid',
  paidAt: '2026-03-06T12:01:00Z',
};
export const dropped: PayableOrder = { ...unpaid, state: 'dropped' };
export const card: SavedPaymentMethod = {
  id: '3',
  type: 'CreditCard',
  brand: 'visa',
  last4: '0002',
  email: null,
  isDefault: true,
};
export const newCard: SavedPaymentMethod = { ...card, id: '4', last4: '4242', isDefault: false };
export const options = (order: PayableOrder): OrderPaymentOptions => ({
  order,
  methods: [card],
  gateway: { name: 'sandbox' },
});
export const goodCard = { number: '4242 4242 4242 4242', expiry: '04/39', cvc: '123' };
export const returned = (
  status: ReturnedOrderPayment['status'],
  orderId = '42',
  message: string | null = null,
): ReturnedOrderPayment => ({ status, orderId, amount: 20, message });

/** The events the model may take, each with the payloads worth covering. */
export const modelEvents = [
  { type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } },
  { type: 'payment.submit', choice: { kind: 'newCard', card: goodCard } },
  { type: 'payment.submit', choice: { kind: 'newCard', card: { ...goodCard, cvc: '' } } },
  { type: 'retry' },
  { type: 'xstate.done.actor.loadOrder', output: options(unpaid) },
  { type: 'xstate.done.actor.loadOrder', output: options(paidBefore) },
  { type: 'xstate.done.actor.loadOrder', output: options(dropped) },
  { type: 'xstate.error.actor.loadOrder', error: { status: 404 } },
  { type: 'xstate.error.actor.loadOrder', error: { status: 500 } },
  { type: 'xstate.done.actor.saveCard', output: newCard },
  {
    type: 'xstate.error.actor.saveCard',
    error: { status: 400, field: 'cardNumber', message: 'Your card number is incorrect.' },
  },
  { type: 'xstate.done.actor.pay', output: { status: 'succeeded' } },
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
    error: {
      status: 402,
      message: 'Your card was declined. Please use a different card.',
      hardDecline: true,
    },
  },
  {
    type: 'xstate.error.actor.pay',
    error: { status: 502, message: "We couldn't reach our payment provider. Please try again." },
  },
  { type: 'xstate.done.actor.confirmPayment', output: returned('succeeded') },
  { type: 'xstate.done.actor.confirmPayment', output: returned('succeeded', '7') },
  {
    type: 'xstate.done.actor.confirmPayment',
    output: returned('failed', '42', 'Your card was declined.'),
  },
  { type: 'xstate.done.actor.confirmPayment', output: returned('pending') },
  { type: 'xstate.error.actor.confirmPayment', error: { status: 500 } },
] as unknown as OrderPaymentEvent[];
export const entries: { name: string; input: OrderPaymentInput }[] = [
  { name: 'opened at /payment/42', input: { orderId: '42', returnedPaymentId: null } },
  {
    name: 'back from the bank at /payment/42?payment_id=9',
    input: { orderId: '42', returnedPaymentId: '9' },
  },
];
/** States differ by where they are and whether a return is still to be confirmed. */
export const serialize = cachedSerializer((s: Snapshot) =>
  JSON.stringify([s.value, s.context.returnedPaymentId !== null]),
);

export const pathModel = {
  machine: orderPaymentMachine,
  entries: entries,
  events: modelEvents,
  serializeState: serialize,
} satisfies PathModel<Snapshot, OrderPaymentEvent, OrderPaymentInput>;
