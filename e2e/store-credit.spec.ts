import type { Page } from '@playwright/test';
import { fillHomeAddress, kitBasket, throughInstructions } from './support/kit-checkout';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

const pounds = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function redeem(page: Page, code: string) {
  await page.getByLabel('Voucher code').fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
}

const balance = (page: Page) => page.getByText(/^Your balance:/);
const added = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'added to your store credit' });
const history = (page: Page) =>
  page.getByRole('table', { name: 'Store credit given and spent, newest first' });

test.describe('store credit', () => {
  test('a customer redeems a credit voucher in their account, once', async ({ page }) => {
    await signUpViaApi(page.request);
    await page.goto('/account/dashboard');
    await expect(page.getByRole('heading', { name: 'Store credit', level: 2 })).toBeVisible();
    await expect(balance(page)).toHaveText('Your balance: £0.00');
    await expect(page.getByText('No transactions yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter a voucher code');
    await redeem(page, 'welcome60');

    await expect(added(page)).toHaveText('£60.00 added to your store credit');
    await expect(balance(page)).toHaveText('Your balance: £60.00');
    await expect(
      history(page).getByRole('row', { name: /Credit voucher WELCOME60 \+£60\.00/ }),
    ).toBeVisible();
    await expect(page.getByLabel('Voucher code')).toHaveValue('');
    await expectNoAxeViolations(page);

    await redeem(page, 'WELCOME60');
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('There is a problem');
    await expect(summary).toContainText("You've already redeemed this voucher");
    await expect(page.getByLabel('Voucher code')).toHaveAccessibleDescription(
      /You've already redeemed this voucher/,
    );
    await expect(balance(page)).toHaveText('Your balance: £60.00');
    await expect(history(page).getByRole('row')).toHaveCount(2);
    await expectNoAxeViolations(page);

    await redeem(page, 'NOT-A-CODE');
    await expect(page.getByRole('alert')).toContainText('Invalid code');
    await redeem(page, 'X'.repeat(65));
    await expect(page.getByRole('alert')).toContainText(
      'Voucher code must be 64 characters or fewer',
    );
  });

  test('store credit covering the whole box: the order is placed without a card', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await page.goto('/account/dashboard');
    await redeem(page, 'WELCOME60');
    await expect(added(page)).toHaveText('£60.00 added to your store credit');
    await kitBasket(page.request);

    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/delivery\/address$/);
    await fillHomeAddress(page);
    await throughInstructions(page);

    await expect(page).toHaveURL(/\/checkout\/payment-with-credits$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Your store credit covers this box',
    );
    const noCard = page.getByText(/^No card needed:/);
    await expect(noCard).toContainText('of your store credit pays for it');
    const used = pounds((await noCard.textContent())!.match(/£[\d.]+/)![0]);
    expect(used).toBeGreaterThan(0);
    await expect(noCard).toContainText(`You'll have £${(60 - used).toFixed(2)} left`);
    await expect(page.locator('dl')).toContainText('To pay now£0.00');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page).toHaveURL(/\/checkout\/confirmation$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grazie! Your box is ordered');
    await expect(page.getByText(/all from your store credit\.$/)).toBeVisible();
    const orderNumber = await page
      .getByText(/^Order number/)
      .locator('strong')
      .textContent();

    await page.goto('/account/dashboard');
    await expect(balance(page)).toHaveText(`Your balance: £${(60 - used).toFixed(2)}`);
    await expect(
      history(page).getByRole('row', {
        name: new RegExp(`Spent on order #${orderNumber} −£${used.toFixed(2).replace('.', '\\.')}`),
      }),
    ).toBeVisible();
  });
});
