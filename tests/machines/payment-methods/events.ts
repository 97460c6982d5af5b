import type { SnapshotFrom } from 'xstate';
import { PAYMENT_METHOD_MESSAGES } from '../../../domain/payment-methods';
import {
  paymentMethodsMachine,
  type ListedPaymentMethod,
  type MethodsData,
  type PaymentMethodsEvent,
} from '../../../machines/payment-methods/payment-methods.machine';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof paymentMethodsMachine>;

export const card = (id: string, last4: string, isDefault: boolean): ListedPaymentMethod => ({
  id,
  type: 'CreditCard',
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: 2030,
  email: null,
  isDefault,
});
export const visa = card('1', '4242', true);
export const mastercard = card('2', '4444', false);
export const gateway = { name: 'sandbox' } as const;
export const plan = { id: '7', name: 'Pasta plan', state: 'active' as const, paymentMethodId: '2' };
/** Two cards, the plan paying with the one that is not the default. */
export const twoCards: MethodsData = { methods: [visa, mastercard], plans: [plan], gateway };
/** After the other card was removed: the plan moved to the default (R11.8). */
export const oneCard: MethodsData = {
  methods: [visa],
  plans: [{ ...plan, paymentMethodId: '1' }],
  gateway,
};
export const swapped: MethodsData = {
  methods: [
    { ...visa, isDefault: false },
    { ...mastercard, isDefault: true },
  ],
  plans: [plan],
  gateway,
};
export const refused = { status: 409, message: PAYMENT_METHOD_MESSAGES.onlyOneInUse };
export const typed = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

export const modelEvents = [
  { type: 'xstate.done.actor.loadMethods', output: twoCards },
  { type: 'xstate.done.actor.loadMethods', output: oneCard },
  { type: 'xstate.error.actor.loadMethods', error: { status: 0, message: null } },
  { type: 'methods.retry' },
  { type: 'method.remove', methodId: '2' },
  { type: 'method.remove', methodId: '1' },
  { type: 'removal.confirm' },
  { type: 'removal.cancel' },
  { type: 'xstate.done.actor.deleteMethod', output: oneCard },
  { type: 'xstate.error.actor.deleteMethod', error: refused },
  { type: 'method.makeDefault', methodId: '2' },
  { type: 'xstate.done.actor.makeDefault', output: swapped },
  { type: 'xstate.error.actor.makeDefault', error: { status: 0, message: null } },
  { type: 'card.add' },
  { type: 'card.save', card: typed },
  { type: 'add.cancel' },
  { type: 'xstate.done.actor.saveCard', output: twoCards },
  { type: 'xstate.error.actor.saveCard', error: { status: 400, message: 'Request failed' } },
  { type: 'plan.changeMethod', planId: '7', methodId: '1' },
  { type: 'xstate.done.actor.changePlanMethod', output: oneCard },
  { type: 'xstate.error.actor.changePlanMethod', error: { status: 409, message: 'No' } },
] as unknown as PaymentMethodsEvent[];
export const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.methods.map((m) => [m.id, m.isDefault]),
    s.context.plans.map((p) => p.paymentMethodId),
    s.context.targetId,
    s.context.error !== null,
  ]);

export const pathModel = {
  machine: paymentMethodsMachine,
  entries: [{ name: 'the payment methods page', input: undefined }],
  events: modelEvents,
  serializeState: serialize,
  tooManySimplePaths: 'too many to list; its test walks the shortest path to each transition',
} satisfies PathModel<Snapshot, PaymentMethodsEvent, undefined>;
