import { describe, expect, it } from 'vitest';
import type { NonReducibleUnknown, SnapshotFrom, StateValueFrom } from 'xstate';
import { SAVED_ADDRESS_MESSAGES } from '../../domain/saved-addresses';
import {
  deletionRefusalIn,
  savedAddressesMachine,
  type AddressesData,
  type SaveAddressInput,
  type SavedAddressesEvent,
} from '../../machines/saved-addresses/saved-addresses.machine';
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
  badPhone,
  good,
  modelEvents,
  oneAddress,
  serialize,
  serverRefusal,
  twoAddresses,
} from './saved-addresses/events';

type Snapshot = SnapshotFrom<typeof savedAddressesMachine>;

/** No street yet: never listed (product rules R3.1 and R3.3). */

type CallName = 'loadAddresses' | 'saveAddress' | 'deleteAddress' | 'makeDefault';
type ModelEventType = SavedAddressesEvent['type'] | CallEventType<CallName>;

const model = pathModel(savedAddressesMachine, modelEvents, serialize);

const ids = (s: Snapshot) => s.context.addresses.map((a) => a.id);

/** One assertion per state: a new state fails to compile until it has one. */
const stateAssertions = {
  loading: (s) => expect(s.hasTag('busy')).toBe(true),
  loadFailed: (s) => expect(s.can({ type: 'addresses.retry' })).toBe(true),
  list: (s) => {
    expect(s.hasTag('busy')).toBe(false);
    // Product rule R3.3: the placeholder street is never listed; the default comes first.
    expect(ids(s)).not.toContain('3');
    expect(s.context.addresses[0]?.isDefault).toBe(true);
  },
  editing: (s) => {
    expect(s.can({ type: 'form.cancel' })).toBe(true);
    // Opened for an edit, the form holds that address; for a new one, it starts empty.
    if (s.context.fieldErrors.length === 0 && s.context.error === null)
      expect(s.context.draft.address1).toBe(s.context.targetId === '2' ? '9 Bath Road' : '');
  },
  saving: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.draft).toEqual(good);
  },
  confirmingDelete: (s) => expect(ids(s)).toContain(s.context.targetId),
  deleting: (s) => expect(s.hasTag('busy')).toBe(true),
  makingDefault: (s) => expect(s.context.targetId).toBe('2'),
} satisfies Record<StateKeys<StateValueFrom<typeof savedAddressesMachine>>, (s: Snapshot) => void>;

const createHarness = callHarness(
  (fake) =>
    savedAddressesMachine.provide({
      actors: {
        loadAddresses: fake<AddressesData, NonReducibleUnknown>('loadAddresses'),
        saveAddress: fake<AddressesData, SaveAddressInput>('saveAddress'),
        deleteAddress: fake<AddressesData, { addressId: string }>('deleteAddress'),
        makeDefault: fake<AddressesData, { addressId: string }>('makeDefault'),
      },
    }),
  // A new event or call without its executor fails to compile.
  ({ send, call }) =>
    ({
      'addresses.retry': send,
      'address.add': send,
      'address.edit': send,
      'form.submit': send,
      'form.cancel': send,
      'address.delete': send,
      'delete.confirm': send,
      'delete.cancel': send,
      'address.makeDefault': send,
      'xstate.done.actor.loadAddresses': call,
      'xstate.error.actor.loadAddresses': call,
      'xstate.done.actor.saveAddress': call,
      'xstate.error.actor.saveAddress': call,
      'xstate.done.actor.deleteAddress': call,
      'xstate.error.actor.deleteAddress': call,
      'xstate.done.actor.makeDefault': call,
      'xstate.error.actor.makeDefault': call,
    }) satisfies Record<ModelEventType, Executor>,
);

describeEveryPath('saved addresses machine', {
  machine: savedAddressesMachine,
  model,
  modelEvents,
  createHarness,
  stateAssertions,
});

describe('saved addresses machine: its rules', () => {
  const loaded = (data: AddressesData = twoAddresses) =>
    settledHarness(createHarness, { type: 'xstate.done.actor.loadAddresses', output: data });

  it('checks the form before any call: a foreign phone stays in the form with how to fix it', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'address.add' });
    actor.send({ type: 'form.submit', draft: { ...badPhone, zip: '12345' } });
    const s = actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(s.context.fieldErrors.map((e) => e.field)).toEqual(['phone', 'zip']);
    expect(s.context.fieldErrors[1]?.message).toBe('Enter a real postcode, like W4 2HD');
  });

  it('puts the server’s 400 on the field it names', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'address.edit', addressId: '2' });
    actor.send({ type: 'form.submit', draft: good });
    await settleCall(events, { type: 'xstate.error.actor.saveAddress', error: serverRefusal });
    expect(actor.getSnapshot().context.fieldErrors).toEqual([
      { field: 'zip', message: serverRefusal.message },
    ]);
  });

  it('says a new address is saved and an edited one updated', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'address.add' });
    actor.send({ type: 'form.submit', draft: good });
    await settleCall(events, { type: 'xstate.done.actor.saveAddress', output: twoAddresses });
    expect(actor.getSnapshot().context.notice).toBe(SAVED_ADDRESS_MESSAGES.added);
    actor.send({ type: 'address.edit', addressId: '2' });
    actor.send({ type: 'form.submit', draft: good });
    await settleCall(events, { type: 'xstate.done.actor.saveAddress', output: twoAddresses });
    expect(actor.getSnapshot().context.notice).toBe(SAVED_ADDRESS_MESSAGES.updated);
  });

  it('refuses to delete the only address the plan uses, and says why (product rule R3.14)', async () => {
    const { actor } = await loaded(oneAddress);
    expect(deletionRefusalIn(actor.getSnapshot().context, '1')).toBe(
      SAVED_ADDRESS_MESSAGES.onlyOneInUse,
    );
    expect(actor.getSnapshot().can({ type: 'address.delete', addressId: '1' })).toBe(false);
  });

  it('never makes the default the default again', async () => {
    const { actor } = await loaded();
    expect(actor.getSnapshot().can({ type: 'address.makeDefault', addressId: '1' })).toBe(false);
  });
});
