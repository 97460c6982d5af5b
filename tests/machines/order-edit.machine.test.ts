import { describe, expect, it } from 'vitest';
import type { SnapshotFrom, StateValueFrom } from 'xstate';
import { ORDER_EDIT_MESSAGES } from '../../domain/order-edit';
import {
  orderEditMachine,
  type EditableOrder,
  type EditData,
  type EditStep,
  type AddressDraft,
  type EditPreview,
  type OrderEditChange,
  type OrderEditEvent,
  type OrderEditInput,
  type PostcodeAddress,
  type SavedAddress,
} from '../../machines/order-edit/order-edit.machine';
import { POSTCODE_MESSAGES } from '../../machines/shared/postcode-lookup';
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
import {
  addressRefusal,
  draft,
  filled,
  found,
  items,
  newAddress,
  late,
  modelEvents,
  open,
  orderEditEntries,
  preview,
  refusal,
  saved,
  serialize,
  takeaway,
} from './order-edit/events';

type Snapshot = SnapshotFrom<typeof orderEditMachine>;
/** The states a path rests in: every state but the two parents. */
type LeafState = Exclude<
  StateKeys<StateValueFrom<typeof orderEditMachine>>,
  'editing' | 'changing'
>;

/** Tuesday 24 November 2026: the week of 30 November closes on Friday 27th at 12:00. */

type CallName = 'loadOrder' | 'previewChange' | 'saveChange' | 'lookupPostcode' | 'saveNewAddress';
type ModelEventType = OrderEditEvent['type'] | CallEventType<CallName>;

/** One assertion per state: a new state fails to compile until it has one. */
const stateAssertions = {
  loading: (s) => expect(s.hasTag('busy')).toBe(true),
  loadFailed: (s) => expect(s.can({ type: 'order.retry' })).toBe(true),
  closed: (s) => {
    // Product rule R9.19: takeaway, past the cut-off or taken on by the kitchen, nothing changes.
    expect(s.context.closedReason).toMatch(
      /^(Takeaway orders can't|Too late to change|This order is accepted and can no longer)/,
    );
    expect(s.can({ type: 'change.review', change: items })).toBe(false);
    expect(s.can({ type: 'step.open', step: 'recipes' })).toBe(false);
  },
  'editing.overview': (s) => expect(s.can({ type: 'change.review', change: items })).toBe(true),
  'editing.deliveryInfo': (s) => expect(s.context.change).toBeNull(),
  'editing.recipes': (s) => expect(s.context.change).toBeNull(),
  'editing.address': (s) => {
    expect(s.context.change).toBeNull();
    expect(s.can({ type: 'address.new' })).toBe(true);
  },
  'editing.newAddress': (s) => {
    // Product rule R9.25: nothing is saved or moved until a valid address is submitted.
    expect(s.context.change).toBeNull();
    expect(s.can({ type: 'newAddress.submit', draft: filled })).toBe(true);
  },
  'editing.findingAddress': (s) => expect(s.hasTag('busy')).toBe(true),
  'editing.savingAddress': (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.newAddress.errors).toEqual([]);
  },
  'changing.previewing': (s) => expect(s.hasTag('busy')).toBe(true),
  'changing.reviewing': (s) => {
    // Product rule R9.23: the new total is shown before the change can be confirmed.
    expect(s.context.preview).toEqual(preview);
    expect(s.can({ type: 'change.confirm' })).toBe(true);
  },
  'changing.saving': (s) => expect(s.hasTag('busy')).toBe(true),
} satisfies Record<LeafState, (s: Snapshot) => void>;

const harnessAt = (input: OrderEditInput) =>
  callHarness(
    (fake) =>
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
          lookupPostcode: fake<PostcodeAddress[], { postcode: string }>('lookupPostcode'),
          saveNewAddress: fake<SavedAddress, { draft: AddressDraft }>('saveNewAddress'),
        },
      }),
    // A new event or call without its executor fails to compile.
    ({ send, call }) =>
      ({
        'step.open': send,
        'url.changed': send,
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
        'address.new': send,
        'address.find': send,
        'foundAddress.choose': send,
        'newAddress.submit': send,
        'newAddress.cancel': send,
        'xstate.done.actor.lookupPostcode': call,
        'xstate.error.actor.lookupPostcode': call,
        'xstate.done.actor.saveNewAddress': call,
        'xstate.error.actor.saveNewAddress': call,
      }) satisfies Record<ModelEventType, Executor>,
    input,
  );
const createHarness = harnessAt({ orderId: '7', step: '' });

describeEveryPath('order edit machine', {
  machine: orderEditMachine,
  entries: orderEditEntries.map((entry) => ({
    name: entry.name,
    model: pathModel(orderEditMachine, modelEvents, serialize, entry.input),
    createHarness: harnessAt(entry.input),
  })),
  modelEvents,
  stateAssertions,
});

describe('order edit machine: the rules', () => {
  const loaded = (data: EditData = open) =>
    settledHarness(createHarness, { type: 'xstate.done.actor.loadOrder', output: data });

  it('says a takeaway order cannot change, and a late one that it is too late', async () => {
    expect((await loaded(takeaway)).actor.getSnapshot().context.closedReason).toBe(
      ORDER_EDIT_MESSAGES.takeaway,
    );
    expect((await loaded(late)).actor.getSnapshot().context.closedReason).toBe(
      ORDER_EDIT_MESSAGES.tooLate('Friday 27 November, 12:00'),
    );
  });

  describe('a step opened by its URL (product rule R9.26)', () => {
    const at = (step: EditStep, data: EditData = open) =>
      settledHarness(harnessAt({ orderId: '7', step }), {
        type: 'xstate.done.actor.loadOrder',
        output: data,
      });

    it('opens the step the URL names once an open order has loaded', async () => {
      expect((await at('delivery-info')).actor.getSnapshot().value).toEqual({
        editing: 'deliveryInfo',
      });
      expect((await at('recipes')).actor.getSnapshot().value).toEqual({ editing: 'recipes' });
      expect((await at('change-delivery-address')).actor.getSnapshot().value).toEqual({
        editing: 'address',
      });
    });

    it('says it is too late instead when the order can no longer change', async () => {
      const { actor } = await at('recipes', late);
      expect(actor.getSnapshot().value).toBe('closed');
    });
  });

  it('saves with the total the customer saw, then shows the overview with a notice', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'step.open', step: 'recipes' });
    actor.send({ type: 'change.review', change: items });
    await settleCall(events, { type: 'xstate.done.actor.previewChange', output: preview });
    actor.send({ type: 'change.confirm' });
    const saving = actor.getSnapshot();
    const call = saving.children.saveChange!.getSnapshot() as { input: { expectedTotal: number } };
    expect(call.input.expectedTotal).toBe(26);
    await settleCall(events, { type: 'xstate.done.actor.saveChange', output: saved });
    const after = actor.getSnapshot();
    expect(after.matches({ editing: 'overview' })).toBe(true);
    expect(after.context.data?.order.totalPrice).toBe(26);
    expect(after.context.notice).toBe(ORDER_EDIT_MESSAGES.saved);
  });

  it('returns a refused change to its step with the server’s words', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'step.open', step: 'recipes' });
    actor.send({ type: 'change.review', change: items });
    await settleCall(events, { type: 'xstate.error.actor.previewChange', error: refusal });
    expect(actor.getSnapshot().matches({ editing: 'recipes' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(ORDER_EDIT_MESSAGES.notOnMenu);
  });

  describe('a new delivery address (product rule R9.25)', () => {
    const onNewAddress = async () => {
      const harness = await loaded();
      harness.actor.send({ type: 'step.open', step: 'change-delivery-address' });
      harness.actor.send({ type: 'address.new' });
      return harness;
    };
    const done = (type: string, output: unknown) => ({
      event: { type, output } as { type: string },
    });

    it('says a misshapen postcode before any lookup, on the postcode field', async () => {
      const { actor } = await onNewAddress();
      actor.send({ type: 'address.find', postcode: 'NOT A CODE' });
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches({ editing: 'newAddress' })).toBe(true);
      expect(snapshot.context.newAddress.errors).toEqual([
        { field: 'postcode', message: POSTCODE_MESSAGES.realPostcode },
      ]);
    });

    it('fills the street from a found address, keeping the name typed', async () => {
      const { actor, events } = await onNewAddress();
      actor.send({ type: 'address.find', postcode: 'w4  2hd' });
      const lookup = actor.getSnapshot().children.lookupPostcode!.getSnapshot() as {
        input: { postcode: string };
      };
      expect(lookup.input.postcode).toBe('W4 2HD');
      await events['xstate.done.actor.lookupPostcode'](
        done('xstate.done.actor.lookupPostcode', found),
      );
      actor.send({ type: 'foundAddress.choose', addressId: 'w4-1', draft });
      expect(actor.getSnapshot().context.newAddress.draft).toEqual(filled);
    });

    it('refuses an incomplete address without a call', async () => {
      const { actor } = await onNewAddress();
      actor.send({ type: 'newAddress.submit', draft });
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches({ editing: 'newAddress' })).toBe(true);
      expect(snapshot.children.saveNewAddress).toBeUndefined();
      expect(snapshot.context.newAddress.errors.map((e) => e.field)).toContain('zip');
    });

    it('saves the address, then prices moving the order to it', async () => {
      const { actor, events } = await onNewAddress();
      actor.send({ type: 'newAddress.submit', draft: filled });
      await events['xstate.done.actor.saveNewAddress'](
        done('xstate.done.actor.saveNewAddress', newAddress),
      );
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches({ changing: 'previewing' })).toBe(true);
      expect(snapshot.context.change).toEqual({ kind: 'shipping_address', addressId: '42' });
      expect(snapshot.context.data?.addresses).toContainEqual(newAddress);
    });

    it('shows the server’s refusal on its field', async () => {
      const { actor, events } = await onNewAddress();
      actor.send({ type: 'newAddress.submit', draft: filled });
      await events['xstate.error.actor.saveNewAddress']({
        event: { type: 'xstate.error.actor.saveNewAddress', error: addressRefusal } as {
          type: string;
        },
      });
      expect(actor.getSnapshot().context.newAddress.errors).toEqual([
        { field: 'zip', message: addressRefusal.message },
      ]);
    });
  });
});
