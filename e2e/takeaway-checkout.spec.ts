import type { Page } from '@playwright/test';
import { apiCall } from './support/api';
import { expect, signUpViaApi, test } from './support/fixtures';
import { takeawayBasketViaApi } from './support/paid-takeaway-order';

const SUCCESS_CARD = '4242 4242 4242 4242';

interface BasketListed {
  id: string;
  attributes: { basket_type: string };
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

/**
 * A fresh customer, signed in on this page, whose basket (two dishes from Chiswick to 12 Devonshire
 * Road, a phone for the rider) is made through the API: the checkout opens on the instructions.
 * The menu's Checkout into the checkout is walked by checkout-look.spec.ts.
 */
async function customerAtInstructions(page: Page) {
  await signUpViaApi(page.request);
  await takeawayBasketViaApi(page.request);
  await page.goto('/pasta-now-checkout');
  await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
}

// The generated paths (e2e/paths/takeaway-checkout.ui.ts) walk each step, error and outcome once,
// one payload a transition: these keep what they do not walk (the wallet's payments and returns,
// eat-in and pickup, a hard decline and paying after it, a confirmation opened directly).
test.describe('takeaway checkout: PayPal', () => {
  test('PayPal saved for next time on the wallet page, then paid with it; the next order paid on the wallet page', async ({
    page,
  }) => {
    await customerAtInstructions(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Save PayPal for next time' }).click();

    await expect(page).toHaveURL(/\/sandbox\/wallet\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
    await expect(page.getByRole('radio', { name: /^PayPal/ })).toBeChecked();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expectConfirmation(page);

    // The next order paid on the wallet's own page, and back by its return to the confirmation.
    await takeawayBasketViaApi(page.request);
    await page.goto('/pasta-now-checkout');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(page).toHaveURL(/\/sandbox\/wallet\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectConfirmation(page);
  });
});

test.describe('takeaway checkout: pickup and eat-in skip the delivery address', () => {
  test('eat-in as soon as possible, then pickup: no address step; a hard decline, then another card pays', async ({
    page,
  }) => {
    // Eat-in is offered while the restaurant is open: lunchtime in the browser, whenever this runs.
    const lunchtime = new Date();
    lunchtime.setUTCHours(12, 30, 0, 0);
    await page.clock.setFixedTime(lunchtime);
    // Pickup and eat-in need no phone: the account's own details.
    await signUpViaApi(page.request);
    await page.goto('/pasta-now-find');
    await page.getByLabel('Your postcode').fill('W4 2HD');
    await page.getByRole('button', { name: 'Find restaurants' }).click();
    await page.getByRole('button', { name: 'Eat in at Chiswick' }).click();
    await expect(page.getByRole('radio', { name: 'Eat-in' })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
    await addFocacciaAndCheckOut(page);

    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order');
    await expect(page.getByText('Eat in: we bring your order to your table')).toBeVisible();

    // Collected instead (the finder's pickup and its time slot are pasta-now-find.spec.ts's).
    const baskets = await page.request.get('/api/v2/baskets');
    const basket = ((await baskets.json()).data as BasketListed[]).find(
      (listed) => listed.attributes.basket_type === 'TakeawayBasket',
    );
    await apiCall(page.request, 'put', `/baskets/${basket!.id}`, { fulfillment_type: 'pickup' });
    await page.goto('/pasta-now-checkout');
    await expect(page.getByText('Pickup: collect your order from the restaurant')).toBeVisible();
    // The address step is not part of a pickup.
    await page.goto('/pasta-now-checkout/delivery/address');
    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);

    // A hard decline (the generated paths walk a plain one), then another new card: a new attempt.
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithNewCard(page, '4000 0000 0000 9979');
    await expect(page.getByRole('alert')).toContainText('Use a different card');
    await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
    await payWithNewCard(page, SUCCESS_CARD);
    await expectConfirmation(page);
  });
});

test.describe('takeaway checkout: the guards', () => {
  // Payment reached other than from instructions, and a checkout without a basket, are walked by
  // the generated paths.
  test('the confirmation reached from the wrong origin goes to /', async ({ page }) => {
    await signUpViaApi(page.request);
    await page.goto('/pasta-now-checkout/confirmation');
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });
});
