import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  boxThroughMenuToCheckout,
  fillHomeAddress,
  GNOCCHI,
  kitBasket,
  payWithNewCard,
  paymentSummaryRow,
  savedHome,
  throughInstructions,
} from './support/kit-checkout';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

/** Pays for the box built on /menu and checks that box, not another, is what was ordered. */
async function payForTheMenuBox(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  // Two regular gnocchi at £7.95: the box built before signing in or up.
  await expect(paymentSummaryRow(page, 'Dishes')).toHaveText('£15.90');
  await payWithNewCard(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grazie! Your box is ordered');
  await expect(page.getByText('Then a box every 2 weeks')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'See your upcoming boxes' }).click();
  const orders = page.getByRole('main').getByRole('article');
  await expect(orders).toHaveCount(1);
  await expect(orders.getByRole('list', { name: 'Items' })).toHaveText(
    new RegExp(`^2 × ${GNOCCHI}`),
  );
}

// The generated paths (e2e/paths/kit-checkout.ui.ts) walk each step, error and outcome once, one
// payload a transition: these keep what they do not walk (a deep link to the payment step, a box
// built on /menu as a visitor and ordered after signing up or in, the steps' axe scans).
test.describe('kit checkout', () => {
  test('deep links land where the guards say: payment needs a step before it, the confirmation its origin', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await kitBasket(page.request);
    await page.goto('/checkout/payment');
    await expect(page).not.toHaveURL(/\/checkout\/payment$/);
    await expect(page).toHaveURL(/\/checkout\/delivery\/(address|instructions)$/);

    await page.goto('/checkout/confirmation');
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });

  test('a new customer builds a box as a visitor, signs up at checkout and orders that box', async ({
    page,
  }) => {
    // The box is built on /menu, then the whole checkout: 15-21 s on 2 busy cores.
    test.setTimeout(60_000);
    await boxThroughMenuToCheckout(page);

    await expect(page).toHaveURL(/\/checkout\/continue$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Almost there');
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();

    await expect(page).toHaveURL(/\/checkout\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
    await expectNoAxeViolations(page);
    await page.getByLabel('First name').fill('Lucia');
    await page.getByLabel('Last name').fill('Ferrari');
    await page
      .getByLabel('Email address')
      .fill(`lucia.${randomBytes(5).toString('hex')}@example.com`);
    await page.getByLabel('Password').fill('pappardelle-2026');
    await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // A new account has no address yet: its names start the delivery address.
    await expect(page).toHaveURL(/\/checkout\/delivery\/address$/);
    await expect(page.getByLabel('First name')).toHaveValue('Lucia');
    await expect(page.getByLabel('Last name')).toHaveValue('Ferrari');
    await fillHomeAddress(page);

    await throughInstructions(page);
    await payForTheMenuBox(page);
  });

  test('a returning customer builds a box as a visitor, signs in at checkout and, with an address known, goes straight to instructions', async ({
    page,
    request,
  }) => {
    // The box is built on /menu, then the whole checkout: 13-14 s on 2 busy cores.
    test.setTimeout(60_000);
    // The account is made in another request context: the page stays a visitor's.
    const customer = await signUpViaApi(request);
    await savedHome(request);
    await boxThroughMenuToCheckout(page);

    await expect(page).toHaveURL(/\/checkout\/continue$/);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/checkout\/login$/);
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await throughInstructions(page);
    await payForTheMenuBox(page);
  });
});
