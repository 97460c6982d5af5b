import { expect, expectNoAxeViolations, test } from './support/fixtures';

test.describe('/pasta-type', () => {
  test('without a chosen restaurant it sends the customer to find one', async ({ page }) => {
    await page.goto('/pasta-type');
    await expect(page).toHaveURL(/\/pasta-now-find$/);
  });

  test('delivery without an address goes to the address search', async ({ page }) => {
    await page.goto('/pasta-now-find');
    await page.getByLabel('Your postcode').fill('EC1N 8SS');
    await page.getByRole('button', { name: 'Find restaurants' }).click();
    await page.getByRole('button', { name: 'Pick up from Farringdon' }).click();
    await expect(page.getByRole('radio', { name: 'Delivery' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('radio', { name: 'Delivery' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });
});
