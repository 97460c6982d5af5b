import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom, type StateValueFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  stateKey,
  takenEdges,
  transitionPaths,
  untakenTransitions,
  matchesStateKey,
} from './support/model-paths';
import { pendingCalls } from './support/pending-calls';
import { customer, entries, goodLogin, goodSignup, modelEvents, serialize } from './auth/events';
import type { StateKeys } from '../../src/flows/flow-types';
import {
  AUTH_MESSAGES,
  authMachine,
  type AuthEvent,
  type AuthInput,
} from '../../machines/auth/auth.machine';
import type { Customer } from '../../src/api/types';
import type { LoginForm, SignupForm } from '../../domain/account-forms';

type Snapshot = SnapshotFrom<typeof authMachine>;
type Executor = (step: { event: { type: string } }) => Promise<void>;
/** The outcomes of the machine's calls, as the model takes them. */
type CallOutcome = `xstate.${'done' | 'error'}.actor.${
  | 'signIn'
  | 'signUp'
  | 'signInWithToken'
  | 'requestPasswordReset'
  | 'requestSignInLink'
  | 'changePassword'}`;

const stateAssertions = {
  'steps.login': (s: Snapshot) =>
    expect(s.getMeta()['auth.steps.login']).toEqual({ path: '/login' }),
  'steps.signup': (s: Snapshot) =>
    expect(s.getMeta()['auth.steps.signup']).toEqual({ path: '/signup' }),
  'steps.forgotPassword': (s: Snapshot) =>
    expect(s.getMeta()['auth.steps.forgotPassword']).toEqual({ path: '/forgot-password' }),
  'steps.resetRequested': (s: Snapshot) => expect(s.context.resetEmail).toBe('ada@example.com'),
  'steps.signInLinkSent': (s: Snapshot) => {
    expect(s.getMeta()['auth.steps.signInLinkSent']).toEqual({ path: '/login' });
    expect(s.context.linkEmail).toBe('ada@example.com');
  },
  'steps.resetPassword': (s: Snapshot) => {
    expect(s.context.resetSession).toBe(true);
    expect(s.context.signedIn).toBe(true);
  },
  signingIn: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  signingUp: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  requestingReset: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  requestingSignInLink: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  tokenSigningIn: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  savingPassword: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  done: (s: Snapshot) => {
    expect(s.status).toBe('done');
    expect(s.output?.redirectTo).toMatch(/^\//);
  },
} satisfies Record<
  // 'steps' is a parent and 'routing' only routes (always transitions): no path rests there.
  Exclude<StateKeys<StateValueFrom<typeof authMachine>>, 'steps' | 'routing'>,
  (snapshot: Snapshot) => void
>;

/**
 * Runs the real machine with fake actors whose results the path decides: a done or error event
 * in the path settles the pending call of that actor.
 */
function createHarness(input: AuthInput) {
  const { fake, settle } = pendingCalls();
  const actor = createActor(
    authMachine.provide({
      actors: {
        signIn: fake<Customer, LoginForm & { targetUrl: string }>('signIn'),
        signUp: fake<Customer, SignupForm>('signUp'),
        signInWithToken: fake<{ customer: Customer; passwordReset: boolean }, { token: string }>(
          'signInWithToken',
        ),
        requestPasswordReset: fake<void, { email: string }>('requestPasswordReset'),
        requestSignInLink: fake<void, { email: string; returnTo: string }>('requestSignInLink'),
        changePassword: fake<void, { password: string }>('changePassword'),
      },
    }),
    { input },
  ).start();
  const send: Executor = async ({ event }) => void actor.send(event as AuthEvent);
  const outcome: Executor = async ({ event }) => settle(event);
  // A new event or call fails to compile until it has an executor here.
  const events = {
    'url.changed': send,
    'login.submit': send,
    'signup.submit': send,
    'reset.submit': send,
    'link.submit': send,
    'login.again': send,
    'password.submit': send,
    'xstate.done.actor.signIn': outcome,
    'xstate.error.actor.signIn': outcome,
    'xstate.done.actor.signUp': outcome,
    'xstate.error.actor.signUp': outcome,
    'xstate.done.actor.signInWithToken': outcome,
    'xstate.error.actor.signInWithToken': outcome,
    'xstate.done.actor.requestPasswordReset': outcome,
    'xstate.error.actor.requestPasswordReset': outcome,
    'xstate.done.actor.requestSignInLink': outcome,
    'xstate.error.actor.requestSignInLink': outcome,
    'xstate.done.actor.changePassword': outcome,
    'xstate.error.actor.changePassword': outcome,
  } satisfies Record<AuthEvent['type'] | CallOutcome, Executor>;
  return { actor, settle, events };
}

/**
 * The model. `createTestModel` refuses machines that invoke actors, so we build the same
 * `TestModel` it wraps: traversal is pure (machine.transition), and each invoked call's outcome
 * is an event of the model (`xstate.done.actor.signIn`, `xstate.error.actor.signIn`, ...),
 * which is why every invoke has an id equal to its actor's name.
 */
function modelFor(input: AuthInput) {
  return new TestModel(authMachine, {
    input,
    events: modelEvents,
    // States differ by where they are and the flags the guards read; messages make no new states.
    serializeState: (s) => serialize(s),
    stateMatcher: matchesStateKey,
  });
}

describe('auth machine: every generated path', () => {
  for (const entry of entries) {
    describe(entry.name, () => {
      const paths = modelFor(entry.input).getSimplePaths();

      for (const path of paths) {
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

  const allSteps = entries.flatMap((entry) =>
    modelFor(entry.input)
      .getSimplePaths()
      .map((path) => path.steps),
  );

  it('reaches every state of the machine (coverage guard)', () => {
    // 'routing' only routes (always transitions): no path rests there.
    const reached = new Set(
      allSteps
        .flat()
        .map((step) => stateKey(step.state.value))
        .filter((key) => key !== 'routing'),
    );
    expect([...reached].sort().join(', ')).toBe(Object.keys(stateAssertions).sort().join(', '));
  });
});

describe('auth machine: every transition', () => {
  for (const entry of entries) {
    describe(entry.name, () => {
      for (const path of transitionPaths(modelFor(entry.input), modelEvents)) {
        it(path.description, async () => {
          const { actor, events } = createHarness(entry.input);
          await path.test({ states: stateAssertions, events });
          expect(actor.getSnapshot().value).toEqual(path.state.value);
        });
      }
    });
  }

  it('takes every transition the machine declares (coverage guard)', () => {
    const taken = entries.flatMap((entry) =>
      takenEdges(transitionPaths(modelFor(entry.input), modelEvents)),
    );
    expect(untakenTransitions(authMachine, taken)).toEqual([]);
  });
});

describe('auth machine: the product rules', () => {
  const start = (input: Partial<AuthInput>) =>
    createHarness({ path: '/social-login', returnTo: '/', token: null, signedIn: false, ...input });

  it('sends a signed-in customer reaching an auth screen to /', () => {
    const { actor } = start({ path: '/login', signedIn: true, returnTo: '/account' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output?.redirectTo).toBe('/');
  });

  it('shows the email sign-in form at /social-login, with no social providers (R2.12)', () => {
    const { actor } = start({ path: '/social-login' });
    expect(actor.getSnapshot().matches({ steps: 'login' })).toBe(true);
    actor.send({ type: 'url.changed', path: '/signup', search: '' });
    actor.send({ type: 'url.changed', path: '/social-login', search: '' });
    expect(actor.getSnapshot().matches({ steps: 'login' })).toBe(true);
  });

  it('performs the token sign-in first', () => {
    const { actor } = start({ path: '/login', token: 't' });
    expect(actor.getSnapshot().value).toBe('tokenSigningIn');
  });

  it('says "Email and Password don\'t match" when sign-in fails', async () => {
    const { actor, settle } = start({ path: '/login' });
    actor.send({ type: 'login.submit', form: goodLogin });
    await settle({ type: 'xstate.error.actor.signIn', error: { status: 401 } });
    expect(actor.getSnapshot().context.errors).toEqual([
      { field: 'email', message: AUTH_MESSAGES.signInFailed },
    ]);
  });

  it("says 'Invalid email' for invalid_email and the generic message otherwise", async () => {
    const { actor, settle } = start({ path: '/signup' });
    actor.send({ type: 'signup.submit', form: goodSignup });
    await settle({
      type: 'xstate.error.actor.signUp',
      error: { status: 400, code: 'invalid_email' },
    });
    expect(actor.getSnapshot().context.errors[0]?.message).toBe('Invalid email');
    actor.send({ type: 'signup.submit', form: goodSignup });
    await settle({ type: 'xstate.error.actor.signUp', error: { status: 500 } });
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(
      'An error occurred while creating your account',
    );
  });

  it('refuses /reset-password without a reset link', () => {
    const { actor } = start({ path: '/reset-password' });
    expect(actor.getSnapshot().matches({ steps: 'forgotPassword' })).toBe(true);
    actor.send({ type: 'url.changed', path: '/reset-password', search: '' });
    expect(actor.getSnapshot().matches({ steps: 'forgotPassword' })).toBe(true);
  });

  it('returns to returnTo after sign-in', async () => {
    const { actor, settle } = start({ path: '/login', returnTo: '/account/my-details' });
    actor.send({ type: 'login.submit', form: goodLogin });
    await settle({ type: 'xstate.done.actor.signIn', output: customer });
    expect(actor.getSnapshot().output).toEqual({
      redirectTo: '/account/my-details',
      customer,
      notice: 'signedIn',
    });
  });

  it("shows a rate limit's own message when sign-up or a reset request answers 429", async () => {
    const message = 'Try again in 60 minutes.';
    const signUp = start({ path: '/signup' });
    signUp.actor.send({ type: 'signup.submit', form: goodSignup });
    await signUp.settle({ type: 'xstate.error.actor.signUp', error: { status: 429, message } });
    const reset = start({ path: '/forgot-password' });
    reset.actor.send({ type: 'reset.submit', email: 'ada@example.com' });
    await reset.settle({
      type: 'xstate.error.actor.requestPasswordReset',
      error: { status: 429, message },
    });

    expect(signUp.actor.getSnapshot().context.errors).toEqual([{ field: 'email', message }]);
    expect(reset.actor.getSnapshot().context.errors).toEqual([{ field: 'email', message }]);
  });

  it('says Something went wrong when the reset request fails, and keeps the form', async () => {
    const { actor, settle } = start({ path: '/forgot-password' });
    actor.send({ type: 'reset.submit', email: 'ada@example.com' });
    await settle({ type: 'xstate.error.actor.requestPasswordReset', error: { status: 0 } });
    expect(actor.getSnapshot().matches({ steps: 'forgotPassword' })).toBe(true);
    expect(actor.getSnapshot().context.errors[0]?.message).toBe('Something went wrong');
  });

  it('emails a sign-in link for the email alone, and says where it went (R2.21)', async () => {
    const { actor, settle } = start({ path: '/login', returnTo: '/checkout' });
    actor.send({ type: 'link.submit', email: '' });
    expect(actor.getSnapshot().matches({ steps: 'login' })).toBe(true);
    expect(actor.getSnapshot().context.errors.map((error) => error.field)).toEqual(['email']);
    actor.send({ type: 'link.submit', email: ' ada@example.com ' });
    expect(actor.getSnapshot().value).toBe('requestingSignInLink');
    await settle({ type: 'xstate.done.actor.requestSignInLink', output: undefined });
    expect(actor.getSnapshot().matches({ steps: 'signInLinkSent' })).toBe(true);
    expect(actor.getSnapshot().context.linkEmail).toBe('ada@example.com');
    actor.send({ type: 'login.again' });
    expect(actor.getSnapshot().matches({ steps: 'login' })).toBe(true);
  });

  it("shows the sign-in link request's rate limit on the sign-in form (R2.21)", async () => {
    const message = 'Too many sign-in link requests. Try again in 60 minutes.';
    const { actor, settle } = start({ path: '/login' });
    actor.send({ type: 'link.submit', email: 'ada@example.com' });
    await settle({ type: 'xstate.error.actor.requestSignInLink', error: { status: 429, message } });
    expect(actor.getSnapshot().matches({ steps: 'login' })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual([{ field: 'email', message }]);
  });

  it('signs in with a sign-in link, even over a signed-in session (R2.1, R2.21)', async () => {
    const { actor, settle } = start({
      path: '/login',
      token: 't',
      signedIn: true,
      returnTo: '/checkout',
    });
    await settle({
      type: 'xstate.done.actor.signInWithToken',
      output: { customer, passwordReset: false },
    });
    expect(actor.getSnapshot().output).toEqual({
      redirectTo: '/checkout',
      customer,
      notice: 'signedIn',
    });
  });

  it('sends a spent sign-in link to the sign-in form, a spent reset link to a new one', async () => {
    const signIn = start({ path: '/login', token: 't' });
    await signIn.settle({ type: 'xstate.error.actor.signInWithToken', error: { status: 401 } });
    const reset = start({ path: '/reset-password', token: 't' });
    await reset.settle({ type: 'xstate.error.actor.signInWithToken', error: { status: 401 } });
    expect(signIn.actor.getSnapshot().matches({ steps: 'login' })).toBe(true);
    expect(reset.actor.getSnapshot().matches({ steps: 'forgotPassword' })).toBe(true);
    for (const { actor } of [signIn, reset])
      expect(actor.getSnapshot().context.errors).toEqual([
        { field: 'email', message: AUTH_MESSAGES.linkExpired },
      ]);
  });

  it('says "Couldn\'t update password" when the new password is refused', async () => {
    const { actor, settle } = start({ path: '/reset-password', token: 't' });
    await settle({
      type: 'xstate.done.actor.signInWithToken',
      output: { customer, passwordReset: true },
    });
    actor.send({ type: 'password.submit', password: 'long-enough' });
    await settle({ type: 'xstate.error.actor.changePassword', error: { status: 500 } });
    expect(actor.getSnapshot().context.errors[0]?.message).toBe("Couldn't update password");
  });
});
