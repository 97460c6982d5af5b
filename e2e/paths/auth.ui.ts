import type { AnyMachineSnapshot } from 'xstate';
import {
  AUTH_PATHS,
  authMachine,
  type AuthContext,
  type AuthEvent,
} from '../../machines/auth/auth.machine';
import { pathModel } from '../../tests/machines/auth/events';
import { emailedLink, expect, signUpViaApi, type NewCustomer } from '../support/fixtures';
import {
  once,
  uiAdapter,
  type Executor,
  type MachineEventType,
  type UiContext,
} from './ui-adapter';
import { isType } from './outcomes';
import { fillSignup, signInExecutor, signUpEmail, signUpOutcomeWalkable } from './sign-in-forms';

/** A customer of the walk's own (signed up through the API) and the links asked for them. */
interface AuthWorld {
  customer: () => Promise<NewCustomer>;
  resetLink: () => Promise<string>;
  signInLink: () => Promise<string>;
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
 * In a reset session the header's Sign in link leaves /reset-password (to /social-login, R2.11),
 * and Back returns there: the one place Back is used, since otherwise the history holds the URLs
 * the app replaced (a token link's), not the steps.
 */
const wayTo = (from: AnyMachineSnapshot, path: string, visited: string[]) => {
  const here = visited.at(-1) ?? '';
  const reset = AUTH_PATHS.resetPassword;
  if (linkTo[here]?.[shownAt(path)]) return 'link';
  if (here === reset && path === AUTH_PATHS.socialLogin) return 'header';
  if (path === reset && from.context.resetSession && visited.at(-2) === reset) return 'back';
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
      else if (way === 'header')
        await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
      else if (way === 'back') await page.goBack();
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
  // Product rule R2.21: the email alone, and the form's second button.
  'link.submit': async ({ page, event, next, world }) => {
    const { email } = event as Of<'link.submit'>;
    const valid = email.includes('@');
    await page.getByLabel('Email address').fill(valid ? (await world.customer()).email : email);
    // The request never reaching the server (status 0): the browser offline.
    if (isType(next, 'xstate.error.actor.requestSignInLink')) await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  },
  'login.again': async ({ page }) => {
    await page.getByRole('button', { name: 'Back to sign in' }).click();
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
  'xstate.done.actor.requestSignInLink': async () => {},
  'xstate.error.actor.requestSignInLink': async ({ page }) => {
    await expect(page.getByRole('alert')).toBeVisible();
    await page.context().setOffline(false);
  },
  'xstate.error.actor.requestPasswordReset': async ({ page }) => {
    await expect(page.getByRole('alert')).toBeVisible();
    await page.context().setOffline(false);
  },
  // A real link of the entry's kind: a reset link opens /reset-password, a sign-in link /login.
  'xstate.done.actor.signInWithToken': {
    can: ({ event, from }) =>
      (event as { output?: { passwordReset?: boolean } }).output?.passwordReset ===
      isResetEntry(from),
    run: async ({ page, from, world }) => {
      await page.goto(await (isResetEntry(from) ? world.resetLink() : world.signInLink()));
    },
  },
  'xstate.error.actor.signInWithToken': async ({ page, from }) => {
    await page.goto(`${(from.context as AuthContext).entryPath}?token=never-issued`);
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
      resetLink: once(async () =>
        emailedLink(request, '/api/v2/customers/password_reset', (await customer()).email),
      ),
      signInLink: once(async () =>
        emailedLink(request, '/api/v2/sessions/sign_in_link', (await customer()).email),
      ),
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
    'with a reset link': async () => {},
    // Product rule R2.21: opened where someone is signed in, as the walk's customer is here.
    'with a sign-in link': async ({ page, world }) => {
      const { email, password } = await world.customer();
      const response = await page.request.post('/api/v2/sessions', {
        headers: { 'X-Branch': 'web' },
        data: { email, password },
      });
      expect(response.status()).toBe(201);
    },
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
    'steps.signInLinkSent': async ({ page, world }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
      await expect(page.getByRole('main')).toContainText(
        `If an account exists for ${(await world.customer()).email}, we have sent a sign-in link to it.`,
      );
    },
    'steps.resetPassword': async ({ page, snapshot }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
      await expectErrors(page, snapshot);
    },
    signingIn: 'transient',
    signingUp: 'transient',
    requestingReset: 'transient',
    requestingSignInLink: 'transient',
    tokenSigningIn: 'transient',
    savingPassword: 'transient',
    // Product rule R2.11: signed in, with nowhere to return to, on the account.
    done: async ({ page }: Ctx) => {
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ciao /);
      await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    },
  },
});

const isResetEntry = (snapshot: AnyMachineSnapshot) =>
  (snapshot.context as AuthContext).entryPath === AUTH_PATHS.resetPassword;

/** The model's errors for the step are the ones the customer reads in the error summary. */
async function expectErrors(page: Ctx['page'], snapshot: AnyMachineSnapshot) {
  const errors = (snapshot.context as { errors: { message: string }[] }).errors;
  if (errors.length === 0) await expect(page.getByRole('alert')).toHaveCount(0);
  for (const { message } of errors) await expect(page.getByRole('alert')).toContainText(message);
}
