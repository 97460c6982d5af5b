import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ORDER_EDIT_MESSAGES } from '../../domain/order-edit';
import {
  orderEditMachine,
  type EditableOrder,
  type EditData,
  type EditFailure,
  type EditPreview,
  type OrderEditChange,
  type OrderEditEvent,
} from '../../machines/order-edit/order-edit.machine';
import {
  matchesStateKey,
  stateKey,
  takenEdges,
  transitionPaths,
  untakenTransitions,
  walkPaths,
  WALK_TIMEOUT_MS,
} from './support/model-paths';
import { pendingCalls } from './support/pending-calls';

type Snapshot = SnapshotFrom<typeof orderEditMachine>;
type LeafState =
  | 'loading'
  | 'loadFailed'
  | 'closed'
  | 'editing.overview'
  | 'editing.deliveryInfo'
  | 'editing.recipes'
  | 'editing.address'
  | 'changing.previewing'
  | 'changing.reviewing'
  | 'changing.saving';

/** Tuesday 24 November 2026: the week of 30 November closes on Friday 27th at 12:00. */
const now = '2026-11-24T06:00:00.000Z';
const order: EditableOrder = {
  id: '7',
  reference: 'ABC-DEF',
  orderType: 'recipe_kit',
  state: 'paid',
  deliveryDate: '2026-12-02',
  deliveryNote: null,
  addressLine: '12 Exmouth Market, London EC1R 4QE',
  voucherCode: null,
  subtotal: 19.5,
  deliveryPrice: 0,
  totalDiscounts: 0,
  totalPrice: 19.5,
  chefSelected: false,
  lines: [{ variantId: '1', title: 'Ravioli', variantTitle: 'Regular', quantity: 3, price: 6.5 }],
};
const open: EditData = { order, menu: [], addresses: [], now };
const takeaway: EditData = { ...open, order: { ...order, orderType: 'takeaway' } };
const late: EditData = { ...open, now: '2026-11-28T06:00:00.000Z' };
const preview: EditPreview = {
  subtotal: 26,
  deliveryPrice: 0,
  totalDiscounts: 0,
  totalPrice: 26,
  previousTotal: 19.5,
  difference: 6.5,
  cardCharge: 6.5,
  storeCreditSpent: 0,
  storeCreditRefund: 0,
  voucherCode: null,
};
const saved: EditableOrder = { ...order, totalPrice: 26 };
const closedRefusal: EditFailure = {
  status: 409,
  code: 'order_edit_closed',
  message:
    'Too late to change this order: changes closed at the cut-off, Friday 27 November, 12:00.',
};
const refusal: EditFailure = {
  status: 400,
  code: 'not_on_menu',
  message: ORDER_EDIT_MESSAGES.notOnMenu,
};
const items: OrderEditChange = { kind: 'items', items: [{ variantId: '1', quantity: 4 }] };

const modelEvents = [
  { type: 'xstate.done.actor.loadOrder', output: open },
  { type: 'xstate.done.actor.loadOrder', output: takeaway },
  { type: 'xstate.done.actor.loadOrder', output: late },
  { type: 'xstate.error.actor.loadOrder', error: { status: 0, code: null, message: null } },
  { type: 'order.retry' },
  { type: 'step.open', step: 'delivery-info' },
  { type: 'step.open', step: 'recipes' },
  { type: 'step.open', step: 'change-delivery-address' },
  { type: 'step.open', step: '' },
  { type: 'change.review', change: items },
  { type: 'xstate.done.actor.previewChange', output: preview },
  { type: 'xstate.error.actor.previewChange', error: refusal },
  { type: 'xstate.error.actor.previewChange', error: closedRefusal },
  { type: 'change.confirm' },
  { type: 'change.back' },
  { type: 'xstate.done.actor.saveChange', output: saved },
  { type: 'xstate.error.actor.saveChange', error: refusal },
  { type: 'xstate.error.actor.saveChange', error: closedRefusal },
] as unknown as OrderEditEvent[];

type CallName = 'loadOrder' | 'previewChange' | 'saveChange';
type ModelEventType = OrderEditEvent['type'] | `xstate.${'done' | 'error'}.actor.${CallName}`;
type Executor = (step: { event: { type: string } }) => Promise<void>;

const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.fromStep,
    s.context.data?.order.orderType,
    s.context.data?.now,
    s.context.error !== null,
    s.context.noticeId > 0,
  ]);

const model = new TestModel(orderEditMachine, {
  input: { orderId: '7' },
  events: modelEvents,
  serializeState: serialize,
  stateMatcher: matchesStateKey,
});

/** One assertion per state: a new state fails to compile until it has one. */
const stateAssertions = {
  loading: (s) => expect(s.hasTag('busy')).toBe(true),
  loadFailed: (s) => expect(s.can({ type: 'order.retry' })).toBe(true),
  closed: (s) => {
    // Product rule R9.19: takeaway or past the cut-off, nothing can change.
    expect(s.context.closedReason).toMatch(/^(Takeaway orders can't|Too late to change)/);
    expect(s.can({ type: 'change.review', change: items })).toBe(false);
    expect(s.can({ type: 'step.open', step: 'recipes' })).toBe(false);
  },
  'editing.overview': (s) => expect(s.can({ type: 'change.review', change: items })).toBe(true),
  'editing.deliveryInfo': (s) => expect(s.context.change).toBeNull(),
  'editing.recipes': (s) => expect(s.context.change).toBeNull(),
  'editing.address': (s) => expect(s.context.change).toBeNull(),
  'changing.previewing': (s) => expect(s.hasTag('busy')).toBe(true),
  'changing.reviewing': (s) => {
    // Product rule R9.23: the new total is shown before the change can be confirmed.
    expect(s.context.preview).toEqual(preview);
    expect(s.can({ type: 'change.confirm' })).toBe(true);
  },
  'changing.saving': (s) => expect(s.hasTag('busy')).toBe(true),
} satisfies Record<LeafState, (s: Snapshot) => void>;

function createHarness(persisted?: unknown) {
  const { fake, settle } = pendingCalls();
  const actor = createActor(
    orderEditMachine.provide({
      actors: {
        loadOrder: fake<EditData, { orderId: string }>('loadOrder'),
        previewChange: fake<EditPreview, { orderId: string; change: OrderEditChange }>(
          'previewChange',
        ),
        saveChange: fake<
          EditableOrder,
          { orderId: string; change: OrderEditChange; expectedTotal: number }
        >('saveChange'),
      },
    }),
    { input: { orderId: '7' }, ...(persisted ? { snapshot: persisted as Snapshot } : {}) },
  ).start();
  const send: Executor = async ({ event }) => void actor.send(event as OrderEditEvent);
  const call: Executor = ({ event }) => settle(event);
  // A new event or call without its executor fails to compile.
  const events = {
    'step.open': send,
    'change.review': send,
    'change.confirm': send,
    'change.back': send,
    'order.retry': send,
    'xstate.done.actor.loadOrder': call,
    'xstate.error.actor.loadOrder': call,
    'xstate.done.actor.previewChange': call,
    'xstate.error.actor.previewChange': call,
    'xstate.done.actor.saveChange': call,
    'xstate.error.actor.saveChange': call,
  } satisfies Record<ModelEventType, Executor>;
  return { actor, events };
}

const paths = transitionPaths(model, modelEvents);

describe('order edit machine: every generated path', () => {
  it(
    `walks ${paths.length} paths, one per transition`,
    async () => {
      await walkPaths(paths, (persisted) => createHarness(persisted), stateAssertions);
    },
    WALK_TIMEOUT_MS,
  );

  it('reaches every state (coverage guard)', () => {
    const reached = new Set(
      paths.flatMap((p) => p.steps.map((step) => stateKey(step.state.value))),
    );
    expect([...reached].sort()).toEqual(Object.keys(stateAssertions).sort());
  });

  it('takes every transition (coverage guard)', () => {
    expect(untakenTransitions(orderEditMachine, takenEdges(paths))).toEqual([]);
  });
});

describe('order edit machine: the rules', () => {
  const loaded = async (data: EditData = open) => {
    const { actor, events } = createHarness();
    await events['xstate.done.actor.loadOrder']({
      event: { type: 'xstate.done.actor.loadOrder', output: data } as { type: string },
    });
    return { actor, events };
  };

  it('says a takeaway order cannot change, and a late one that it is too late', async () => {
    expect((await loaded(takeaway)).actor.getSnapshot().context.closedReason).toBe(
      ORDER_EDIT_MESSAGES.takeaway,
    );
    expect((await loaded(late)).actor.getSnapshot().context.closedReason).toBe(
      ORDER_EDIT_MESSAGES.tooLate('Friday 27 November, 12:00'),
    );
  });

  it('saves with the total the customer saw, then shows the overview with a notice', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'step.open', step: 'recipes' });
    actor.send({ type: 'change.review', change: items });
    await events['xstate.done.actor.previewChange']({
      event: { type: 'xstate.done.actor.previewChange', output: preview } as { type: string },
    });
    actor.send({ type: 'change.confirm' });
    const saving = actor.getSnapshot();
    const call = saving.children.saveChange!.getSnapshot() as { input: { expectedTotal: number } };
    expect(call.input.expectedTotal).toBe(26);
    await events['xstate.done.actor.saveChange']({
      event: { type: 'xstate.done.actor.saveChange', output: saved } as { type: string },
    });
    const after = actor.getSnapshot();
    expect(after.matches({ editing: 'overview' })).toBe(true);
    expect(after.context.data?.order.totalPrice).toBe(26);
    expect(after.context.notice).toBe(ORDER_EDIT_MESSAGES.saved);
  });

  it('returns a refused change to its step with the server’s words', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'step.open', step: 'recipes' });
    actor.send({ type: 'change.review', change: items });
    await events['xstate.error.actor.previewChange']({
      event: { type: 'xstate.error.actor.previewChange', error: refusal } as { type: string },
    });
    expect(actor.getSnapshot().matches({ editing: 'recipes' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(ORDER_EDIT_MESSAGES.notOnMenu);
  });
});
