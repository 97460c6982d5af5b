import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { savedCardViaApi, takeawayBasketViaApi } from './support/paid-takeaway-order';
import { SIZES } from './support/sizes';

/**
 * Product rule R5.11: the card form is a chunk of its own, fetched from the address step on, and
 * while it loads the payment step holds its place at its own height.
 */
const BRANCH = { 'X-Branch': 'web' };
const CARD_FORM_CHUNK = /\/assets\/card-payment-form-[^/]*\.js$/;

/** A signed-in customer with complete delivery details, a takeaway basket and `saved` cards. */
async function customerWithBasket(request: APIRequestContext, saved: number) {
  await signUpViaApi(request);
  expect(
    (
      await request.put('/api/v2/me', { headers: BRANCH, data: { phone: '07812 345678' } })
    ).status(),
  ).toBe(200);
  await takeawayBasketViaApi(request);
  for (let card = 0; card < saved; card += 1) await savedCardViaApi(request);
}

/** Where the wallet's heading is: what would move if the card form's place were not held. */
const walletTop = async (page: Page) =>
  (await page.getByRole('heading', { name: 'Or pay with PayPal' }).boundingBox())?.y;

test.describe('the card form loads with the payment step (product rule R5.11)', () => {
  test('it is fetched while the customer is on the instructions step, before the payment step', async ({
    page,
  }) => {
    await customerWithBasket(page.request, 0);
    const fetched = page.waitForRequest(CARD_FORM_CHUNK);

    await page.goto('/pasta-now-checkout');

    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
    await fetched;
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading the card form' })).toHaveCount(
      0,
    );
  });

  for (const size of SIZES) {
    for (const saved of [0, 1]) {
      test(`${size.name}, ${saved} saved card(s): its place is held at its height while it loads, then paying works`, async ({
        page,
      }) => {
        await page.setViewportSize(size);
        await customerWithBasket(page.request, saved);
        let arrive = () => {};
        const held = new Promise<void>((resolve) => (arrive = resolve));
        await page.route(CARD_FORM_CHUNK, async (route) => {
          await held;
          await route.continue();
        });

        await page.goto('/pasta-now-checkout');
        await page.getByRole('button', { name: 'Continue to payment' }).click();

        await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
        const loading = page.getByRole('status').filter({ hasText: 'Loading the card form…' });
        await expect(loading).toBeVisible();
        await expectNoAxeViolations(page);
        const whileLoading = await walletTop(page);
        arrive();
        const pay = page.getByRole('button', { name: 'Pay £24.99' });
        await expect(pay).toBeVisible();
        await expect(loading).toHaveCount(0);
        expect(await walletTop(page)).toBe(whileLoading);
        await expectNoAxeViolations(page);

        if (saved === 0) {
          await page.getByLabel('Card number').fill('4242 4242 4242 4242');
          await page.getByLabel('Expiry date').fill('04/39');
          await page.getByLabel('Security code').fill('123');
        } else {
          await expect(page.getByRole('radio', { name: 'Visa ending 4242' })).toBeChecked();
        }
        await pay.click();
        await expect(page).toHaveURL(/\/pasta-now-checkout\/confirmation$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          'Grazie! Your order is placed',
        );
        // The status line, a chunk of its own too, loaded while the customer paid.
        await expect(page.getByText(/^Status: /)).toBeVisible();
      });
    }
  }
});
