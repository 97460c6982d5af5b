import { expect, expectNoAxeViolations, test } from './support/fixtures';

test.describe('pickup: find a restaurant, choose a slot, order', () => {
  test('finds the nearest restaurant for pickup, picks a time slot, adds a dish with a modifier, applies vouchers, sees upsells and reaches checkout', async ({
    page,
  }) => {
    await page.goto('/pasta-now-find');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a restaurant');
    await page.getByLabel('Your postcode').fill('w4 2hd');
    await page.getByRole('button', { name: 'Find restaurants' }).click();
    const list = page.getByRole('list', { name: 'Restaurants, nearest first' });
    const first = list.getByRole('listitem').first();
    await expect(first.getByRole('heading')).toHaveText('Chiswick');
    await expect(first).toContainText(/\d+\.\d{2} miles away/);
    await expect(first).toContainText(/Open now|Closed now/);
    await expectNoAxeViolations(page);

    await first.getByRole('button', { name: 'Pick up from Chiswick' }).click();

    await expect(page).toHaveURL(/\/pasta-type$/);
    await expect(page.getByRole('radio', { name: 'Pickup' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'As soon as possible' })).toBeChecked();
    await page.getByRole('radio', { name: 'Choose a time' }).check();
    const slot = page.getByLabel('Time slot');
    await expect(slot.locator('option')).not.toHaveCount(1);
    await expectNoAxeViolations(page);
    const chosen = (await slot.locator('option').nth(1).textContent()) ?? '';
    await slot.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/pasta-now$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiswick menu');
    await expect(page.getByText(new RegExp(`^Pickup, .*${chosen.trim()}$`))).toBeVisible();
    await expect(page.getByText('Ready in about 15 - 30 mins')).toBeVisible();

    await page.getByRole('button', { name: 'Add Cacio e Pepe to basket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make your Cacio e Pepe' });
    await dialog.getByRole('checkbox', { name: 'Extra Parmigiano +£1.00' }).check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add 1 for £11.50' }).click();

    const basket = page.getByRole('complementary', { name: 'Your basket' });
    await expect(basket).toContainText('Cacio e Pepe with Extra Parmigiano');
    await expect(basket.getByRole('definition').first()).toHaveText('£11.50');

    const code = basket.getByLabel('Voucher code');
    await code.fill('nope');
    await basket.getByRole('button', { name: 'Apply voucher' }).click();
    await expect(basket).toContainText('Invalid code');
    await code.fill('summer23');
    await basket.getByRole('button', { name: 'Apply voucher' }).click();
    await expect(basket).toContainText('SUMMER23 expired on 2023-08-31');
    await code.fill('pasta10');
    await basket.getByRole('button', { name: 'Apply voucher' }).click();
    await expect(basket).toContainText('Voucher PASTA10 applied.');
    await expect(basket).toContainText('−£1.15');

    await basket.getByRole('button', { name: 'Checkout' }).click();
    const upsells = page.getByRole('dialog', { name: 'Anything else?' });
    await expect(upsells.getByRole('button', { name: 'Add Garlic Focaccia' })).toBeVisible();
    await expect(upsells).not.toContainText('Tiramisù'); // desserts are delivery upsells only
    await upsells.getByRole('button', { name: 'Add Garlic Focaccia' }).click();
    await expect(basket).toContainText('Garlic Focaccia');
    await upsells.getByRole('button', { name: 'Continue to checkout' }).click();

    await expect(page).toHaveURL(/\/pasta-now-checkout/);
  });
});
