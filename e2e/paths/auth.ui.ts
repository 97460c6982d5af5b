import type { AnyMachineSnapshot } from 'xstate';
import { AUTH_PATHS, authMachine, type AuthEvent } from '../../machines/auth/auth.machine';
import { pathModel } from '../../tests/machines/auth/events';
import { expect, latestEmail, signUpViaApi, type NewCustomer } from '../support/fixtures';
import {
  once,
  uiAdapter,
  type Executor,
  type MachineEventType,
  type UiContext,
} from './ui-adapter';
import { isType } from './outcomes';
import { fillSignup, signInExecutor, signUpEmail, signUpOutcomeWalkable } from './sign-in-forms';

/** A customer of the walk's own (signed up through the API) and the reset link asked for them. */
interface AuthWorld {
  customer: () => Promise<NewCustomer>;
  resetLink: () => Promise<string>;
}

type Ctx = UiContext<AuthWorld>;
type Of<T extends AuthEvent['type']> = Extract<AuthEvent, { type: T }>;

/** The links each step shows to the others. */
const linkTo: Record<string, Record<string, string>> = {
  [AUTH_PATHS.login]: {
    [AUTH_PATHS.forgotPassword]: 'Forgotten your password?',
    [AUTH_PATHS.signup]: 'Create an account',
  },
  [AUTH_PATHS.signup]: { [AUTH_PATHS.login]: 'Sign in' },
  [AUTH_PATHS.forgotPassword]: { [AUTH_PATHS.login]: 'Back to sign in' },
};

/** Product rule R2.12: /social-login shows the sign-in form at /login. */
const shownAt = (path: string) => (path === AUTH_PATHS.socialLogin ? AUTH_PATHS.login : path);

/**
 * How the customer reaches a step's URL: its link on the page, else typing it (a fresh page load:
 * only to another URL, and only while signed out, where a reload routes as the machine does).
 * Back is not used: the history holds the URLs the app replaced (a token link's), not the steps.
 */
const wayTo = (from: AnyMachineSnapshot, path: string, visited: string[]) => {
  const here = visited.at(-1) ?? '';
  if (linkTo[here]?.[shownAt(path)]) return 'link';
  if (!from.context.signedIn && shownAt(path) !== here && path !== AUTH_PATHS.resetPassword)
    return 'type';
  return undefined;
};

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  'url.changed': {
    can: ({ event, from, visited }) =>
      wayTo(from, (event as Of<'url.changed'>).path, visited) !== undefined,
    run: async ({ page, event, from, visited }) => {
      const path = (event as Of<'url.changed'>).path;
      const way = wayTo(from, path, visited);
      if (way === 'link')
        await page
          .getByRole('main')
          .getByRole('link', { name: linkTo[visited.at(-1)!]![shownAt(path)]!, exact: true })
          .click();
      else await page.goto(path);
    },
  },
  'login.submit': signInExecutor<AuthWorld>(),
  'signup.submit': {
    can: ({ next }) => signUpOutcomeWalkable(next),
    run: async ({ page, event, next }) => {
      const { form } = event as Of<'signup.submit'>;
      await fillSignup(page, form, signUpEmail(next), form.password);
      await page.getByRole('button', { name: 'Create account' }).click();
    },
  },
  'reset.submit': async ({ page, event, next, world }) => {
    const { email } = event as Of<'reset.submit'>;
    const valid = email.includes('@');
    await page.getByLabel('Email address').fill(valid ? (await world.customer()).email : email);
    // The request never reaching the server (status 0): the browser offline.
    if (isType(next, 'xstate.error.actor.requestPasswordReset'))
      await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Send reset link' }).click();
  },
  'password.submit': async ({ page, event, next }) => {
    const { password } = event as Of<'password.submit'>;
    // The server refuses a session that has ended (signed out elsewhere): the cookies gone.
    if (isType(next, 'xstate.error.actor.changePassword')) await page.context().clearCookies();
    await page.getByLabel('New password').fill(password);
    await page.getByRole('button', { name: 'Save new password' }).click();
  },
  'xstate.done.actor.signIn': async () => {},
  'xstate.error.actor.signIn': async () => {},
  'xstate.done.actor.signUp': async () => {},
  'xstate.error.actor.signUp': async () => {},
  'xstate.done.actor.requestPasswordReset': async () => {},
  'xstate.error.actor.requestPasswordReset': async ({ page }) => {
    await expect(page.getByRole('alert')).toBeVisible();
    await page.context().setOffline(false);
  },
  // A reset link signs in for a new password; the server issues no other kind of link yet.
  'xstate.done.actor.signInWithToken': {
    can: ({ event }) =>
      (event as { output?: { passwordReset?: boolean } }).output?.passwordReset === true,
    run: async ({ page, world }) => {
      await page.goto(await world.resetLink());
    },
  },
  'xstate.error.actor.signInWithToken': async ({ page }) => {
    await page.goto(`${AUTH_PATHS.resetPassword}?token=never-issued`);
  },
  'xstate.done.actor.changePassword': async () => {},
  'xstate.error.actor.changePassword': async () => {},
} satisfies Record<MachineEventType<typeof authMachine>, Executor<AuthWorld>>;

export const authUi = uiAdapter(authMachine, {
  machine: 'auth',
  model: pathModel,
  world: ({ request }): AuthWorld => {
    const customer = once(() => signUpViaApi(request));
    return {
      customer,
      // A real reset link, asked for through the API and read from the development mailbox.
      resetLink: once(async () => {
        const { email } = await customer();
        const response = await request.post('/api/v2/customers/password_reset', {
          headers: { 'X-Branch': 'web' },
          data: { email },
        });
        expect(response.status()).toBe(202);
        const text = (await latestEmail(request, email)).text;
        return text.match(/http\S+reset-password\?token=\S+/)?.[0] ?? '';
      }),
    };
  },
  entries: {
    // Product rule R2.12: /social-login is the email form.
    'signed out at /social-login': async ({ page }) => {
      await page.goto(AUTH_PATHS.socialLogin);
    },
    'signed out at /login': async ({ page }) => {
      await page.goto(AUTH_PATHS.login);
    },
    // The token's outcome is the link's: a real one, or one that was never issued.
    'with a token link': async () => {},
  },
  executors,
  states: {
    'steps.login': async ({ page, snapshot }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      await expectErrors(page, snapshot);
    },
    'steps.signup': async ({ page, snapshot }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
      await expectErrors(page, snapshot);
      if (snapshot.context.emailTaken)
        await expect(page.getByRole('link', { name: 'reset your password' })).toBeVisible();
    },
    'steps.forgotPassword': async ({ page, snapshot }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
      await expectErrors(page, snapshot);
    },
    'steps.resetRequested': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    },
    'steps.resetPassword': async ({ page, snapshot }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
      await expectErrors(page, snapshot);
    },
    signingIn: 'transient',
    signingUp: 'transient',
    requestingReset: 'transient',
    tokenSigningIn: 'transient',
    savingPassword: 'transient',
    // Product rule R2.11: signed in, with nowhere to return to, on the account.
    done: async ({ page }: Ctx) => {
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ciao /);
      await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    },
  },
  notThroughTheUi: {
    'tokenSigningIn xstate.done.actor.signInWithToken → done':
      'the server issues no sign-in link other than a password reset yet',
    'steps url.changed → steps.resetPassword':
      'back to /reset-password in a reset session: no step links there, and a typed URL reloads the app, ' +
      'which sends a signed-in customer on',
  },
});

/** The model's errors for the step are the ones the customer reads in the error summary. */
async function expectErrors(page: Ctx['page'], snapshot: AnyMachineSnapshot) {
  const errors = (snapshot.context as { errors: { message: string }[] }).errors;
  if (errors.length === 0) await expect(page.getByRole('alert')).toHaveCount(0);
  for (const { message } of errors) await expect(page.getByRole('alert')).toContainText(message);
}
