import type { Page, Response } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  LOGOUT_FAILED,
  sessionMachine,
  type SessionContext,
} from '../../machines/session/session.machine';
import { pathModel } from '../../tests/machines/session/events';
import { expect, signUpViaApi, type NewCustomer } from '../support/fixtures';
import { kitBasket, payWithNewCard, savedHome } from '../support/kit-checkout';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/**
 * The walk's customer (signed up outside the browser, which signs in as they would) and the
 * session's read of /me after an order, awaited by its answer's step.
 */
interface SessionWorld {
  customer: () => Promise<NewCustomer>;
  refreshed: Promise<Response> | undefined;
}

const BRANCH = { 'X-Branch': 'web' };

const outputOf = (event: EventObject) => (event as { output?: unknown }).output;

const accountMenu = (page: Page) => page.getByRole('button', { name: 'My account' });
const signInLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true });

/** A choice of the account menu in the header (a link, or Sign out): no page load. */
async function fromAccountMenu(page: Page, name: string) {
  await accountMenu(page).click();
  await page
    .getByRole('banner')
    .getByRole(name === 'Sign out' ? 'button' : 'link', { name })
    .click();
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  'xstate.done.actor.loadCustomer': {
    // A page load answers the customer or nobody; a refresh after an order answers the customer.
    can: ({ event, from }) => from.matches('loading') || outputOf(event) !== null,
    run: async ({ page, event, from, world }) => {
      if (from.matches('refreshing')) {
        expect((await world.refreshed!).status()).toBe(200);
        // From the confirmation on to the account, whose header shows who is signed in.
        await page.getByRole('link', { name: 'See your upcoming boxes' }).click();
        return;
      }
      if (outputOf(event) !== null) {
        const { email, password } = await world.customer();
        const response = await page.request.post('/api/v2/sessions', {
          headers: BRANCH,
          data: { email, password },
        });
        expect(response.status()).toBe(201);
      }
      await page.goto('/');
    },
  },
  // The session is read once as the app boots, and again after an order, each a call the browser
  // cannot lose alone: the page, its scripts and its calls share one network.
  'xstate.error.actor.loadCustomer': { can: () => false },
  'session.signedIn': {
    // Screens send it on a server's answer: while the session loads or refreshes, never first.
    can: ({ from }) => from.matches('signedOut') || from.matches('signedIn'),
    run: async ({ page, from, world }) => {
      if (from.matches('signedIn')) {
        // Product rule R2.16: the paperless toggle saves, and the session keeps the answer.
        await fromAccountMenu(page, 'Profile');
        await page.getByLabel('Go paperless').check();
        await expect(page.getByText('Paperless is on.')).toBeVisible();
        return;
      }
      const { email, password } = await world.customer();
      await signInLink(page).click();
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
  },
  'session.signOut': {
    can: ({ from }) => from.matches('signedIn'),
    run: async ({ page, next }) => {
      // The server never hears it: the browser offline.
      if (next?.type === 'xstate.error.actor.signOut') await page.context().setOffline(true);
      await fromAccountMenu(page, 'Sign out');
    },
  },
  'session.unauthorized': {
    can: ({ from }) => from.matches('signedIn'),
    // The session ended elsewhere (the cookies gone): the account's next call is refused (401).
    run: async ({ page }) => {
      await page.context().clearCookies();
      await fromAccountMenu(page, 'Your account');
    },
  },
  'session.refresh': {
    // Only a kit order's confirmation refreshes the session, and only a signed-in customer orders.
    can: ({ from }) => from.matches('signedIn'),
    run: async ({ page, world }) => {
      await savedHome(page.request);
      await kitBasket(page.request);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Recipe kits' })
        .click();
      await page
        .getByRole('complementary', { name: 'Your box' })
        .getByRole('button', { name: 'Checkout' })
        .click();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      world.refreshed = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/v2/me',
      );
      await payWithNewCard(page, '4242 4242 4242 4242');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Grazie! Your box is ordered',
      );
    },
  },
  'xstate.done.actor.signOut': async () => {},
  'xstate.error.actor.signOut': async ({ page }) => {
    await expect(page.getByText(LOGOUT_FAILED)).toBeVisible();
    await page.context().setOffline(false);
  },
} satisfies Record<MachineEventType<typeof sessionMachine>, Executor<SessionWorld>>;

/** What the customer sees of the session: the header's account menu, or its Sign in link. */
const states = {
  loading: 'transient',
  refreshing: 'transient',
  signingOut: 'transient',
  signedIn: async ({ page }) => {
    await expect(accountMenu(page)).toBeVisible();
    await expect(signInLink(page)).toHaveCount(0);
  },
  signedOut: async ({ page, snapshot }) => {
    await expect(signInLink(page)).toBeVisible();
    await expect(accountMenu(page)).toHaveCount(0);
    // Product rule R2.6: signed out either way; a refused sign-out says so.
    if ((snapshot.context as SessionContext).error !== null)
      await expect(page.getByText(LOGOUT_FAILED)).toBeVisible();
  },
} satisfies Partial<Record<MachineStateKey<typeof sessionMachine>, StateCheck<SessionWorld>>>;

export const sessionUi = uiAdapter(sessionMachine, {
  machine: 'session',
  model: pathModel,
  world: ({ request }) => {
    let customer: Promise<NewCustomer> | undefined;
    return {
      // Outside the browser's cookie jar: the browser signs in as the path says.
      customer: () => (customer ??= signUpViaApi(request)),
      refreshed: undefined,
    };
  },
  entries: {
    // Whether the page loads signed in is the load's answer: made by its executor.
    'a page load': async () => {},
  },
  executors,
  states,
  notThroughTheUi: {
    'loading session.signedIn → signedIn':
      'screens sign in on a server’s answer, and the session’s first read, started as the app boots, answers first',
    'loading xstate.error.actor.loadCustomer → signedOut':
      'the session is read once as the app boots: the browser cannot lose that call alone, without a mock of /api',
    'signedOut session.refresh → loading':
      'only a kit order’s confirmation refreshes the session, and only a signed-in customer orders',
    'refreshing xstate.done.actor.loadCustomer → signedOut':
      'the refresh reads /me the moment the order is confirmed: the session cannot end between the two',
    'refreshing xstate.error.actor.loadCustomer → signedIn':
      'the refresh reads /me the moment the order is confirmed: the browser cannot lose that call alone, without a mock of /api',
    'refreshing session.signedIn → signedIn':
      'screens send it on a server’s answer, which comes after the refresh’s own',
    'refreshing session.signOut → signingOut':
      'the refresh’s read answers before the customer can reach the account menu (the checkout’s header has none)',
    'refreshing session.unauthorized → signedOut':
      'a 401 is a later call’s answer, which comes after the refresh’s own',
  },
});
