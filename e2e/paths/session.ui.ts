import type { Page, Request } from '@playwright/test';
import {
  LOGOUT_FAILED,
  sessionMachine,
  type SessionContext,
} from '../../machines/session/session.machine';
import { pathModel } from '../../tests/machines/session/events';
import { emailedLink, expect, signUpViaApi, type NewCustomer } from '../support/fixtures';
import { kitBasket, payWithNewCard, savedHome } from '../support/kit-checkout';
import { dropNextCall, outputOf } from './outcomes';
import {
  once,
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/**
 * The walk's customer (signed up outside the browser, which signs in as they would), the
 * session's read of /me after an order, and the network while it is slowed.
 */
interface SessionWorld {
  customer: () => Promise<NewCustomer>;
  read: Promise<Request> | undefined;
  /** Whether that read has its answer, or failed on the network. */
  answered: boolean;
  failed: boolean;
  /** Puts the network back to full speed, after it was slowed. */
  restore: (() => Promise<void>) | undefined;
  /** Lets the refresh's read, held on the network, go on to the server. */
  letReadGo: (() => void) | undefined;
}

const BRANCH = { 'X-Branch': 'web' };

const isRead = (request: Request) => new URL(request.url()).pathname === '/api/v2/me';
const isReadUrl = (url: URL) => url.pathname === '/api/v2/me';

/**
 * The session's next read of /me dropped on the network: the browser's request never leaves, so
 * the server never sees it (no answer is made up), and the page's other calls go on.
 */
const dropNextRead = (page: Page) => dropNextCall(page, isReadUrl);

/**
 * Every answer held back `latency` ms, as on a slow connection (Chromium's own throttling): time
 * for a step while the session's read waits. No answer is made up. Answers how to restore it.
 */
async function slowNetwork(page: Page, latency: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const set = async (delay: number) => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: delay,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
  await cdp.send('Network.enable');
  await set(latency);
  return () => set(0);
}

/**
 * The session ended on the server while the session's next read of /me is on its way: the read
 * then goes on and the server refuses it (401), which the session reads as nobody (R2.5).
 */
const endSessionAsReadGoes = (page: Page) =>
  page.route(
    isReadUrl,
    async (route) => {
      const ended = await page.request.delete('/api/v2/sessions', { headers: BRANCH });
      expect(ended.ok()).toBe(true);
      await route.continue();
    },
    { times: 1 },
  );

/** The session's next read of /me, and whether it has its answer or failed on the network. */
function watchNextRead(page: Page, world: SessionWorld) {
  world.read = page.waitForRequest(isRead);
  page.on('response', (response) => {
    if (isRead(response.request())) world.answered = true;
  });
  page.on('requestfailed', (request) => {
    if (isRead(request)) world.failed = true;
  });
}

/** The session's next read of /me held on the network until `world.letReadGo()`. */
async function holdNextRead(page: Page, world: SessionWorld) {
  const released = new Promise<void>((resolve) => (world.letReadGo = resolve));
  await page.route(
    isReadUrl,
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
}

/** A signed-in customer's page load: the session's first read is /me. */
async function signInBrowser(page: Page, world: SessionWorld) {
  const { email, password } = await world.customer();
  const response = await page.request.post('/api/v2/sessions', {
    headers: BRANCH,
    data: { email, password },
  });
  expect(response.status()).toBe(201);
}

const home = (page: Page) => page.getByRole('link', { name: 'Sfoglia home' }).click();

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

/** Product rule R2.16: the paperless toggle saves, and the session keeps the customer it answers. */
async function togglePaperless(page: Page) {
  await fromAccountMenu(page, 'Profile');
  const paperless = page.getByLabel('Go paperless');
  const on = !(await paperless.isChecked());
  await paperless.setChecked(on);
  await expect(page.getByText(on ? 'Paperless is on.' : 'Paperless is off.')).toBeVisible();
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  // A page load answers the customer or nobody; a refresh after an order answers the customer,
  // or nobody when the session ended on the server meanwhile (set up by the refresh's executor:
  // the read's 401, which the session reads as nobody, R2.5).
  'xstate.done.actor.loadCustomer': async ({ page, event, from, world }) => {
    if (from.matches('refreshing')) {
      const answer = await (await world.read!).response();
      expect(answer?.status()).toBe(outputOf(event) === null ? 401 : 200);
      // From the confirmation (its header has no account menu) back home.
      await home(page);
      return;
    }
    // A page served signed in; answered nobody when the session ends on the server while the
    // page's read of /me is on its way: the server refuses it (401), read as nobody (R2.5).
    await signInBrowser(page, world);
    if (outputOf(event) === null) await endSessionAsReadGoes(page);
    await page.goto('/');
  },
  // The session's read dropped on the network: as a signed-in page boots, or the refresh after an
  // order (set up by the refresh's executor).
  'xstate.error.actor.loadCustomer': async ({ page, from, world }) => {
    if (from.matches('refreshing')) {
      await expect.poll(() => world.failed).toBe(true);
      await home(page);
      return;
    }
    await signInBrowser(page, world);
    await dropNextRead(page);
    await page.goto('/');
  },
  'session.signedIn': async ({ page, request, from, world }) => {
    // Product rules R2.1 and R2.21: a signed-in customer opens a sign-in link while the page's
    // read of /me is held; the link signs in first and tells the session, then the read goes.
    if (from.matches('loading')) {
      await signInBrowser(page, world);
      const link = await emailedLink(
        request,
        '/api/v2/sessions/sign_in_link',
        (await world.customer()).email,
      );
      await holdNextRead(page, world);
      watchNextRead(page, world);
      await page.goto(link);
      await expect(accountMenu(page)).toBeVisible();
      expect(world.answered, 'the first read still waiting for its answer').toBe(false);
      world.letReadGo!();
      await (await world.read!).response();
      return;
    }
    // While the refresh's read is held (set up by the refresh's executor): home from the
    // confirmation, then the toggle; the read goes on once the session has its answer.
    if (from.matches('refreshing')) {
      await home(page);
      await togglePaperless(page);
      expect(world.answered, 'the refresh’s read still waiting for its answer').toBe(false);
      world.letReadGo!();
      await (await world.read!).response();
      return;
    }
    if (from.matches('signedIn')) {
      await togglePaperless(page);
      return;
    }
    const { email, password } = await world.customer();
    await signInLink(page).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  },
  'session.signOut': {
    // While the refresh's read waits on a slow connection: home, then Sign out.
    can: ({ from, next }) =>
      from.matches('signedIn') ||
      (from.matches('refreshing') && next?.type !== 'xstate.error.actor.signOut'),
    run: async ({ page, from, next, world }) => {
      // The server never hears it: the browser offline.
      if (next?.type === 'xstate.error.actor.signOut') await page.context().setOffline(true);
      if (from.matches('refreshing')) await home(page);
      await fromAccountMenu(page, 'Sign out');
      if (!from.matches('refreshing')) return;
      expect(world.answered, 'the refresh’s read still waiting for its answer').toBe(false);
      await world.restore!();
    },
  },
  'session.unauthorized': {
    can: ({ from }) => from.matches('signedIn') || from.matches('refreshing'),
    // The session ended elsewhere (the cookies gone): the account's next call is refused (401).
    // While refreshing, the session ends on the server while the refresh's read is held (set up
    // by the refresh's executor); the account's call is refused first, then the read goes on.
    run: async ({ page, from, world }) => {
      if (from.matches('refreshing')) {
        await home(page);
        const ended = await page.request.delete('/api/v2/sessions', { headers: BRANCH });
        expect(ended.ok()).toBe(true);
        await fromAccountMenu(page, 'Your account');
        await expect(signInLink(page)).toBeVisible();
        expect(world.answered, 'the refresh’s read still waiting for its answer').toBe(false);
        world.letReadGo!();
        await (await world.read!).response();
        return;
      }
      await page.context().clearCookies();
      await fromAccountMenu(page, 'Your account');
    },
  },
  'session.refresh': {
    // Only a kit order's confirmation refreshes the session, and only a signed-in customer orders.
    can: ({ from }) => from.matches('signedIn'),
    run: async ({ page, next, world }) => {
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
      await expect(page.getByRole('button', { name: /^Pay £/ })).toBeVisible();
      // A step taken while the read waits needs time: the connection slowed from the payment on.
      const during = next?.type === 'session.signOut';
      if (during) world.restore = await slowNetwork(page, 3_000);
      watchNextRead(page, world);
      if (next?.type === 'xstate.error.actor.loadCustomer') await dropNextRead(page);
      // A screen's answer, or another call's 401, while the refresh's read waits: the read held
      // until it has come.
      if (next?.type === 'session.signedIn' || next?.type === 'session.unauthorized')
        await holdNextRead(page, world);
      // The session ends on the server while the refresh's read is on its way: the server
      // refuses it (401), which the session reads as nobody and resets (R2.5).
      if (next?.type === 'xstate.done.actor.loadCustomer' && outputOf(next) === null)
        await endSessionAsReadGoes(page);
      await payWithNewCard(page, '4242 4242 4242 4242');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Grazie! Your box is ordered',
        { timeout: during ? 30_000 : 5_000 },
      );
      await world.read;
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
  starting: 'transient',
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
  world: ({ request }): SessionWorld => ({
    // Outside the browser's cookie jar: the browser signs in as the path says.
    customer: once(() => signUpViaApi(request)),
    read: undefined,
    answered: false,
    failed: false,
    restore: undefined,
    letReadGo: undefined,
  }),
  entries: {
    // A page served signed in: the load's answer, made by its executor.
    'a page load': async () => {},
    // Product rule R14.12: served signed out, the session starts signed out.
    'a page served signed out': async ({ page }) => {
      await page.goto('/');
    },
    // Product rule R14.12: an account page carries its customer; the session reads no /me.
    'an account page served with its customer': async ({ page, world }) => {
      await signInBrowser(page, world);
      const reads: string[] = [];
      page.on('request', (request) => {
        if (isRead(request)) reads.push(request.url());
      });
      await page.goto('/account/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ciao /);
      expect(reads, 'no read of /me').toEqual([]);
      // The walk's steps start from home, as the other entries' do.
      await home(page);
    },
  },
  executors,
  states,
});
