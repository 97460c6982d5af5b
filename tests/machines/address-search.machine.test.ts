import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { matchesStateKey } from './support/model-paths';
import { pendingCalls } from './support/pending-calls';
import {
  chiswick,
  devonshire,
  entries,
  located,
  modelEvents,
  serialize,
  stored,
} from './address-search/events';
import {
  ADDRESS_SEARCH_MESSAGES,
  addressSearchMachine,
  type AddressSearchEvent,
  type DeliveryAddress,
  type LocatedAddress,
  type StoredDelivery,
} from '../../machines/address-search/address-search.machine';
import type { PostcodeAddress } from '../../src/api/types';

type Snapshot = SnapshotFrom<typeof addressSearchMachine>;

const stateAssertions = {
  confirmingStored: (s: Snapshot) => expect(s.context.stored).not.toBeNull(),
  enteringPostcode: (s: Snapshot) => expect(s.hasTag('busy')).toBe(false),
  lookingUpAddresses: (s: Snapshot) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.postcode).toBe('W4 2HD');
  },
  choosingAddress: (s: Snapshot) => expect(s.context.addresses.length).toBeGreaterThan(0),
  enteringAddress: (s: Snapshot) => expect(s.context.postcode).toBe('W4 2HD'),
  locating: (s: Snapshot) => expect(s.context.address?.zip).toBe('W4 2HD'),
  unavailable: (s: Snapshot) => expect(s.context.restaurant).toBeNull(),
  found: (s: Snapshot) =>
    expect(s.output).toMatchObject({ outcome: 'found', delivery: { restaurantId: '16' } }),
  recipeKit: (s: Snapshot) => expect(s.output).toEqual({ outcome: 'recipeKit' }),
} satisfies Record<string, (snapshot: Snapshot) => void>;

/** `createTestModel` refuses invoking machines; the TestModel it wraps walks them with done/error events (see auth test). */
const modelFor = (input: { stored: StoredDelivery | null }) =>
  new TestModel(addressSearchMachine, {
    input,
    events: modelEvents,
    serializeState: serialize,
    stateMatcher: matchesStateKey,
  });

function createHarness(input: { stored: StoredDelivery | null }) {
  const { fake, settle, executorsFor } = pendingCalls();
  const stores: StoredDelivery[] = [];
  const actor = createActor(
    addressSearchMachine.provide({
      actors: {
        lookupAddresses: fake<PostcodeAddress[], { postcode: string }>('lookupAddresses'),
        locateAddress: fake<LocatedAddress, DeliveryAddress>('locateAddress'),
      },
      actions: { storeDelivery: (_, delivery: StoredDelivery) => void stores.push(delivery) },
    }),
    { input },
  ).start();
  const events = executorsFor(
    modelEvents.map((event) => event.type),
    (event) => actor.send(event as AddressSearchEvent),
  );
  return { actor, settle, events, stores };
}

describe('address search machine: every generated path', () => {
  for (const entry of entries) {
    describe(entry.name, () => {
      for (const path of modelFor(entry.input).getSimplePaths()) {
        it(path.description, async () => {
          const { actor, events } = createHarness(entry.input);
          await path.test({
            states: stateAssertions,
            events,
          });
          expect(actor.getSnapshot().value).toEqual(path.state.value);
        });
      }
    });
  }

  it('reaches every state (coverage guard)', () => {
    const reached = new Set(
      entries.flatMap((entry) =>
        modelFor(entry.input)
          .getSimplePaths()
          .flatMap((path) => path.steps.map((step) => String(step.state.value))),
      ),
    );
    reached.delete('start');
    expect([...reached].sort().join(', ')).toBe(Object.keys(stateAssertions).sort().join(', '));
  });
});

describe('address search machine: the rules', () => {
  it('asks for a postcode, then for a real one', () => {
    const { actor } = createHarness({ stored: null });
    actor.send({ type: 'postcode.submit', postcode: ' ' });
    expect(actor.getSnapshot().context.error).toEqual({
      field: 'postcode',
      message: ADDRESS_SEARCH_MESSAGES.enterPostcode,
    });
    actor.send({ type: 'postcode.submit', postcode: 'W4' });
    expect(actor.getSnapshot().context.error).toEqual({
      field: 'postcode',
      message: 'Enter a real postcode, like W4 2HD',
    });
  });

  it('takes a postcode in any case and spacing and looks it up normalised', () => {
    const { actor } = createHarness({ stored: null });
    actor.send({ type: 'postcode.submit', postcode: ' w4   2hd ' });
    expect(actor.getSnapshot().matches('lookingUpAddresses')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ postcode: 'W4 2HD', error: null });
  });

  it('stores the delivery details when a restaurant serves the address', async () => {
    const { actor, settle, stores } = createHarness({ stored: null });
    actor.send({ type: 'postcode.submit', postcode: 'w4 2hd' });
    await settle({ type: 'xstate.done.actor.lookupAddresses', output: [devonshire] });
    actor.send({ type: 'address.choose', addressId: '1' });
    await settle({ type: 'xstate.done.actor.locateAddress', output: located(chiswick) });
    expect(stores).toEqual([stored]);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'found', delivery: stored });
  });

  it("shows the geocoder's message naming the postcode when it cannot place the address", async () => {
    const { actor, settle } = createHarness({ stored: null });
    actor.send({ type: 'postcode.submit', postcode: 'W4 2HD' });
    await settle({ type: 'xstate.done.actor.lookupAddresses', output: [] });
    actor.send({
      type: 'address.submit',
      address1: '1 Nowhere Lane',
      address2: '',
      city: 'London',
    });
    await settle({
      type: 'xstate.error.actor.locateAddress',
      error: { message: "Can't find lat/long for postcode W4 2HD" },
    });
    expect(actor.getSnapshot().context.error?.message).toBe(
      "Can't find lat/long for postcode W4 2HD",
    );
  });
});
