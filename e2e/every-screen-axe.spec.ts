import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from './support/fixtures';
import { SIZES } from './support/sizes';

const BRANCH = { 'X-Branch': 'web' };

/**
 * Issue 11's proof: an axe scan (WCAG 2.1 A and AA, colour contrast included) of every screen of
 * domain/app-routes.ts that a visitor or the demo customer reaches without a journey, at both
 * sizes. A screen that sends this visitor elsewhere (a guard, an alias) is scanned where it lands,
 * and the landing is asserted, so a changed guard shows here. Journey steps (the two checkouts,
 * the wallet returns, /payment/:orderId of an unpaid order) are scanned by their journey specs:
 * see docs/screens/proof.md.
 */

interface Screen {
  /** The path visited. */
  path: string;
  /** Where it lands, as a pathname with its query. */
  landsOn: string;
  /** Its first-level heading once loaded. */
  heading: string | RegExp;
  /** Something the loaded screen shows, so axe scans content rather than a loading state. */
  ready?: (page: Page) => Locator;
}

const addressSearch = (path: string): Screen => ({
  path,
  landsOn: '/pasta-now-search-address',
  heading: 'Fresh pasta, delivered hot',
  ready: (page) => page.getByLabel('Postcode'),
});
const kitMenu = (path: string): Screen => ({
  path,
  landsOn: '/menu',
  heading: 'Recipe kit menu',
  ready: (page) => page.getByRole('tablist', { name: 'Menu weeks' }),
});
const signInScreen = (path: string, landsOn = '/login'): Screen => ({
  path,
  landsOn,
  heading: 'Sign in',
  ready: (page) => page.getByLabel('Email address'),
});

const SIGNED_OUT: Screen[] = [
  addressSearch('/'),
  addressSearch('/pasta-now-search-address'),
  kitMenu('/products'),
  kitMenu('/menu'),
  signInScreen('/social-login'),
  signInScreen('/login'),
  { path: '/signup', landsOn: '/signup', heading: 'Create an account' },
  { path: '/forgot-password', landsOn: '/forgot-password', heading: 'Reset your password' },
  // Without an emailed link it asks for one.
  { path: '/reset-password', landsOn: '/forgot-password', heading: 'Reset your password' },
  {
    path: '/pasta-now-find',
    landsOn: '/pasta-now-find',
    heading: 'Find a restaurant',
    ready: (page) => page.getByLabel('Your postcode'),
  },
  // The takeaway's screens need an address first.
  addressSearch('/pasta-now'),
  addressSearch('/pasta-now-checkout'),
  addressSearch('/paypal-confirmation'),
  addressSearch('/paypal-setup-confirmation'),
  addressSearch('/my-basket'),
  addressSearch('/my-rk-basket'),
  addressSearch('/payment/success'),
  addressSearch('/rate-my-takeaway/confirmation'),
  {
    path: '/pasta-type',
    landsOn: '/pasta-now-find',
    heading: 'Find a restaurant',
  },
  kitMenu('/checkout'),
  signInScreen('/payment/7', '/login?returnTo=%2Fpayment%2F7'),
  signInScreen('/account', '/login?returnTo=%2Faccount'),
  { path: '/verify-email', landsOn: '/verify-email', heading: 'This link is not valid' },
  {
    path: '/support',
    landsOn: '/support',
    heading: 'Help and support',
    ready: (page) => page.getByRole('main').getByRole('link').first(),
  },
  {
    path: '/restaurants',
    landsOn: '/restaurants',
    heading: 'Our restaurants',
    ready: (page) => page.getByRole('main').getByRole('listitem').first(),
  },
  {
    path: '/restaurant/16',
    landsOn: '/restaurant/16',
    heading: 'Chiswick',
  },
  { path: '/takeaway/track/1', landsOn: '/takeaway/track/1', heading: 'Track your order' },
  { path: '/rate-my-takeaway', landsOn: '/rate-my-takeaway', heading: 'Order not found' },
  { path: '/no-such-page', landsOn: '/no-such-page', heading: 'Page not found' },
];

/** The demo customer's seeded history (server/db/seed-data/demo-history.ts): order 1 is a
 * delivered, rated takeaway, order 3 a collected one, order 7 the plan's paid box. */
const SIGNED_IN: Screen[] = [
  {
    path: '/account',
    landsOn: '/account/dashboard',
    heading: 'Ciao Giulia',
  },
  {
    path: '/account/dashboard',
    landsOn: '/account/dashboard',
    heading: 'Ciao Giulia',
  },
  // My details with the demo customer's saved addresses listed.
  {
    path: '/account/my-details',
    landsOn: '/account/my-details',
    heading: 'My details',
    ready: (page) =>
      page
        .getByRole('region', { name: 'Saved addresses' })
        .getByRole('listitem')
        .filter({ hasText: /\w/ }),
  },
  {
    path: '/account/pasta-plan',
    landsOn: '/account/pasta-plan',
    heading: 'Pasta plan',
    ready: (page) => page.getByRole('heading', { level: 2 }),
  },
  {
    path: '/account/pasta-plan/settings',
    landsOn: '/account/pasta-plan/settings',
    heading: 'Plan settings',
    ready: (page) => page.getByRole('main').getByRole('heading', { level: 2 }),
  },
  {
    path: '/account/rewards',
    landsOn: '/account/rewards',
    heading: 'Rewards',
    ready: (page) => page.getByText('Your balance: £5.00'),
  },
  {
    path: '/account/upcoming-orders',
    landsOn: '/account/upcoming-orders',
    heading: 'Upcoming orders',
    ready: (page) => page.getByRole('list', { name: 'Your plan: the weeks ahead' }),
  },
  {
    path: '/account/order-history',
    landsOn: '/account/order-history',
    heading: 'Order history',
    ready: (page) => page.getByRole('main').getByRole('article').first(),
  },
  {
    path: '/account/offers',
    landsOn: '/account/rewards',
    heading: 'Rewards',
    ready: (page) => page.getByText('Your balance: £5.00'),
  },
  {
    path: '/account/rewards/referral',
    landsOn: '/account/rewards/referral',
    heading: 'Invite a friend',
    ready: (page) => page.getByLabel('Send this link to a friend'),
  },
  {
    path: '/takeaway/track/1',
    landsOn: '/takeaway/track/1',
    heading: /^Your order [A-Z0-9]{3}-[A-Z0-9]{3}$/,
    ready: (page) => page.getByRole('list', { name: 'Order progress' }),
  },
  {
    path: '/takeaway/track/3',
    landsOn: '/takeaway/track/3',
    heading: /^Your order [A-Z0-9]{3}-[A-Z0-9]{3}$/,
    ready: (page) => page.getByRole('list', { name: 'Order progress' }),
  },
  {
    path: '/rate-my-takeaway?order_id=1',
    landsOn: '/rate-my-takeaway?order_id=1',
    heading: 'Rate your order',
    ready: (page) => page.getByText(/^You rated this order 5 out of 5 stars on /),
  },
  {
    path: '/rate-my-takeaway?order_id=2',
    landsOn: '/rate-my-takeaway?order_id=2',
    heading: 'Rate your order',
    ready: (page) => page.getByRole('group', { name: 'How was your order?' }),
  },
  {
    path: '/rate-my-takeaway/confirmation?rating=5&order_id=1',
    landsOn: '/rate-my-takeaway/confirmation?rating=5&order_id=1',
    heading: 'Thank you for your rating',
  },
  // A paid order has nothing left to pay: its payment page says it is paid.
  {
    path: '/payment/7',
    landsOn: '/payment/success',
    heading: 'Thank you, your payment was successful',
  },
  kitMenu('/my-rk-basket'),
  { path: '/verify-email', landsOn: '/verify-email', heading: 'This link is not valid' },
];

/**
 * Visits a screen, checks where it lands, and scans the landing with axe unless this test has
 * scanned it already: nine paths land on the address search, and one scan of it per size says
 * what nine would (CI time, issue 13).
 */
async function scan(page: Page, screen: Screen, scanned = new Set<string>()) {
  await test.step(`${screen.path} → ${screen.landsOn}`, async () => {
    await page.goto(screen.path);
    await expect(page).toHaveURL((url) => url.pathname + url.search === screen.landsOn);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
    if (screen.ready) await expect(screen.ready(page).first()).toBeVisible();
    const landing = `${screen.landsOn} ${String(screen.heading)}`;
    if (scanned.has(landing)) return;
    scanned.add(landing);
    await expectNoAxeViolations(page);
  });
}

for (const size of SIZES) {
  test.describe(`every screen, axe-clean (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('signed out: every screen reachable without a journey, and where each lands', async ({
      page,
    }) => {
      // About thirty scans in one page: a loaded 2-core machine needs the room.
      test.setTimeout(180_000);
      const scanned = new Set<string>();
      for (const screen of SIGNED_OUT) await scan(page, screen, scanned);
    });

    test("signed out with a delivery address: the takeaway's own screens", async ({ page }) => {
      await page.goto('/pasta-now-search-address');
      await page.getByLabel('Postcode').fill('W4 2HD');
      await page.getByRole('button', { name: 'Find my address' }).click();
      await page.getByRole('radio', { name: '12 Devonshire Road, London' }).check();
      await page.getByRole('button', { name: 'Deliver here' }).click();
      // The address is stored once the restaurant is found, and then the page moves on: going to
      // /pasta-now before that aborted the lookup and landed back on the address search.
      await expect(page).toHaveURL(/\/pasta-now$/);
      await scan(page, {
        path: '/pasta-now',
        landsOn: '/pasta-now',
        heading: 'Chiswick menu',
        ready: (p) => p.getByRole('button', { name: 'Add Garlic Focaccia to basket' }),
      });
      await scan(page, {
        path: '/pasta-type',
        landsOn: '/pasta-type',
        heading: 'How would you like your order?',
        ready: (p) => p.getByRole('radio', { name: 'Delivery' }),
      });
    });

    test('signed in as the demo customer: the account, tracking, rating and payment screens', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await signIn(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      const scanned = new Set<string>();
      for (const screen of SIGNED_IN) await scan(page, screen, scanned);

      // The plan week's pages, for the demo customer's first week still open to change (found
      // through GET schedule_weeks as the pasta plan page finds it), else its first week.
      const weeksResponse = await page.request.get('/api/v2/schedule_weeks', { headers: BRANCH });
      expect(weeksResponse.ok()).toBe(true);
      const weeks: { id: string; attributes: { order_id: string | null } }[] = (
        await weeksResponse.json()
      ).data;
      const week = weeks.find((w) => w.attributes.order_id === null) ?? weeks[0];
      expect(week).toBeDefined();
      const open = week!.attributes.order_id === null;
      await scan(page, {
        path: `/schedule/${week!.id}/edit`,
        landsOn: `/schedule/${week!.id}/edit`,
        heading: /^Your box for /,
        ready: (p) => p.getByRole('region', { name: 'Delivery' }),
      });
      await scan(page, {
        path: `/schedule/${week!.id}/choose-recipes`,
        landsOn: `/schedule/${week!.id}/choose-recipes`,
        heading: /^Choose your recipes/,
        ready: open ? (p) => p.getByRole('region', { name: 'This week’s menu' }) : undefined,
      });
      await scan(page, {
        path: `/schedule/${week!.id}/change-delivery-date`,
        landsOn: `/schedule/${week!.id}/change-delivery-date`,
        heading: 'Change your delivery date',
        ready: open ? (p) => p.getByRole('group', { name: 'Delivery day' }) : undefined,
      });

      // The latest kit order's edit page: its form while editable, else why it cannot change.
      const ordersOf = async (when: 'upcoming' | 'past') => {
        const response = await page.request.get(
          `/api/v2/orders?filter[type]=recipe_kit&filter[delivery_date]=${when}`,
          { headers: BRANCH },
        );
        expect(response.ok()).toBe(true);
        return (await response.json()).data as { id: string }[];
      };
      const upcoming = await ordersOf('upcoming');
      const latest = upcoming.at(-1) ?? (await ordersOf('past'))[0];
      expect(latest).toBeDefined();
      await scan(page, {
        path: `/order/${latest!.id}/edit`,
        landsOn: `/order/${latest!.id}/edit`,
        heading: /^(Change order |This order can no longer change$)/,
      });
    });
  });
}
