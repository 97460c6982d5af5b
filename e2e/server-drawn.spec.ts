import type { Page } from '@playwright/test';
import { stored } from '../tests/machines/address-search/events';
import { appTookOver, DEMO, expect, signIn, test } from './support/fixtures';
import { storeDelivery } from './support/stored-delivery';
import { SIZES } from './support/sizes';

/** React marks the root as its container once it runs: an unmarked root is the server's HTML. */
async function expectAppNotRun(page: Page) {
  expect(
    await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).length),
    'the app has not run',
  ).toBe(0);
}

/**
 * Product rule R14.14: the public screens drawn on the server arrive painted in the HTML, and the
 * browser takes them over in place: the same tree, so React reports no difference and the screen
 * works as one drawn in the browser.
 */
const DRAWN = [
  // The first orderable week's dishes are drawn, not its loading line.
  { path: '/menu', heading: 'Recipe kit menu', shows: 'class="product__title kit-dish__title"' },
  { path: '/restaurants', heading: 'Our restaurants', shows: '279 Chiswick High Road' },
  { path: '/restaurant/16', heading: 'Chiswick', shows: '279 Chiswick High Road' },
  // Sign-in and password recovery, for a visitor: the session starts signed out (R14.12).
  { path: '/login', heading: 'Sign in', shows: '>Forgotten your password?</a>' },
  { path: '/forgot-password', heading: 'Reset your password', shows: '>Send reset link' },
  { path: '/support', heading: 'Help and support', shows: '>Send message' },
  // A first visit's landing: its postcode form (R14.14).
  {
    path: '/pasta-now-search-address',
    heading: 'Fresh pasta, delivered hot',
    shows: '>Find my address</button>',
  },
] as const;

/**
 * Requests for `asset` held on the network until the returned function is called, then sent on to
 * the server: the app's code arriving late, as on a slow phone.
 */
async function holdBack(page: Page, asset: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(asset, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

for (const size of SIZES) {
  test.describe(`server-drawn screens at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const screen of DRAWN) {
      test(`${screen.path} is in the HTML and hydrates without a difference`, async ({
        page,
        request,
      }) => {
        const html = await (await request.get(screen.path)).text();
        expect(html).not.toContain('<div id="root"></div>');
        expect(html).toContain(`>${screen.heading}</h1>`);
        expect(html).toContain(screen.shows);
        expect(html.includes('class="page-loading"'), 'the page drawn whole').toBe(false);

        // The restaurants, the bundles and the week's ratings come with the page: the browser
        // asks the API for none of them.
        const restaurantReads: string[] = [];
        page.on('request', (sent) => {
          if (/\/api\/v2\/(restaurants|bundles|weekly_menus)/.test(sent.url()))
            restaurantReads.push(sent.url());
        });
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(restaurantReads).toEqual([]);
        const reports = await page.evaluate(() =>
          (window.dataLayer ?? []).filter((entry) => entry.message === 'Server render differs'),
        );
        expect(reports).toEqual([]);
      });
    }

    test("a signed-in customer's dashboard is in the HTML, drawn whole, and hydrates without a difference (R14.12)", async ({
      page,
    }) => {
      await signIn(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      // Signed in in the browser, the dashboard read its data itself: those reads over first.
      await page.waitForLoadState('networkidle');

      // The customer and the dashboard's three reads come with the page.
      const reads: string[] = [];
      page.on('request', (sent) => {
        if (
          /\/api\/v2\/(me|subscriptions|schedule_weeks|orders\/pending_payment)$/.test(sent.url())
        )
          reads.push(sent.url());
      });
      // The very page loaded is the drawn one: a late render's plain shell would say so here.
      const html = await (await page.goto('/account/dashboard'))!.text();
      expect(html).toContain('>Ciao <!-- -->Giulia</h1>');
      expect(html).toContain('>Your account</h2>');
      expect(html).not.toContain('Loading your account');
      await expect(page.getByRole('heading', { level: 1, name: 'Ciao Giulia' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(reads).toEqual([]);
      const reports = await page.evaluate(() =>
        (window.dataLayer ?? []).filter((entry) => entry.message === 'Server render differs'),
      );
      expect(reports).toEqual([]);
    });

    test('a drawn screen answers clicks once the app has taken it over', async ({ page }) => {
      await page.goto('/menu');
      await appTookOver(page);
      await page.getByRole('button', { name: 'How it works' }).click();
      await expect(page.getByRole('dialog', { name: 'How it works' })).toBeVisible();
      await page.getByRole('button', { name: 'Got it' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    test('a dish tapped before the app runs opens once it has', async ({ page }) => {
      // The app's entry held back (its bytes are the server's own), as on a slow phone.
      const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
      await page.goto('/menu', { waitUntil: 'domcontentloaded' });
      const view = page.getByRole('button', { name: /^View / }).first();
      const dish = ((await view.textContent()) ?? '').replace(/^View /, '');
      await view.click();
      await expectAppNotRun(page);
      release();
      await expect(page.getByRole('dialog', { name: dish })).toBeVisible();
    });

    test('a dish tapped after the app runs but before its screen has loaded opens once it has', async ({
      page,
    }) => {
      // The screen's own code held back while the app's entry runs, as on a slow phone: React
      // takes the page but cannot yet hydrate the screen, and drops a tap on it (R14.14).
      const release = await holdBack(page, /\/assets\/product-box-page-[\w-]+\.js$/);
      await page.goto('/menu', { waitUntil: 'domcontentloaded' });
      await appTookOver(page);
      const view = page.getByRole('button', { name: /^View / }).first();
      const dish = ((await view.textContent()) ?? '').replace(/^View /, '');
      await view.click();
      release();
      await expect(page.getByRole('dialog', { name: dish })).toBeVisible();
      // Pressed once: the dialog stays open.
      await page.waitForTimeout(300);
      await expect(page.getByRole('dialog', { name: dish })).toBeVisible();
    });
  });
}

test('a checkout opened with no session is sent by the server to the menu, drawn (R14.15)', async ({
  page,
}) => {
  // No cookie, so no basket: the server answers the checkout's own redirect (R5.1) instead of a
  // page whose JavaScript must arrive to leave it.
  const response = await page.goto('/checkout');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/checkout$/);
  await expect(page).toHaveURL(/\/menu$/);
  expect(await response?.text()).toContain('>Recipe kit menu</h1>');
  await expect(page.getByRole('heading', { level: 1, name: 'Recipe kit menu' })).toBeVisible();
});

test('a postcode typed and sent with Enter before the app runs is searched once it has (R14.14)', async ({
  page,
}) => {
  // The app's entry held back, as on a slow phone: the drawn form is typed in and sent.
  const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto('/pasta-now-search-address', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Postcode').fill('w4 2hd');
  await page.getByLabel('Postcode').press('Enter');
  await expectAppNotRun(page);
  // Not sent as a plain HTML form: the page is the same, with no query.
  await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  release();
  await expect(page.getByRole('group', { name: 'Select your address in W4 2HD' })).toBeVisible();
});

test('sign-in typed and sent before the app runs signs in once it has (R14.14)', async ({
  page,
}) => {
  const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByLabel('Password').press('Enter');
  await expectAppNotRun(page);
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ciao /);
});

test('a sign-in link asked for before the app runs is asked for once it has (R14.14, R2.21)', async ({
  page,
}) => {
  const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expectAppNotRun(page);
  // Not sent as a plain HTML form: the page is the same, with no query.
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await expect(page.getByRole('main')).toContainText(DEMO.email);
});

test('a voucher code typed on the drawn dashboard before the app runs is redeemed once it has (R14.14)', async ({
  page,
}) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto('/account/dashboard', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Voucher code').fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expectAppNotRun(page);
  release();
  // The server's answer for the typed code, not the form's own 'Enter a voucher code'.
  await expect(page.getByRole('alert')).toContainText('Invalid code');
});

test('a help message typed before the app runs is sent once it has (R14.14)', async ({ page }) => {
  const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto('/support', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Your name').fill('Giulia Rossi');
  await page.getByLabel('Email address').fill('giulia.before@example.com');
  await page.getByRole('radio', { name: 'An order I placed' }).check();
  await page.getByLabel('Your message').fill('Typed while the page was still loading.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expectAppNotRun(page);
  release();
  await expect(page).toHaveURL(/\/support-success$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message sent');
  await expect(page.getByText('giulia.before@example.com')).toBeVisible();
});

test('a signed-in customer opening /login is drawn in the browser and sent on (R2.1)', async ({
  page,
}) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  const html = await (await page.request.get('/login')).text();
  expect(html, 'drawn in the browser').toContain('<div id="root"></div>');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$|\/pasta-now-search-address$/);
  await page.waitForLoadState('networkidle');
  const reports = await page.evaluate(() =>
    (window.dataLayer ?? []).filter((entry) => entry.message === 'Server render differs'),
  );
  expect(reports).toEqual([]);
});

test("a returning customer's landing is drawn in the browser, on the stored address, with no difference reported (R3.10)", async ({
  page,
}) => {
  await page.goto('/support');
  await storeDelivery(page, stored);
  await page.goto('/pasta-now-search-address');
  await expect(
    page.getByText('Deliver to 12 Devonshire Road, London, W4 2HD from Chiswick?'),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  const reports = await page.evaluate(() =>
    (window.dataLayer ?? []).filter((entry) => entry.message === 'Server render differs'),
  );
  expect(reports).toEqual([]);
});

test("a returning customer's takeaway menu, sent as address search drawn in place, is drawn in the browser instead, its chunk fetched (R14.15)", async ({
  page,
}) => {
  await page.goto('/support');
  await storeDelivery(page, stored);
  const menuChunk = page.waitForRequest(/\/assets\/takeaway-menu-page-[\w-]+\.js$/);
  await page.goto('/pasta-now');
  await menuChunk;
  await expect(page).toHaveURL(/\/pasta-now$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Chiswick');
});

test('a first visit to the takeaway menu is shown address search, drawn in place, before the app runs (R14.15)', async ({
  page,
}) => {
  // The app's entry never arrives: the page itself, drawn as address search, takes its URL for a
  // visitor with no stored delivery, with no second page load.
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, () => {});
  await page.goto('/pasta-now', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Fresh pasta, delivered hot' }),
  ).toBeVisible();
  expect(documents).toEqual(['/pasta-now']);
});
