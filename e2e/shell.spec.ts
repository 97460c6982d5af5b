import { kitBasket } from './support/kit-checkout';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from './support/fixtures';

test.describe('routes and redirects', () => {
  test('/products redirects to /menu', async ({ page }) => {
    await page.goto('/products');
    await expect(page).toHaveURL(/\/menu$/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page not found · Sfoglia');
    await expectNoAxeViolations(page);
  });

  test('/account signed out goes to sign in with returnTo=%2Faccount', async ({ page }) => {
    await page.goto('/account');
    // /social-login is the email form while there are no social providers (product rule R2.12).
    await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount$/);
  });
});

test.describe('restaurants', () => {
  test('lists the eight sites and opens one', async ({ page }) => {
    await page.goto('/restaurants');
    const sites = [
      'Chiswick',
      'Farringdon',
      'Greenwich',
      'Guildford',
      'York (hotel)',
      'Manchester Airport',
      'Richmond',
      'New Oxford Street',
    ];
    for (const site of sites)
      await expect(page.getByRole('link', { name: site, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Chiswick', exact: true }).click();
    await expect(page).toHaveURL(/\/restaurant\/16$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiswick');
    await expect(page.getByText('279 Chiswick High Road')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an unknown restaurant shows the 404 page', async ({ page }) => {
    await page.goto('/restaurant/999');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });

  test('Book a table lists the restaurants from the top bar', async ({ page }) => {
    await page.goto('/support');
    await page.getByRole('button', { name: 'Book a table' }).click();
    await page.getByRole('link', { name: 'Richmond' }).click();
    await expect(page).toHaveURL(/\/restaurant\/106$/);
  });
});

test.describe('account', () => {
  test('the demo customer sees the dashboard and saves their details', async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ciao Giulia');
    await expect(page.getByText('£5.00')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('main').getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/account\/my-details$/);
    await page.getByLabel('Phone number').fill('+33 1 42 68 53 00');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter a UK phone number');
    await page.getByLabel('Phone number').fill('07812 345678');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your details have been saved.' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a wrong current password says "Couldn\'t update password"', async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    await page.goto('/account/my-details');
    await page.getByLabel('Current password').fill('not-it-at-all');
    await page.getByLabel('New password').fill('something-new-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText("Couldn't update password");
  });

  test('/account/offers is the rewards alias', async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    await page.goto('/account/offers');
    await expect(page).toHaveURL(/\/account\/rewards$/);
  });
});

test.describe('shell', () => {
  test('the top bar switches to its checkout variant on checkout routes', async ({ page }) => {
    // A visitor with a box stays on the checkout (without one it leaves for /menu at once).
    await kitBasket(page.request);
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/continue$/);
    await expect(page.getByRole('banner')).toHaveAttribute('data-variant', 'checkout');
    await expect(page.getByText('Secure checkout')).toBeVisible();
    await page.goto('/menu');
    await expect(page.getByRole('banner')).toHaveAttribute('data-variant', 'productBox');
  });

  test('the demo banner comes from the settings', async ({ page }) => {
    await page.goto('/support');
    await expect(page.getByRole('note')).toHaveText(
      'Demo site: no real orders are taken or charged.',
    );
    await expectNoAxeViolations(page);
  });

  test('the mobile drawer opens and closes from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/support');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Gifts has no screen yet, so it is not offered (product rule R1.14): the drawer shows Delivery.
    await expect(page.getByRole('link', { name: 'Delivery' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });

  test('a flash message disappears after 3000 ms', async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    const message = page.getByText('You are signed in.');
    await expect(message).toBeVisible();
    await expect(message).toBeHidden({ timeout: 4500 });
  });
});

test.describe('basket shortcuts', () => {
  test('/my-basket and /my-rk-basket send a signed-out visitor to the address search', async ({
    page,
  }) => {
    await page.goto('/my-basket');
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
    await page.goto('/my-rk-basket');
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });

  test('a signed-in customer goes to the takeaway menu or the kit menu', async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    await page.goto('/my-rk-basket');
    await expect(page).toHaveURL(/\/menu$/);
    await page.goto('/my-basket');
    // The takeaway menu needs an address first: with none stored it asks for one.
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });
});
