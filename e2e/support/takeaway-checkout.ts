import type { Page } from '@playwright/test';
import { expect, signUpViaApi, type NewCustomer } from './fixtures';

const BRANCH = { 'X-Branch': 'web' };

/** The takeaway basket beside the menu. */
export const takeawayBasket = (page: Page) =>
  page.getByRole('complementary', { name: 'Your basket' });

/** Landing search: 12 Devonshire Road (W4 2HD), delivered from Chiswick; lands on its menu. */
export async function chiswickDeliveryMenu(page: Page) {
  await page.goto('/pasta-now-search-address');
  await page.getByLabel('Postcode').fill('W4 2HD');
  await page.getByRole('button', { name: 'Find my address' }).click();
  await page.getByRole('radio', { name: '12 Devonshire Road, London' }).check();
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiswick menu');
}

/** Three Garlic Focaccia (£13.50, over the minimum) into the basket. */
export async function addThreeFocaccia(page: Page) {
  const basket = takeawayBasket(page);
  await page.getByRole('button', { name: 'Add Garlic Focaccia to basket' }).click();
  await expect(basket).toContainText('Garlic Focaccia');
  await basket.getByRole('button', { name: 'Add one more Garlic Focaccia' }).click();
  await basket.getByRole('button', { name: 'Add one more Garlic Focaccia' }).click();
}

/** The basket's Checkout, then past the "Anything else?" upsells. */
export async function checkOutTakeawayBasket(page: Page) {
  const basket = takeawayBasket(page);
  await expect(basket.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await basket.getByRole('button', { name: 'Checkout' }).click();
  await page
    .getByRole('dialog', { name: 'Anything else?' })
    .getByRole('button', { name: 'Continue to checkout' })
    .click();
}

/**
 * A fresh customer signed in on this page with a phone (so delivery details are complete), three
 * focaccia from Chiswick to 12 Devonshire Road, through Checkout: lands on the instructions step.
 */
export async function takeawayCustomerAtInstructions(page: Page): Promise<NewCustomer> {
  const customer = await signUpViaApi(page.request);
  const phone = await page.request.put('/api/v2/me', {
    headers: BRANCH,
    data: { phone: '07812 345678' },
  });
  expect(phone.status()).toBe(200);
  await chiswickDeliveryMenu(page);
  await addThreeFocaccia(page);
  await checkOutTakeawayBasket(page);
  await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
  return customer;
}
