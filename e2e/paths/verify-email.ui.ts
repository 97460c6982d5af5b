import type { APIRequestContext, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  VERIFY_EMAIL_MESSAGES,
  verifyEmailMachine,
  type VerifyEmailContext,
  type VerifyEmailFailure,
} from '../../machines/verify-email/verify-email.machine';
import { pathModel } from '../../tests/machines/verify-email/events';
import { expect, latestEmail, signUpViaApi, type NewCustomer } from '../support/fixtures';
import {
  once,
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/**
 * The walk's customer, signed up in the browser's own cookie jar (so signed in on the page), and
 * their verification link from the development mailbox.
 */
interface VerifyWorld {
  customer: () => Promise<NewCustomer>;
  link: () => Promise<string>;
}

const BRANCH = { 'X-Branch': 'web' };
const VERIFY_URL = /\/verify-email$/;

/** The view's heading for each failure: the customer's words. */
const HEADINGS: Record<string, string> = {
  verification_link_expired: 'This link has expired',
  verification_link_used: 'This link has already been used',
  verification_link_invalid: 'This link is not valid',
};

const failureOf = (event: EventObject | undefined) =>
  (event as { error?: VerifyEmailFailure } | undefined)?.error;

/** A verification link's path and token, as the emailed link has it. */
async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  const text = (await latestEmail(request, email)).text;
  const link = text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0];
  expect(link, 'a verification link in the email').toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Another customer's link, spent through the API (the browser's customer stays unverified). */
async function spentLink(request: APIRequestContext): Promise<string> {
  const other = await signUpViaApi(request);
  const link = await verificationLink(request, other.email);
  const token = new URL(link, 'http://localhost').searchParams.get('token');
  const response = await request.post('/api/v2/customers/email_verification/confirm', {
    headers: BRANCH,
    data: { token },
  });
  expect(response.status()).toBe(200);
  return link;
}

const resendButton = (page: Page) => page.getByRole('button', { name: 'Send a new link' });

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  'link.resend': {
    // After a 401 the session has ended: the page offers sign-in instead of the button.
    can: ({ from }) =>
      (from.context as VerifyEmailContext).resendError !== VERIFY_EMAIL_MESSAGES.signInToResend,
    run: async ({ page, next, world }) => {
      await world.customer();
      const status = failureOf(next)?.status;
      // Sign-up's link is the first of three an hour: two more, and this one is refused (429).
      if (status === 429)
        for (const _ of [1, 2]) {
          const response = await page.request.post('/api/v2/customers/email_verification', {
            headers: BRANCH,
          });
          expect(response.status()).toBe(202);
        }
      // The session ended elsewhere: the cookies gone.
      if (status === 401) await page.context().clearCookies();
      // The request never reaching the server (status 0): the browser offline.
      if (status === 0) await page.context().setOffline(true);
      await resendButton(page).click();
    },
  },
  'xstate.done.actor.confirmEmail': async ({ page, world }) => {
    await page.goto(await world.link());
  },
  'xstate.error.actor.confirmEmail': {
    // A link works for 24 hours, and the server's clock is the real one.
    can: ({ event }) => failureOf(event)?.code !== 'verification_link_expired',
    run: async ({ page, request, event, world }) => {
      await world.customer();
      await page.goto(
        failureOf(event)?.code === 'verification_link_used'
          ? await spentLink(request)
          : '/verify-email?token=never-issued',
      );
    },
  },
  'xstate.done.actor.requestVerificationEmail': async () => {},
  'xstate.error.actor.requestVerificationEmail': async ({ page, event }) => {
    if (failureOf(event)?.status !== 0) return;
    await expect(page.getByRole('alert')).toBeVisible();
    await page.context().setOffline(false);
  },
} satisfies Record<MachineEventType<typeof verifyEmailMachine>, Executor<VerifyWorld>>;

/** What the customer sees in each state (the machine carries no meta.path: its URL here). */
const states = {
  confirming: 'transient',
  sending: 'transient',
  verified: async ({ page }) => {
    await expect(page).toHaveURL(VERIFY_URL);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email address verified');
    await expect(page.getByText('Thank you for confirming your email address.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your account' })).toBeVisible();
  },
  failed: async ({ page, snapshot }) => {
    const { failure, resendError } = snapshot.context as VerifyEmailContext;
    await expect(page).toHaveURL(VERIFY_URL);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      HEADINGS[failure?.code ?? '']!,
    );
    await expect(page.getByText(failure!.message!, { exact: true })).toBeVisible();
    if (resendError === VERIFY_EMAIL_MESSAGES.signInToResend) {
      await expect(page.getByRole('link', { name: 'Sign in to send a new link' })).toBeVisible();
      return;
    }
    if (resendError === null) await expect(page.getByRole('alert')).toHaveCount(0);
    else await expect(page.getByRole('alert')).toHaveText(resendError);
    await expect(resendButton(page)).toBeEnabled();
  },
  sent: async ({ page, snapshot, world }) => {
    const { sentMessage } = snapshot.context as VerifyEmailContext;
    await expect(page).toHaveURL(VERIFY_URL);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `${sentMessage} We sent it to ${(await world.customer()).email}.`,
    );
  },
} satisfies Partial<Record<MachineStateKey<typeof verifyEmailMachine>, StateCheck<VerifyWorld>>>;

export const verifyEmailUi = uiAdapter(verifyEmailMachine, {
  machine: 'verify-email',
  model: pathModel,
  world: ({ page }): VerifyWorld => {
    // Through the page's own request context: its cookies are the browser's.
    const customer = once(() => signUpViaApi(page.request));
    return {
      customer,
      // The link sign-up emailed, read from the development mailbox.
      link: once(async () => verificationLink(page.request, (await customer()).email)),
    };
  },
  entries: {
    // The token's outcome is the link's: the customer's own, a spent one, or one never issued.
    'a link with a token': async () => {},
    'a link without a token': async ({ page, world }) => {
      await world.customer();
      await page.goto('/verify-email');
    },
  },
  executors,
  states,
});
