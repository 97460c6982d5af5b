import { describe, expect, it } from 'vitest';
import type { NonReducibleUnknown, SnapshotFrom, StateValueFrom } from 'xstate';
import { PAYMENT_METHOD_MESSAGES } from '../../domain/payment-methods';
import {
  paymentMethodsMachine,
  removalRefusalIn,
  type MethodsData,
  type PaymentMethodsEvent,
  type SaveCardInput,
} from '../../machines/payment-methods/payment-methods.machine';
import {
  modelEvents,
  oneCard,
  plan,
  refused,
  serialize,
  twoCards,
  typed,
} from './payment-methods/events';
import {
  callHarness,
  describeEveryPath,
  pathModel,
  settleCall,
  settledHarness,
  type CallEventType,
  type Executor,
} from './support/path-suite';
import type { StateKeys } from '../../src/flows/flow-types';

type Snapshot = SnapshotFrom<typeof paymentMethodsMachine>;

type CallName = 'loadMethods' | 'deleteMethod' | 'makeDefault' | 'saveCard' | 'changePlanMethod';
type ModelEventType = PaymentMethodsEvent['type'] | CallEventType<CallName>;

const model = pathModel(paymentMethodsMachine, modelEvents, serialize);

const ids = (s: Snapshot) => s.context.methods.map((m) => m.id);

/** One assertion per state: a new state fails to compile until it has one. */
const stateAssertions = {
  loading: (s) => expect(s.hasTag('busy')).toBe(true),
  loadFailed: (s) => expect(s.can({ type: 'methods.retry' })).toBe(true),
  ready: (s) => {
    expect(s.hasTag('busy')).toBe(false);
    // Product rule R11.4: never the default while others exist.
    const theDefault = s.context.methods.find((m) => m.isDefault);
    if (theDefault && s.context.methods.length > 1)
      expect(s.can({ type: 'method.remove', methodId: theDefault.id })).toBe(false);
  },
  'ready.idle': (s: Snapshot) => expect(s.context.beforeRemoval).toBeNull(),
  // The refused removal put the card and the plan back, with the server's message (R11.8).
  'ready.restored': (s: Snapshot) => {
    expect(ids(s)).toEqual(['1', '2']);
    expect(s.context.plans[0]?.paymentMethodId).toBe('2');
    expect(s.context.error).toBe(PAYMENT_METHOD_MESSAGES.onlyOneInUse);
  },
  confirmingRemoval: (s) => expect(ids(s)).toContain(s.context.targetId),
  // Optimistic: hidden at once, and its plan already on the default.
  deleting: (s) => {
    expect(ids(s)).not.toContain(s.context.targetId);
    expect(s.context.plans.every((p) => p.paymentMethodId !== s.context.targetId)).toBe(true);
    expect(s.hasTag('busy')).toBe(true);
  },
  makingDefault: (s) => expect(s.hasTag('busy')).toBe(true),
  adding: (s) => expect(s.can({ type: 'add.cancel' })).toBe(true),
  savingCard: (s) => expect(s.context.card).toEqual(typed),
  changingPlanMethod: (s) => expect(s.context.planChange).toEqual({ planId: '7', methodId: '1' }),
} satisfies Record<
  // 'ready' is a parent: its entry checks what holds in both of its children.
  StateKeys<StateValueFrom<typeof paymentMethodsMachine>>,
  (s: Snapshot) => void
>;

const createHarness = callHarness(
  (fake) =>
    paymentMethodsMachine.provide({
      actors: {
        loadMethods: fake<MethodsData, NonReducibleUnknown>('loadMethods'),
        deleteMethod: fake<MethodsData, { methodId: string }>('deleteMethod'),
        makeDefault: fake<MethodsData, { methodId: string }>('makeDefault'),
        saveCard: fake<MethodsData, SaveCardInput>('saveCard'),
        changePlanMethod: fake<MethodsData, { planId: string; methodId: string }>(
          'changePlanMethod',
        ),
      },
    }),
  // A new event or call without its executor fails to compile.
  ({ send, call }) =>
    ({
      'methods.retry': send,
      'method.remove': send,
      'removal.confirm': send,
      'removal.cancel': send,
      'method.makeDefault': send,
      'card.add': send,
      'card.save': send,
      'add.cancel': send,
      'plan.changeMethod': send,
      'xstate.done.actor.loadMethods': call,
      'xstate.error.actor.loadMethods': call,
      'xstate.done.actor.deleteMethod': call,
      'xstate.error.actor.deleteMethod': call,
      'xstate.done.actor.makeDefault': call,
      'xstate.error.actor.makeDefault': call,
      'xstate.done.actor.saveCard': call,
      'xstate.error.actor.saveCard': call,
      'xstate.done.actor.changePlanMethod': call,
      'xstate.error.actor.changePlanMethod': call,
    }) satisfies Record<ModelEventType, Executor>,
);

describeEveryPath('payment methods machine', {
  machine: paymentMethodsMachine,
  model,
  modelEvents,
  createHarness,
  stateAssertions,
  parentStates: ['ready'],
});

describe('payment methods machine: removing with its rollback', () => {
  const loaded = (data: MethodsData = twoCards) =>
    settledHarness(createHarness, { type: 'xstate.done.actor.loadMethods', output: data });

  it('hides the card at once and moves its plan to the default, before the server answers', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'method.remove', methodId: '2' });
    actor.send({ type: 'removal.confirm' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('deleting');
    expect(ids(s)).toEqual(['1']);
    expect(s.context.plans[0]?.paymentMethodId).toBe('1');
  });

  it('puts the card and the plan back where they were with the server’s words when the call fails', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'method.remove', methodId: '2' });
    actor.send({ type: 'removal.confirm' });
    await settleCall(events, { type: 'xstate.error.actor.deleteMethod', error: refused });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'restored' });
    expect(s.context.methods).toEqual(twoCards.methods);
    expect(s.context.plans).toEqual(twoCards.plans);
    expect(s.context.error).toBe(PAYMENT_METHOD_MESSAGES.onlyOneInUse);
  });

  it('says why a card cannot be removed: the default among others, the only one a plan uses', async () => {
    const { actor } = await loaded();
    expect(removalRefusalIn(actor.getSnapshot().context, '1')).toBe(
      PAYMENT_METHOD_MESSAGES.defaultWithOthers,
    );
    expect(actor.getSnapshot().can({ type: 'method.remove', methodId: '1' })).toBe(false);
    const single = await loaded(oneCard);
    expect(removalRefusalIn(single.actor.getSnapshot().context, '1')).toBe(
      PAYMENT_METHOD_MESSAGES.onlyOneInUse,
    );
    const cancelled = await loaded({
      ...oneCard,
      plans: [{ ...plan, state: 'cancelled', paymentMethodId: '1' }],
    });
    expect(cancelled.actor.getSnapshot().can({ type: 'method.remove', methodId: '1' })).toBe(true);
  });

  it('does not change a plan to the card it already uses', async () => {
    const { actor } = await loaded();
    expect(actor.getSnapshot().can({ type: 'plan.changeMethod', planId: '7', methodId: '2' })).toBe(
      false,
    );
  });
});
