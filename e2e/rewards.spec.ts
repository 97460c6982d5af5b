import type { Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import {
  HOME,
  kitBasket,
  payWithNewCard,
  savedHome,
  throughInstructions,
} from './support/kit-checkout';
import { journeySizes } from './support/sizes';
import { shot } from './support/shots';

/** A box through the real checkout, paid with a sandbox card: the first box of a pasta plan. */
async function firstBoxPaid(page: Page, addressAtCheckout: boolean) {
  if (!addressAtCheckout) await savedHome(page.request);
  await kitBasket(page.request);
  await page.goto('/checkout');
  if (addressAtCheckout) {
    await expect(page).toHaveURL(/\/checkout\/delivery\/address$/);
    await page.getByLabel('Phone number').fill(HOME.phone);
    await page.getByLabel('Address line 1').fill(`${randomInt(100, 9999)} Devonshire Road`);
    await page.getByLabel('Town or city').fill(HOME.city);
    await page.getByLabel('Postcode').fill(HOME.zip);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await throughInstructions(page);
  await payWithNewCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
}

for (const size of journeySizes('desktop')) {
  test.describe(`rewards (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('shows loyalty progress and offers, and "use this code" keeps the code for the next basket', async ({
      page,
    }) => {
      test.slow();
      await signUpViaApi(page.request);
      await firstBoxPaid(page, false);

      await page.goto('/account/offers');
      await expect(page).toHaveURL(/\/account\/rewards$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rewards');
      const loyalty = page.getByRole('region', { name: 'Pasta plan loyalty' });
      await expect(loyalty.getByText('1 of 5 boxes')).toBeVisible();
      await expect(loyalty.getByText('4 more boxes to go.')).toBeVisible();

      const offers = page.getByRole('region', { name: 'Offers for you' });
      const kitchen = offers.getByRole('listitem', { name: '£5 off your recipe-kit box' });
      await expect(kitchen.getByText('KITCHEN5', { exact: true })).toBeVisible();
      await expect(offers.getByText('GIFT25')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Store credit' })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `rewards-${size.name}`);

      await kitchen.getByRole('link', { name: /Use this code/ }).click();
      // Product rule R12.8: the code waits for the next basket.
      await expect
        .poll(() => page.evaluate(() => sessionStorage.getItem('sfoglia.nextOrderVoucher')))
        .toBe('KITCHEN5');
    });

    test('a friend signing up through the referral link gets the promised reward, once, with their first order', async ({
      page,
      browser,
    }) => {
      test.slow();
      // The referrer, in a browser of their own.
      const referrerContext = await browser.newContext({
        viewport: { width: size.width, height: size.height },
      });
      const referrerPage = await referrerContext.newPage();
      const referrer = await signUpViaApi(referrerPage.request);
      await referrerPage.goto('/account/rewards');
      await referrerPage.getByRole('link', { name: 'Get your invite link' }).click();
      await expect(referrerPage).toHaveURL(/\/account\/rewards\/referral$/);
      await expect(referrerPage.getByRole('heading', { level: 1 })).toHaveText('Invite a friend');
      await expect(
        referrerPage.getByText('Share your love of fresh pasta: give £10.00, get £10.00.'),
      ).toBeVisible();
      const link = await referrerPage.getByLabel('Send this link to a friend').inputValue();
      expect(link).toMatch(/\/signup\?ref=[A-Za-z0-9_-]{16}$/);
      await expectNoAxeViolations(referrerPage);
      await shot(referrerPage, `referral-${size.name}`);

      // The friend opens the link and signs up on the real form.
      const url = new URL(link);
      await page.goto(`${url.pathname}${url.search}`);
      await page.getByLabel('First name').fill('Marco');
      await page.getByLabel('Last name').fill('Verdi');
      await page.getByLabel('Email address').fill(`e2e.friend.${randomInt(1e9)}@example.com`);
      await page.getByLabel('Password').fill('tortellini-2026');
      await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      await firstBoxPaid(page, true);

      await page.goto('/account/rewards');
      const credit = page.getByRole('region', { name: 'Store credit' });
      await expect(
        credit.getByText(`Welcome reward: invited by ${referrer.firstName}`),
      ).toHaveCount(1);
      await expect(credit.getByText('£10.00', { exact: true })).toBeVisible();
      // Given once: the one transaction is the welcome reward.
      const history = await page.request.get('/api/v2/store_credit_transactions');
      const transactions = (await history.json()).data;
      expect(transactions).toHaveLength(1);
      expect(transactions[0].attributes.amount).toBe(10);

      await referrerPage.reload();
      await expect(
        referrerPage.getByText('1 friend has joined through your link: £10.00 earned.'),
      ).toBeVisible();
      await referrerContext.close();
    });
  });
}
