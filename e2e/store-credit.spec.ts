import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { HOME, kitBasket, throughInstructions } from './support/kit-checkout';
import {
  expect,
  expectNoAxeViolations,
  latestEmail,
  signUpViaApi,
  test,
  type NewCustomer,
} from './support/fixtures';

const pounds = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function redeem(page: Page, code: string) {
  await page.getByLabel('Voucher code').fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
}

/** Opens the link of the newest verification email (the development mailbox) and sees it work. */
async function verifyEmail(page: Page, customer: NewCustomer) {
  const email = await latestEmail(page.request, customer.email);
  expect(email.subject).toBe('Verify your email address');
  const link = new URL(email.text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email address verified');
  // The token does not stay in the address bar.
  await expect(page).toHaveURL(/\/verify-email$/);
  await expectNoAxeViolations(page);
}

const balance = (page: Page) => page.getByText(/^Your balance:/);
const added = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'added to your store credit' });
const history = (page: Page) =>
  page.getByRole('table', { name: 'Store credit given and spent, newest first' });

test.describe('store credit', () => {
  test('a customer verifies their email, then redeems a new-customer credit voucher, once', async ({
    page,
  }) => {
    // Sign-up, the mailbox, verification, redemption: a long walk on a busy CI machine.
    test.slow();
    const customer = await signUpViaApi(page.request);
    await page.goto('/account/dashboard');
    await expect(page.getByRole('heading', { name: 'Store credit', level: 2 })).toBeVisible();
    await expect(balance(page)).toHaveText('Your balance: £0.00');
    await expect(page.getByText('No transactions yet.')).toBeVisible();
    await expect(page.getByText('Not verified', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter a voucher code');
    await redeem(page, 'welcome60');
    await expect(page.getByRole('alert')).toContainText(
      'Verify your email address before you redeem this voucher',
    );
    await expect(balance(page)).toHaveText('Your balance: £0.00');

    await page.getByRole('button', { name: 'Send verification email' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'verification link' })).toHaveText(
      'We have sent a verification link to your email address. The link works for 24 hours.',
    );
    await verifyEmail(page, customer);
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send verification email' })).toHaveCount(0);
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

  test('a new customer signs up, verifies, and WELCOME60 pays a whole box without a card', async ({
    page,
  }) => {
    test.slow();
    const customer = { email: `e2e.${randomInt(1e9)}@example.com`, firstName: 'Carla' };
    await page.goto('/signup');
    await page.getByLabel('First name').fill(customer.firstName);
    await page.getByLabel('Last name').fill('Bianchi');
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Password').fill('tortellini-2026');
    await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    // Product rule R2.11: sign-up lands on the account.
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    await verifyEmail(page, { ...customer, password: '' });
    await page.goto('/account/dashboard');
    await redeem(page, 'WELCOME60');
    await expect(added(page)).toHaveText('£60.00 added to your store credit');
    await kitBasket(page.request);

    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/delivery\/address$/);
    // A door of its own: new-customer credit goes once per household, and a retry is a new account.
    await page.getByLabel('Phone number').fill(HOME.phone);
    await page.getByLabel('Address line 1').fill(`${randomInt(100, 9999)} Devonshire Road`);
    await page.getByLabel('Town or city').fill(HOME.city);
    await page.getByLabel('Postcode').fill(HOME.zip);
    await page.getByRole('button', { name: 'Continue' }).click();
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
    await expect(page.locator('dl.payment__preview')).toContainText('To pay now£0.00');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page).toHaveURL(/\/checkout\/confirmation$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grazie! Your box is ordered');
    await expect(page.getByText(/all from your store credit\.$/)).toBeVisible();
    // The confirmation and the credit history name the order by its reference (product rules
    // R9.8, R12.7), never by its number.
    const reference = await page
      .getByText(/^Your order reference is/)
      .locator('strong')
      .textContent();
    expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/);

    await page.goto('/account/dashboard');
    await expect(balance(page)).toHaveText(`Your balance: £${(60 - used).toFixed(2)}`);
    await expect(
      history(page).getByRole('row', {
        name: new RegExp(`Spent on order ${reference} −£${used.toFixed(2).replace('.', '\\.')}`),
      }),
    ).toBeVisible();
    await expect(history(page).getByText(/#\d/)).toHaveCount(0);
  });
});
