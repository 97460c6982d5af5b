import type { SnapshotFrom } from 'xstate';
import {
  sessionMachine,
  type SessionEvent,
  type SessionInput,
} from '../../../machines/session/session.machine';
import type { Customer } from '../../../src/api/types';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

export const customer = { id: '7', firstName: 'Giulia' } as Customer;

/**
 * The events the model may take, with the payloads worth covering. The page load's answers come
 * first: of two shortest paths to a state the first event's wins, and a page load is how a
 * customer's session starts (the UI walk cannot sign in while it loads).
 */
export const modelEvents = [
  { type: 'xstate.done.actor.loadCustomer', output: customer },
  { type: 'xstate.done.actor.loadCustomer', output: null },
  { type: 'xstate.error.actor.loadCustomer', error: new Error('offline') },
  { type: 'session.signedIn', customer },
  { type: 'session.signOut' },
  { type: 'session.unauthorized' },
  { type: 'session.refresh' },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: new Error('offline') },
] as unknown as SessionEvent[];

export const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.customer !== null, s.context.error !== null]);

/**
 * A page served to a signed-in request reads /me; one served signed out starts signed out, and an
 * account page, which carries its customer, signed in (R14.12).
 */
export const entries: { name: string; input: SessionInput }[] = [
  { name: 'a page load', input: { servedSignedOut: false } },
  { name: 'a page served signed out', input: { servedSignedOut: true } },
  {
    name: 'an account page served with its customer',
    input: { servedSignedOut: false, servedCustomer: customer },
  },
];

export const pathModel = {
  machine: sessionMachine,
  entries,
  events: modelEvents,
  serializeState: serialize,
} satisfies PathModel<Snapshot, SessionEvent, SessionInput>;
