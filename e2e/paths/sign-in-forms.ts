import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { LoginForm, SignupForm } from '../../domain/account-forms';
import { DEMO, type NewCustomer } from '../support/fixtures';
import { codeOf, isType, statusOf } from './outcomes';
import type { Executor, UiStep } from './ui-adapter';

/**
 * The sign-in and sign-up forms as the flows that show them (sign-in itself, both checkouts) fill
 * them in a walk: the walk's own customer's password or a wrong one, a new address for each
 * account made.
 */

/** What a walk that signs in needs: a customer of its own, made without signing the page in. */
export interface CustomerWorld {
  customer: () => Promise<NewCustomer>;
}

/** The password of each account a checkout's walk makes (the model's may be any). */
const WALK_PASSWORD = 'orecchiette-2026';

/** An email address no account has yet. */
export const unusedEmail = () =>
  `paths.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * "Sign in": the real server answers the walk's customer's password, or a wrong one (401); its
 * rate limit (429) is not brought about here. `beforeSignIn` readies what a signed-in customer
 * must already have (the kit checkout's saved address and card).
 */
export const signInExecutor = <TWorld extends CustomerWorld>(
  beforeSignIn?: (step: UiStep<TWorld>) => Promise<void>,
): Executor<TWorld> => ({
  can: ({ next }) => !isType(next, 'xstate.error.actor.signIn') || statusOf(next) === 401,
  run: async (step) => {
    const { page, event, next, world } = step;
    const { form } = event as unknown as { form: LoginForm };
    if (form.email !== '') {
      const customer = await world.customer();
      const refused = isType(next, 'xstate.error.actor.signIn');
      if (!refused) await beforeSignIn?.(step);
      await page.getByLabel('Email address').fill(customer.email);
      await page.getByLabel('Password').fill(refused ? 'not-the-password' : customer.password);
    }
    await page.getByRole('button', { name: 'Sign in' }).click();
  },
});

/** The form's marketing choice as the customer ticks it; none chosen leaves the question open. */
export async function fillSignup(page: Page, form: SignupForm, email: string, password: string) {
  await page.getByLabel('First name').fill(form.firstName);
  await page.getByLabel('Last name').fill(form.lastName);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  if (form.marketing === null) return;
  const { emails, sms, mail } = form.marketing;
  if (emails) await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
  if (sms) await page.getByRole('checkbox', { name: 'Text message' }).check();
  if (mail) await page.getByRole('checkbox', { name: 'Post' }).check();
  if (!emails && !sms && !mail)
    await page.getByRole('checkbox', { name: 'I do not want to hear about offers' }).check();
}

/**
 * Whether a walk can bring about the sign-up's outcome: the form checks an email's shape as the
 * server does, so of the server's 400s only email_taken gets past it.
 */
export const signUpOutcomeWalkable = (next: EventObject | undefined) =>
  !isType(next, 'xstate.error.actor.signUp') || codeOf(next) === 'email_taken';

/** The email a sign-up is made with: the demo customer's when it must be refused, else a new one. */
export const signUpEmail = (next: EventObject | undefined) =>
  isType(next, 'xstate.error.actor.signUp') ? DEMO.email : unusedEmail();

/** A checkout's "Create account": a new address each time, or one in use for its refusal. */
export const checkoutSignUpExecutor = <TWorld>(): Executor<TWorld> => ({
  can: ({ next }) => signUpOutcomeWalkable(next),
  run: async ({ page, event, next }) => {
    const { form } = event as unknown as { form: SignupForm };
    if (form.email !== '')
      await fillSignup(
        page,
        { ...form, marketing: form.marketing ?? { emails: false, sms: false, mail: false } },
        signUpEmail(next),
        WALK_PASSWORD,
      );
    await page.getByRole('button', { name: 'Create account' }).click();
  },
});
