import type { SnapshotFrom } from 'xstate';
import {
  AUTH_PATHS,
  authMachine,
  type AuthEvent,
  type AuthFailure,
  type AuthInput,
} from '../../../machines/auth/auth.machine';
import type { Customer } from '../../../src/api/types';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof authMachine>;

export const customer = {
  id: '1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
} as Customer;
export const goodLogin = { email: 'ada@example.com', password: 'secret-secret' };
export const goodSignup = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: '12345678',
  marketing: { emails: true, sms: false, mail: false },
};

/** The events the model may take, each with the payloads worth covering (valid and invalid input). */
export const modelEvents = [
  ...Object.values(AUTH_PATHS).map((path) => ({ type: 'url.changed', path, search: '' }) as const),
  { type: 'login.submit', form: goodLogin },
  { type: 'login.submit', form: { email: '', password: '' } },
  { type: 'signup.submit', form: goodSignup },
  { type: 'signup.submit', form: { ...goodSignup, marketing: null } },
  { type: 'reset.submit', email: 'ada@example.com' },
  { type: 'reset.submit', email: 'nope' },
  { type: 'link.submit', email: 'ada@example.com' },
  { type: 'link.submit', email: 'nope' },
  { type: 'login.again' },
  { type: 'password.submit', password: 'new-password-1' },
  { type: 'password.submit', password: 'short' },
  { type: 'xstate.done.actor.signIn', output: customer },
  { type: 'xstate.error.actor.signIn', error: { status: 401 } satisfies AuthFailure },
  {
    type: 'xstate.error.actor.signIn',
    error: { status: 429, message: 'Too many sign-in attempts.' } satisfies AuthFailure,
  },
  { type: 'xstate.done.actor.signUp', output: customer },
  {
    type: 'xstate.error.actor.signUp',
    error: { status: 400, code: 'invalid_email' } satisfies AuthFailure,
  },
  {
    type: 'xstate.error.actor.signUp',
    error: { status: 400, code: 'email_taken' } satisfies AuthFailure,
  },
  { type: 'xstate.done.actor.requestPasswordReset', output: undefined },
  { type: 'xstate.error.actor.requestPasswordReset', error: { status: 0 } },
  { type: 'xstate.done.actor.requestSignInLink', output: undefined },
  {
    type: 'xstate.error.actor.requestSignInLink',
    error: { status: 0 } satisfies AuthFailure,
  },
  { type: 'xstate.done.actor.signInWithToken', output: { customer, passwordReset: true } },
  { type: 'xstate.done.actor.signInWithToken', output: { customer, passwordReset: false } },
  { type: 'xstate.error.actor.signInWithToken', error: { status: 401, code: 'invalid_token' } },
  { type: 'xstate.done.actor.changePassword', output: undefined },
  { type: 'xstate.error.actor.changePassword', error: { status: 400 } },
] as unknown as AuthEvent[];

/** What must hold in each state, whatever path led there. */
export const entries: { name: string; input: AuthInput }[] = [
  {
    name: 'signed out at /social-login',
    input: { path: '/social-login', returnTo: '/account/dashboard', token: null, signedIn: false },
  },
  {
    name: 'signed out at /login',
    input: { path: '/login', returnTo: '/', token: null, signedIn: false },
  },
  {
    name: 'with a reset link',
    input: { path: '/reset-password', returnTo: '/', token: 'abc', signedIn: false },
  },
  // Product rule R2.21: a sign-in link opens /login, whoever is signed in.
  {
    name: 'with a sign-in link',
    input: { path: '/login', returnTo: '/', token: 'abc', signedIn: true },
  },
];
export const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.resetSession, s.context.signedIn, s.context.token !== null]);

export const pathModel = {
  machine: authMachine,
  entries,
  events: modelEvents,
  serializeState: serialize,
} satisfies PathModel<Snapshot, AuthEvent, AuthInput>;
