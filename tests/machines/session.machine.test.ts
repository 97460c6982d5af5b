import { describe, expect, it } from 'vitest';
import {
  createActor,
  type NonReducibleUnknown,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  LOGOUT_FAILED,
  sessionCustomer,
  sessionMachine,
  sessionStatus,
  type SessionEvent,
  type SessionInput,
} from '../../machines/session/session.machine';
import type { Customer } from '../../src/api/types';
import type { StateKeys } from '../../src/flows/flow-types';
import {
  takenEdges,
  transitionPaths,
  untakenTransitions,
  matchesStateKey,
} from './support/model-paths';
import { pendingCalls } from './support/pending-calls';
import { customer, entries, modelEvents, serialize } from './session/events';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Executor = (step: { event: { type: string } }) => Promise<void>;
/** The outcomes of the machine's calls, as the model takes them. */
type CallOutcome = `xstate.${'done' | 'error'}.actor.${'loadCustomer' | 'signOut'}`;

/** What must hold in each state, whatever path led there: what screens see of the session. */
const stateAssertions = {
  // Only routes (an always transition): no path rests there.
  starting: () => {
    throw new Error('no path rests in starting');
  },
  loading: (s: Snapshot) => {
    expect(sessionStatus(s)).toBe('loading');
    expect(sessionCustomer(s)).toBeUndefined();
  },
  signedIn: (s: Snapshot) => {
    expect(sessionStatus(s)).toBe('signedIn');
    expect(sessionCustomer(s)).toBe(customer);
  },
  refreshing: (s: Snapshot) => {
    expect(sessionStatus(s)).toBe('signedIn');
    expect(sessionCustomer(s)).toBe(customer);
  },
  signingOut: (s: Snapshot) => {
    expect(sessionStatus(s)).toBe('signedOut');
    expect(sessionCustomer(s)).toBeNull();
  },
  signedOut: (s: Snapshot) => {
    expect(sessionStatus(s)).toBe('signedOut');
    expect(sessionCustomer(s)).toBeNull();
    expect(s.context.customer).toBeNull();
  },
} satisfies Record<StateKeys<StateValueFrom<typeof sessionMachine>>, (s: Snapshot) => void>;

function createHarness(input: SessionInput = { servedSignedOut: false }) {
  const { fake, settle } = pendingCalls();
  let cleared = 0;
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadCustomer: fake<Customer | null, NonReducibleUnknown>('loadCustomer'),
        signOut: fake<void, NonReducibleUnknown>('signOut'),
      },
      actions: { clearClientData: () => void (cleared += 1) },
    }),
    { input },
  ).start();
  const send: Executor = async ({ event }) => void actor.send(event as SessionEvent);
  const outcome: Executor = async ({ event }) => settle(event);
  // A new event or call fails to compile until it has an executor here.
  const events = {
    'session.signedIn': send,
    'session.signOut': send,
    'session.unauthorized': send,
    'session.refresh': send,
    'xstate.done.actor.loadCustomer': outcome,
    'xstate.error.actor.loadCustomer': outcome,
    'xstate.done.actor.signOut': outcome,
    'xstate.error.actor.signOut': outcome,
  } satisfies Record<SessionEvent['type'] | CallOutcome, Executor>;
  return { actor, settle, events, cleared: () => cleared };
}

const modelFor = (input: SessionInput) =>
  new TestModel(sessionMachine, {
    input,
    events: modelEvents,
    serializeState: serialize,
    stateMatcher: matchesStateKey,
  });

describe('session machine: every simple path', () => {
  const allPaths = entries.flatMap((entry) => {
    const paths = modelFor(entry.input).getSimplePaths();
    describe(entry.name, () => {
      for (const path of paths) {
        it(path.description, async () => {
          const { actor, events } = createHarness(entry.input);
          await path.test({ states: stateAssertions, events });
          expect(actor.getSnapshot().value).toEqual(path.state.value);
        });
      }
    });
    return paths;
  });

  it('reaches every state (coverage guard)', () => {
    const reached = new Set(allPaths.flatMap((path) => path.steps.map((step) => step.state.value)));
    expect([...reached].sort()).toEqual(
      Object.keys(stateAssertions)
        .filter((key) => key !== 'starting')
        .sort(),
    );
  });
});

describe('session machine: every transition', () => {
  const taken = entries.flatMap((entry) => {
    const edgePaths = transitionPaths(modelFor(entry.input), modelEvents);
    describe(entry.name, () => {
      for (const path of edgePaths) {
        it(path.description, async () => {
          const { actor, events } = createHarness(entry.input);
          await path.test({ states: stateAssertions, events });
          expect(actor.getSnapshot().value).toEqual(path.state.value);
        });
      }
    });
    return takenEdges(edgePaths);
  });

  it('takes every transition the machine declares (coverage guard)', () => {
    expect(untakenTransitions(sessionMachine, taken)).toEqual([]);
  });
});

describe('session machine: the product rules', () => {
  async function signedIn() {
    const harness = createHarness();
    await harness.settle({ type: 'xstate.done.actor.loadCustomer', output: customer });
    return harness;
  }

  it('resets the customer and clears client data on a 401', async () => {
    const { actor, cleared } = await signedIn();
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().context.customer).toBeNull();
    expect(cleared()).toBe(1);
  });

  it('clears everything at sign-out', async () => {
    const { actor, settle, cleared } = await signedIn();
    actor.send({ type: 'session.signOut' });
    await settle({ type: 'xstate.done.actor.signOut' });
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, error: null });
    expect(cleared()).toBe(1);
  });

  it("still clears the client when the sign-out call fails, and says 'Logout request failed'", async () => {
    const { actor, settle, cleared } = await signedIn();
    actor.send({ type: 'session.signOut' });
    await settle({ type: 'xstate.error.actor.signOut', error: new Error('offline') });
    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe('Logout request failed');
    expect(LOGOUT_FAILED).toBe('Logout request failed');
    expect(cleared()).toBe(1);
  });

  it('forgets the customer when a refresh finds the session ended on the server', async () => {
    const { actor, settle, cleared } = await signedIn();
    actor.send({ type: 'session.refresh' });
    await settle({ type: 'xstate.done.actor.loadCustomer', output: null });
    expect(sessionCustomer(actor.getSnapshot())).toBeNull();
    expect(cleared()).toBe(1);
  });

  it('keeps the customer when a refresh fails for another reason', async () => {
    const { actor, settle, cleared } = await signedIn();
    actor.send({ type: 'session.refresh' });
    await settle({ type: 'xstate.error.actor.loadCustomer', error: new Error('offline') });
    expect(sessionCustomer(actor.getSnapshot())).toBe(customer);
    expect(cleared()).toBe(0);
  });

  it('reads nobody again on a refresh while signed out: there is no customer to refresh', async () => {
    const { actor, settle } = createHarness();
    await settle({ type: 'xstate.done.actor.loadCustomer', output: null });
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().children.loadCustomer).toBeUndefined();
  });

  it('starts signed out, reading nothing, on a page served signed out (R14.12)', () => {
    const { actor } = createHarness({ servedSignedOut: true });
    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(sessionCustomer(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().children.loadCustomer).toBeUndefined();
  });

  it('starts signed in with the customer an account page carries, reading nothing (R14.12)', () => {
    const { actor } = createHarness({ servedSignedOut: false, servedCustomer: customer });
    expect(sessionStatus(actor.getSnapshot())).toBe('signedIn');
    expect(sessionCustomer(actor.getSnapshot())).toEqual(customer);
    expect(actor.getSnapshot().children.loadCustomer).toBeUndefined();
  });

  it('does not clear a visitor’s data when a signed-out session meets a 401', async () => {
    const { actor, settle, cleared } = createHarness();
    await settle({ type: 'xstate.done.actor.loadCustomer', output: null });
    actor.send({ type: 'session.unauthorized' });
    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(cleared()).toBe(0);
  });
});
