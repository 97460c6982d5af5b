import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

const BRANCH = { 'X-Branch': 'web' };
const SUCCESS_CARD = '4242 4242 4242 4242';

/** A fresh customer, signed in on this page; with a phone, delivery details are complete. */
async function signedInCustomer(page: Page, { phone = true } = {}) {
  const customer = await signUpViaApi(page.request);
  if (phone) {
    const response = await page.request.put('/api/v2/me', {
      headers: BRANCH,
      data: { phone: '07812 345678' },
    });
    expect(response.status()).toBe(200);
  }
  return customer;
}

/** Landing search → the Chiswick delivery menu → three focaccia (over the minimum) → checkout. */
async function deliveryToCheckout(page: Page) {
  await page.goto('/pasta-now-search-address');
  await page.getByLabel('Postcode').fill('W4 2HD');
  await page.getByRole('button', { name: 'Find my address' }).click();
  await page.getByRole('radio', { name: '12 Devonshire Road, London' }).check();
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiswick menu');
  await addFocacciaAndCheckOut(page);
}

async function addFocacciaAndCheckOut(page: Page) {
  const basket = page.getByRole('complementary', { name: 'Your basket' });
  await page.getByRole('button', { name: 'Add Garlic Focaccia to basket' }).click();
  await expect(basket).toContainText('Garlic Focaccia');
  await basket.getByRole('button', { name: 'Add one more Garlic Focaccia' }).click();
  await basket.getByRole('button', { name: 'Add one more Garlic Focaccia' }).click();
  await expect(basket.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await basket.getByRole('button', { name: 'Checkout' }).click();
  await page
    .getByRole('dialog', { name: 'Anything else?' })
    .getByRole('button', { name: 'Continue to checkout' })
    .click();
}

async function payWithNewCard(page: Page, number: string) {
  // With no saved method the card form is the only way to pay: no choice to make.
  await expect(page.getByRole('button', { name: /^Pay £/ })).toBeVisible();
  const newCard = page.getByRole('radio', { name: 'A new card' });
  if (await newCard.count()) await newCard.check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('04/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

async function expectConfirmation(page: Page) {
  await expect(page).toHaveURL(/\/pasta-now-checkout\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grazie! Your order is placed');
  await expect(page.getByRole('link', { name: 'Follow your order' })).toHaveAttribute(
    'href',
    /\/takeaway\/track\/\d+$/,
  );
}

test.describe('takeaway checkout: delivery', () => {
  test('a new customer signs up at checkout, gives a phone for the rider and pays with a new card', async ({
    page,
  }) => {
    await deliveryToCheckout(page);

    await expect(page).toHaveURL(/\/pasta-now-checkout\/continue$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Almost there');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/pasta-now-checkout\/signup$/);
    await page.getByLabel('First name').fill('Giulia');
    await page.getByLabel('Last name').fill('Rossi');
    await page.getByLabel('Email address').fill(`giulia.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('orecchiette-2026');
    await page.getByRole('checkbox', { name: 'Email' }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // The account gives the names; the rider still needs a phone.
    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/address$/);
    await expect(page.getByLabel('First name')).toHaveValue('Giulia');
    await expect(page.getByLabel('Address line 1')).toHaveValue('12 Devonshire Road');
    await page.getByRole('button', { name: 'Continue' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('Enter a phone number');
    await expectNoAxeViolations(page);
    await page.getByLabel('Phone number').fill('07812 345678');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
    await expect(page.getByText('Giulia Rossi, 12 Devonshire Road, London, W4 2HD')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Instructions for the rider (optional)').fill('Blue door, ring twice');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
    // Nothing saved yet: the card form, with no one-option choice.
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectNoAxeViolations(page);
    await payWithNewCard(page, SUCCESS_CARD);

    await expectConfirmation(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Follow your order' }).click();
    await expect(page).toHaveURL(/\/takeaway\/track\/\d+$/);
  });

  test('a returning customer with complete details goes straight to instructions; a declined card, then a good one', async ({
    page,
  }) => {
    await signedInCustomer(page);
    await deliveryToCheckout(page);

    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithNewCard(page, '4000 0000 0000 0002');

    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
    await expectNoAxeViolations(page);
    // The declined card was saved; the customer pays with another new one.
    await payWithNewCard(page, SUCCESS_CARD);
    await expectConfirmation(page);
  });

  test('a hard decline asks for a different card', async ({ page }) => {
    await signedInCustomer(page);
    await deliveryToCheckout(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithNewCard(page, '4000 0000 0000 9979');
    await expect(page.getByRole('alert')).toContainText('Use a different card');
  });

  test('a card that needs 3-D Secure: the bank page, then the confirmation', async ({ page }) => {
    await signedInCustomer(page);
    await deliveryToCheckout(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithNewCard(page, '4000 0027 6000 3184');

    await expect(page).toHaveURL(/\/sandbox\/challenge\//);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expectConfirmation(page);
  });

  test('PayPal: approve on the wallet page, back to the confirmation', async ({ page }) => {
    await signedInCustomer(page);
    await deliveryToCheckout(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();

    await expect(page).toHaveURL(/\/sandbox\/wallet\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectConfirmation(page);
  });

  test('PayPal saved for next time: set up on the wallet page, then paid with it', async ({
    page,
  }) => {
    await signedInCustomer(page);
    await deliveryToCheckout(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Save PayPal for next time' }).click();

    await expect(page).toHaveURL(/\/sandbox\/wallet\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
    await expect(page.getByRole('radio', { name: /^PayPal/ })).toBeChecked();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expectConfirmation(page);
  });
});

test.describe('takeaway checkout: pickup and eat-in skip the delivery address', () => {
  test('pickup at a chosen time', async ({ page }) => {
    await signedInCustomer(page, { phone: false });
    await page.goto('/pasta-now-find');
    await page.getByLabel('Your postcode').fill('W4 2HD');
    await page.getByRole('button', { name: 'Find restaurants' }).click();
    await page.getByRole('button', { name: 'Pick up from Chiswick' }).click();
    await page.getByRole('radio', { name: 'Choose a time' }).check();
    await page.getByLabel('Time slot').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiswick menu');
    await addFocacciaAndCheckOut(page);

    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order');
    await expect(page.getByText('Pickup: collect your order from the restaurant')).toBeVisible();
    // The address step is not part of a pickup.
    await page.goto('/pasta-now-checkout/delivery/address');
    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithNewCard(page, SUCCESS_CARD);
    await expectConfirmation(page);
  });

  test('eat-in, as soon as possible', async ({ page }) => {
    // Eat-in is offered while the restaurant is open: lunchtime in the browser, whenever this runs.
    const lunchtime = new Date();
    lunchtime.setUTCHours(12, 30, 0, 0);
    await page.clock.setFixedTime(lunchtime);
    await signedInCustomer(page, { phone: false });
    await page.goto('/pasta-now-find');
    await page.getByLabel('Your postcode').fill('W4 2HD');
    await page.getByRole('button', { name: 'Find restaurants' }).click();
    await page.getByRole('button', { name: 'Eat in at Chiswick' }).click();
    await expect(page.getByRole('radio', { name: 'Eat-in' })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
    await addFocacciaAndCheckOut(page);

    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
    await expect(page.getByText('Eat in: we bring your order to your table')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithNewCard(page, SUCCESS_CARD);
    await expectConfirmation(page);
  });
});

test.describe('takeaway checkout: the guards', () => {
  test('payment reached other than from instructions goes to the account dashboard', async ({
    page,
  }) => {
    await signedInCustomer(page);
    await deliveryToCheckout(page);
    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
    await page.goto('/pasta-now-checkout/payment');
    await expect(page).toHaveURL(/\/account\/dashboard$/);
  });

  test('the confirmation reached from the wrong origin goes to /', async ({ page }) => {
    await signedInCustomer(page);
    await page.goto('/pasta-now-checkout/confirmation');
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });

  test('a checkout without a basket goes back to the menu', async ({ page }) => {
    await signedInCustomer(page);
    await page.goto('/pasta-now-checkout');
    // The menu needs a delivery address first: the address search.
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });
});
