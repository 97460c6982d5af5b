import { describe, expect, it } from 'vitest';
import {
  createActor,
  type NonReducibleUnknown,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import { EMPTY_DRAFT, SAVED_ADDRESS_MESSAGES } from '../../domain/saved-addresses';
import {
  deletionRefusalIn,
  savedAddressesMachine,
  type AddressesData,
  type SaveAddressInput,
  type SavedAddressEntry,
  type SavedAddressesEvent,
} from '../../machines/saved-addresses/saved-addresses.machine';
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
import type { StateKeys } from '../../src/flows/flow-types';

type Snapshot = SnapshotFrom<typeof savedAddressesMachine>;

const entry = (id: string, address1: string, isDefault: boolean): SavedAddressEntry => ({
  id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+447812345678',
  address1,
  address2: null,
  city: 'London',
  zip: 'W4 2HD',
  isDefault,
});
const home = entry('1', '12 Chiswick High Road', true);
const work = entry('2', '9 Bath Road', false);
/** No street yet: never listed (product rules R3.1 and R3.3). */
const placeholder = entry('3', 'ignore_me', false);
const plan = { id: '7', state: 'active' as const, shippingAddressId: '1', billingAddressId: '1' };
const twoAddresses: AddressesData = { addresses: [work, home, placeholder], plans: [plan] };
const oneAddress: AddressesData = { addresses: [home], plans: [plan] };
const swapped: AddressesData = {
  addresses: [
    { ...home, isDefault: false },
    { ...work, isDefault: true },
  ],
  plans: [plan],
};
const good = {
  ...EMPTY_DRAFT,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07812 345678',
  address1: '3 Devonshire Road',
  city: 'London',
  zip: 'w4 2hd',
};
const badPhone = { ...good, phone: '+33 6 12 34 56 78' };
const serverRefusal = { status: 400, message: 'Enter a real postcode, like W4 2HD', field: 'zip' };
const offline = { status: 0, message: null, field: null };

const modelEvents = [
  { type: 'xstate.done.actor.loadAddresses', output: twoAddresses },
  { type: 'xstate.error.actor.loadAddresses', error: offline },
  { type: 'addresses.retry' },
  { type: 'address.add' },
  { type: 'address.edit', addressId: '2' },
  { type: 'form.submit', draft: good },
  { type: 'form.submit', draft: badPhone },
  { type: 'form.cancel' },
  { type: 'xstate.done.actor.saveAddress', output: twoAddresses },
  { type: 'xstate.error.actor.saveAddress', error: serverRefusal },
  { type: 'xstate.error.actor.saveAddress', error: offline },
  { type: 'address.delete', addressId: '2' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'xstate.done.actor.deleteAddress', output: oneAddress },
  {
    type: 'xstate.error.actor.deleteAddress',
    error: { status: 409, message: SAVED_ADDRESS_MESSAGES.onlyOneInUse, field: null },
  },
  { type: 'address.makeDefault', addressId: '2' },
  { type: 'xstate.done.actor.makeDefault', output: swapped },
  { type: 'xstate.error.actor.makeDefault', error: offline },
] as unknown as SavedAddressesEvent[];

type CallName = 'loadAddresses' | 'saveAddress' | 'deleteAddress' | 'makeDefault';
type ModelEventType = SavedAddressesEvent['type'] | `xstate.${'done' | 'error'}.actor.${CallName}`;
type Executor = (step: { event: { type: string } }) => Promise<void>;

const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.addresses.map((a) => [a.id, a.isDefault]),
    s.context.targetId,
    s.context.fieldErrors.length > 0,
    s.context.error !== null,
  ]);

const model = new TestModel(savedAddressesMachine, {
  events: modelEvents,
  serializeState: serialize,
  stateMatcher: matchesStateKey,
});

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

function createHarness(persisted?: unknown) {
  const { fake, settle } = pendingCalls();
  const actor = createActor(
    savedAddressesMachine.provide({
      actors: {
        loadAddresses: fake<AddressesData, NonReducibleUnknown>('loadAddresses'),
        saveAddress: fake<AddressesData, SaveAddressInput>('saveAddress'),
        deleteAddress: fake<AddressesData, { addressId: string }>('deleteAddress'),
        makeDefault: fake<AddressesData, { addressId: string }>('makeDefault'),
      },
    }),
    persisted ? { snapshot: persisted as Snapshot } : {},
  ).start();
  const send: Executor = async ({ event }) => void actor.send(event as SavedAddressesEvent);
  const call: Executor = ({ event }) => settle(event);
  // A new event or call without its executor fails to compile.
  const events = {
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
  } satisfies Record<ModelEventType, Executor>;
  return { actor, events };
}

const paths = transitionPaths(model, modelEvents);

describe('saved addresses machine: every generated path', () => {
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
    expect(untakenTransitions(savedAddressesMachine, takenEdges(paths))).toEqual([]);
  });
});

describe('saved addresses machine: its rules', () => {
  const loaded = async (data: AddressesData = twoAddresses) => {
    const { actor, events } = createHarness();
    await events['xstate.done.actor.loadAddresses']({
      event: { type: 'xstate.done.actor.loadAddresses', output: data } as { type: string },
    });
    return { actor, events };
  };

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
    await events['xstate.error.actor.saveAddress']({
      event: { type: 'xstate.error.actor.saveAddress', error: serverRefusal } as { type: string },
    });
    expect(actor.getSnapshot().context.fieldErrors).toEqual([
      { field: 'zip', message: serverRefusal.message },
    ]);
  });

  it('says a new address is saved and an edited one updated', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'address.add' });
    actor.send({ type: 'form.submit', draft: good });
    await events['xstate.done.actor.saveAddress']({
      event: { type: 'xstate.done.actor.saveAddress', output: twoAddresses } as { type: string },
    });
    expect(actor.getSnapshot().context.notice).toBe(SAVED_ADDRESS_MESSAGES.added);
    actor.send({ type: 'address.edit', addressId: '2' });
    actor.send({ type: 'form.submit', draft: good });
    await events['xstate.done.actor.saveAddress']({
      event: { type: 'xstate.done.actor.saveAddress', output: twoAddresses } as { type: string },
    });
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
