import type { Page } from '@playwright/test';
import { openAccountMenu } from './support/account-menu';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from './support/fixtures';
import { journeySizes, SIZES } from './support/sizes';

/** Issue 11, defects 12, 13, 19, 20, 21 and 22, at both sizes the issue names. */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1366) <= 700;

/** On a phone the header's entries are in the drawer: open it. */
async function openNavigation(page: Page) {
  if (!isPhone(page)) return;
  const drawer = page.getByRole('button', { name: 'Menu', exact: true });
  if ((await drawer.getAttribute('aria-expanded')) !== 'true') await drawer.click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Every same-site link in a part of the page, as path + query. */
async function linksIn(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page
    .locator(`${selector} a[href^="/"]`)
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href && !href.startsWith('//'));
}

async function expectNotTheNotFoundPage(page: Page, href: string) {
  const response = await page.request.get(href);
  expect(response.status(), `${href} is a screen of the app`).toBe(200);
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }), `${href} lands`).not.toHaveText(
    'Page not found',
  );
}

for (const size of SIZES) {
  test.describe(`navigation and account (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('no header, footer, menu, tile, FAQ or 404-page link leads to the not-found page', async ({
      page,
    }) => {
      test.slow();
      const found = new Set<string>();
      const collect = async (selector: string) => {
        for (const href of await linksIn(page, selector)) found.add(href);
      };
      // Signed out: the landing's own links and tiles, the header with its menu open, the footer.
      await page.goto('/pasta-now-search-address');
      await expect(page.getByLabel('Postcode')).toBeVisible();
      await collect('main');
      await openNavigation(page);
      await page.getByRole('button', { name: 'Book a table' }).click();
      await expect(page.getByRole('link', { name: 'All restaurants' })).toBeVisible();
      await collect('header');
      await collect('footer');

      await signIn(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      // The dashboard's tiles, the header with both its menus open, the footer.
      await collect('main');
      await openNavigation(page);
      await page.getByRole('button', { name: 'Book a table' }).click();
      await expect(page.getByRole('link', { name: 'All restaurants' })).toBeVisible();
      await collect('header');
      await openAccountMenu(page);
      await collect('header');
      await collect('footer');
      // The help page's FAQ, and the not-found page's own way on.
      await page.goto('/support');
      await collect('main');
      await page.goto('/no-such-page');
      await collect('main');

      expect(found.size).toBeGreaterThan(10);
      for (const href of found) await expectNotTheNotFoundPage(page, href);
    });

    test('the phone drawer and the menus: 44 px rows, no second "Menu", the dashboard in the account menu', async ({
      page,
    }) => {
      await signIn(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      await page.goto('/support');
      await openNavigation(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      // The account entry is drawn once the session check after the page load answers: count
      // the entries when it is there, not before (on a loaded machine it came after the count).
      await expect(nav.getByRole('button', { name: 'My account' })).toBeVisible();
      const entries = nav.locator(':scope > ul > li > a, :scope > ul > li > div > button');
      expect(await entries.count()).toBeGreaterThanOrEqual(4);
      // The first entry is not a second "Menu" under the "Menu" button.
      await expect(entries.first()).not.toHaveText('Menu');
      for (const entry of await entries.all()) {
        const box = await entry.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
      await openAccountMenu(page);
      const dashboard = page.getByRole('link', { name: 'Your account' });
      await expect(dashboard).toBeVisible();
      expect((await dashboard.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      await expectNoAxeViolations(page);
      await dashboard.click();
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ciao Giulia');
    });

    test('a path that is no screen is a 404 that says sorry and offers a way on', async ({
      page,
    }) => {
      const response = await page.goto('/gift-boxes');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      const main = page.getByRole('main');
      await expect(main).toContainText('Sorry');
      await expect(main).not.toContainText(/you typed|check (it|the address)|copied/i);
      await expect(main.getByRole('link', { name: "See this week's recipe kits" })).toBeVisible();
      await expectNoAxeViolations(page);
      await main.getByRole('link', { name: 'Order fresh pasta to your door' }).click();
      await expect(page).toHaveURL(/\/pasta-now-search-address$/);
      expect((await page.request.get('/restaurants')).status()).toBe(200);
    });

    test("the header's Sign in comes back to the page the customer was on", async ({ page }) => {
      await page.goto('/restaurants');
      await openNavigation(page);
      await page.getByRole('link', { name: 'Sign in' }).click();
      // /social-login goes straight to the email form, returnTo kept.
      await expect(page).toHaveURL(/\/login\?returnTo=%2Frestaurants$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      await expect(page.getByLabel('Email address')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('Email address').fill(DEMO.email);
      await page.getByLabel('Password').fill(DEMO.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/restaurants$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our restaurants');
    });

    test('/social-login is the email form, with a way to create an account', async ({ page }) => {
      await page.goto('/social-login');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByLabel('Password')).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
      await expect(page).toHaveURL(/\/signup$/);
    });

    test('"Delivery" stays "Delivery" on the takeaway menu, which offers "Change address"', async ({
      page,
    }) => {
      await page.goto('/pasta-now-search-address');
      await page.getByLabel('Postcode').fill('sw1a1aa');
      await page.getByRole('button', { name: 'Find my address' }).click();
      await page.getByLabel('Address line 1').fill('1 Horse Guards Road');
      await page.getByLabel('Town or city').fill('London');
      await page.getByRole('button', { name: 'Deliver here' }).click();
      await expect(page).toHaveURL(/\/pasta-now$/);
      // The menu's own "Change address" shows once the menu (a chunk of its own) has loaded.
      const changeAddress = page.getByRole('main').getByRole('link', { name: 'Change address' });
      await expect(changeAddress).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('banner')).toHaveAttribute('data-variant', 'takeaway');
      await openNavigation(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Delivery', exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Change address' })).toHaveCount(0);
      await changeAddress.click();
      await expect(page).toHaveURL(/\/pasta-now-search-address$/);
    });
  });
}

// The demo customer's history is a journey (support/sizes.ts): the same at both sizes, read on a
// phone; every-screen-axe scans these screens at both.
for (const size of journeySizes('phone')) {
  test.describe(`account history (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the demo customer's history: takeaways with extras, tracking and rating; a plan; credit", async ({
      page,
    }) => {
      test.slow();
      await signIn(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/\/account\/dashboard$/);

      // Upcoming: no delivered or collected takeaway.
      await page.goto('/account/upcoming-orders');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming orders');
      await expect(page.getByText('Loading your orders…')).toHaveCount(0);
      await expect(
        page.getByRole('main').getByRole('article').filter({ hasText: 'Takeaway' }),
      ).toHaveCount(0);
      await expectNoAxeViolations(page);

      // History: the takeaways, their extras, their tracking and rating links.
      await page.getByRole('link', { name: 'See your past orders' }).click();
      await expect(page).toHaveURL(/\/account\/order-history$/);
      const takeaways = page.getByRole('main').getByRole('article').filter({ hasText: 'Takeaway' });
      await expect(takeaways.first()).toBeVisible();
      const latest = takeaways.first();
      await expect(latest).toContainText('Delivered');
      await expect(latest.getByRole('list', { name: 'Extras for Cacio e Pepe' })).toContainText(
        'Extra Parmigiano',
      );
      await expect(latest.getByRole('link', { name: /Your rating: 5 of 5/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await latest.getByRole('link', { name: 'See its tracking' }).click();
      await expect(page).toHaveURL(/\/takeaway\/track\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Your order');
      await page.goBack();
      await page
        .getByRole('main')
        .getByRole('article')
        .filter({ hasText: 'Takeaway' })
        .first()
        .getByRole('link', { name: /Your rating/ })
        .click();
      await expect(page).toHaveURL(/\/rate-my-takeaway\?order_id=\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // An unrated one offers a rating.
      await page.goto('/account/order-history');
      const older = page.getByRole('main').getByRole('article').filter({ hasText: 'Takeaway' });
      await expect(older.getByRole('link', { name: 'Rate your order' }).first()).toBeVisible();

      // Rewards: the credit and its history.
      await page.goto('/account/rewards');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rewards');
      await expect(page.getByText('Your balance: £5.00')).toBeVisible();
      await expect(page.getByText('+£12.50')).toBeVisible();
      await expect(page.getByText('−£7.50')).toBeVisible();
      await expectNoAxeViolations(page);

      // The plan: its weeks ahead in upcoming orders (product rule R9.13), this week's box ordered.
      await page.goto('/account/upcoming-orders');
      const plan = page.getByRole('list', { name: 'Your plan: the weeks ahead' });
      await expect(plan.getByRole('listitem').first()).toContainText('Box ordered');
      expect(await plan.getByRole('listitem').count()).toBeGreaterThanOrEqual(6);
      await expect(plan.getByRole('listitem').nth(1)).toContainText(
        /^(Mon|Tue|Wed|Thu|Fri|Sat)\w+day \d+ \w+(Dishes chosen|Dishes to choose|Skipped)$/,
      );
      await expect(
        page
          .getByRole('main')
          .getByRole('article')
          .filter({ hasText: /^Delivery on / }),
      ).not.toHaveCount(0);
    });
  });
}
