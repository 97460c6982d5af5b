import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Customer } from '../../src/api/types';

export interface SessionContext {
  customer: Customer | null;
  error: string | null;
  /** The page was served to a request with no signed-in session (product rule R14.12). */
  servedSignedOut: boolean;
}

export interface SessionInput {
  servedSignedOut: boolean;
  /** The signed-in customer the page carries (an account page, product rule R14.12). */
  servedCustomer?: Customer | null;
}

export type SessionEvent =
  | { type: 'session.signedIn'; customer: Customer }
  | { type: 'session.signOut' }
  | { type: 'session.unauthorized' }
  | { type: 'session.refresh' };

export const LOGOUT_FAILED = 'Logout request failed';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

/**
 * The customer's session, alive as long as the app. Product rules R2.5 and R2.6: a 401 from any
 * call resets it; sign-out clears every client store whether or not the server call succeeds.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput | undefined,
  },
  actors: {
    loadCustomer: fromPromise<Customer | null>(async () => null),
    signOut: fromPromise<void>(async () => undefined),
  },
  guards: {
    hasCustomer: (_, customer: Customer | null) => customer !== null,
    servedSignedOut: ({ context }) => context.servedSignedOut,
    servedWithCustomer: ({ context }) => context.customer !== null,
  },
  actions: {
    assignCustomer: assign({ customer: (_, customer: Customer | null) => customer, error: null }),
    forgetCustomer: assign({ customer: null }),
    assignLogoutError: assign({ error: LOGOUT_FAILED }),
    clearClientData: () => undefined,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    customer: input?.servedCustomer ?? null,
    error: null,
    servedSignedOut: input?.servedSignedOut ?? false,
  }),
  initial: 'starting',
  states: {
    // Product rule R14.12: a page served signed out starts signed out, with nothing to read, so
    // its first render (and the server's drawing of it) already shows a signed-out screen; an
    // account page carries its customer and starts signed in, with nothing to read either.
    starting: {
      always: [
        { guard: 'servedSignedOut', target: 'signedOut' },
        { guard: 'servedWithCustomer', target: 'signedIn' },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadCustomer',
        src: 'loadCustomer',
        onDone: [
          {
            guard: { type: 'hasCustomer', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'assignCustomer', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: { type: 'assignCustomer', params: ({ event }) => event.customer },
        },
      },
    },
    signedIn: {
      on: {
        'session.signedIn': {
          actions: { type: 'assignCustomer', params: ({ event }) => event.customer },
        },
        'session.signOut': { target: 'signingOut' },
        'session.unauthorized': {
          target: 'signedOut',
          actions: ['forgetCustomer', 'clearClientData'],
        },
        'session.refresh': { target: 'refreshing' },
      },
    },
    // A signed-in customer stays signed in while /me is read again: screens keep showing them.
    refreshing: {
      invoke: {
        id: 'loadCustomer',
        src: 'loadCustomer',
        onDone: [
          {
            guard: { type: 'hasCustomer', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'assignCustomer', params: ({ event }) => event.output },
          },
          // The session ended on the server: the same reset as a 401.
          { target: 'signedOut', actions: ['forgetCustomer', 'clearClientData'] },
        ],
        // A failed read (network, 5xx) says nothing about the session: keep the customer.
        onError: { target: 'signedIn' },
      },
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: { type: 'assignCustomer', params: ({ event }) => event.customer },
        },
        'session.signOut': { target: 'signingOut' },
        'session.unauthorized': {
          target: 'signedOut',
          actions: ['forgetCustomer', 'clearClientData'],
        },
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['forgetCustomer', 'clearClientData'] },
        onError: {
          target: 'signedOut',
          actions: ['forgetCustomer', 'clearClientData', 'assignLogoutError'],
        },
      },
    },
    signedOut: {
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: { type: 'assignCustomer', params: ({ event }) => event.customer },
        },
        // No `session.refresh`: it reads a signed-in customer again, and signed out there is none
        // (only a kit order's confirmation asks, and only a signed-in customer orders).
      },
    },
  },
});

/**
 * What screens see: a refresh keeps the customer signed in; from the moment sign-out starts the
 * customer is gone, whatever the server answers (the client is cleared either way).
 */
export function sessionStatus(snapshot: SnapshotFrom<typeof sessionMachine>): SessionStatus {
  if (snapshot.matches('loading') || snapshot.matches('starting')) return 'loading';
  if (snapshot.matches('signedIn') || snapshot.matches('refreshing')) return 'signedIn';
  return 'signedOut';
}

/** The signed-in customer; null when signed out; undefined while the session first loads. */
export function sessionCustomer(
  snapshot: SnapshotFrom<typeof sessionMachine>,
): Customer | null | undefined {
  const status = sessionStatus(snapshot);
  if (status === 'loading') return undefined;
  return status === 'signedIn' ? snapshot.context.customer : null;
}
