import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, cutoffFor, firstOrderableWeek } from '../domain/weeks';
import { apiCall, savedSandboxCard } from './support/api';
import { kitBasket, payWithNewCard, savedHome } from './support/kit-checkout';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

const BRANCH = { 'X-Branch': 'web' };
const DECLINES = '4000000000000002';

/** A weekly box for the first week still taking orders, with an address to send it to. */
async function weeklyBox(request: APIRequestContext) {
  const addressId = await savedHome(request);
  const basketId = await kitBasket(request, undefined, 1);
  return { firstWeek: firstOrderableWeek(new Date()), basketId, addressId };
}

async function pendingPaymentIds(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/v2/orders/pending_payment');
  expect(response.ok()).toBe(true);
  return ((await response.json()).data as { id: string }[]).map((order) => order.id);
}

/**
 * A box ordered at the kit checkout with a card that declines: the order is written and waits
 * for its payment (the checkouts' "payment failed after the order was written"). Answers its id.
 */
async function declinedBoxOrder(request: APIRequestContext): Promise<string> {
  const { basketId, addressId } = await weeklyBox(request);
  const response = await request.post('/api/v2/orders/recipe_kits', {
    headers: BRANCH,
    data: {
      basket_id: basketId,
      payment_method_id: await savedSandboxCard(request, DECLINES),
      shipping_address_id: addressId,
    },
  });
  expect(response.status(), await response.text()).toBe(402);
  const [orderId] = await pendingPaymentIds(request);
  expect(orderId).toBeTruthy();
  return orderId!;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Product rule R9.8: the success page names the order by its reference, never by its id. */
async function expectNamedByReference(page: Page, orderId: string) {
  const response = await page.request.get(`/api/v2/orders/${orderId}`);
  const reference = (await response.json()).data.attributes.reference as string;
  await expect(page.getByText(`Order reference ${reference}`)).toBeVisible();
  await expect(page.getByText(orderId, { exact: true })).toHaveCount(0);
}

test.describe('paying an order left unpaid (/payment/{orderId})', () => {
  test('a week the billing job could not charge: "Pay now" from upcoming orders, a new card, success', async ({
    page,
  }) => {
    const request = page.request;
    const customer = await signUpViaApi(request);
    const { firstWeek, basketId, addressId } = await weeklyBox(request);
    const goodCard = await savedSandboxCard(request);
    const first = await apiCall(request, 'post', '/orders/recipe_kits', {
      basket_id: basketId,
      payment_method_id: goodCard,
      shipping_address_id: addressId,
    });
    expect(first.attributes.state).toBe('paid');
    // The plan's card is replaced by one that declines: the next week's charge fails.
    const declining = await savedSandboxCard(request, DECLINES);
    await apiCall(request, 'post', `/payment_methods/${declining}/default`, {});
    const removed = await request.delete(`/api/v2/payment_methods/${goodCard}`, {
      headers: BRANCH,
    });
    expect(removed.status()).toBe(204);
    const nextWeek = addDays(firstWeek, 7);
    const asOf = new Date(cutoffFor(nextWeek).getTime() + 60_000).toISOString();
    // Only this customer's plan: the demo customer's stays as seeded for the other specs.
    await apiCall(request, 'post', '/dev/billing_runs', {
      as_of: asOf,
      customer_email: customer.email,
    });
    const [orderId] = await pendingPaymentIds(request);
    expect(orderId).toBeTruthy();

    await page.goto('/account/upcoming-orders');
    const failed = page
      .getByRole('main')
      .getByRole('article')
      .filter({ hasText: 'Payment failed' });
    await expect(failed).toHaveCount(1);
    await expectNoAxeViolations(page);
    await failed.getByRole('link', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(new RegExp(`/payment/${orderId}$`));
    await expect(heading(page)).toHaveText('Pay for your order');
    const reference = (await (await request.get(`/api/v2/orders/${orderId}`)).json()).data
      .attributes.reference as string;
    // Product rule R9.8: the order is named by its reference, never by its id.
    const summary = page.getByRole('region', { name: `Order ${reference}` });
    await expect(summary.getByText('Payment failed')).toBeVisible();
    await expect(summary.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await payWithNewCard(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/payment\/success$/);
    await expect(heading(page)).toHaveText('Thank you, your payment was successful');
    await expectNamedByReference(page, orderId!);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'See your upcoming orders' }).click();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('main').getByText('Payment failed')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
    expect(await pendingPaymentIds(request)).toEqual([]);
  });

  test('a card that needs 3-D Secure: the bank page, back to the order, then success', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    const orderId = await declinedBoxOrder(page.request);
    await page.goto(`/payment/${orderId}`);
    await expect(heading(page)).toHaveText('Pay for your order');

    await payWithNewCard(page, '4000 0027 6000 3184');
    await expect(page).toHaveURL(/\/sandbox\/challenge\//);
    const back = page.waitForResponse((response) =>
      new RegExp(`/payment/${orderId}\\?payment_id=\\d+$`).test(response.url()),
    );
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await back;

    await expect(page).toHaveURL(/\/payment\/success$/);
    await expect(heading(page)).toHaveText('Thank you, your payment was successful');
    await expectNamedByReference(page, orderId);
    // Not every pending order: another test's billing run may bill this failed plan's next week.
    expect(await pendingPaymentIds(page.request)).not.toContain(orderId);
  });

  test('a declined card: the decline is shown and the customer stays to try another', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    const orderId = await declinedBoxOrder(page.request);
    await page.goto(`/payment/${orderId}`);

    await payWithNewCard(page, '4000 0000 0000 0002');

    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: 'Your card was declined.' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/payment/${orderId}$`));
    await expect(heading(page)).toHaveText('Pay for your order');
    await expectNoAxeViolations(page);
    expect(await pendingPaymentIds(page.request)).toContain(orderId);
  });

  test('signed out: sign in, then back on the order to pay', async ({ page }) => {
    const customer = await signUpViaApi(page.request);
    const orderId = await declinedBoxOrder(page.request);
    await page.context().clearCookies();

    await page.goto(`/payment/${orderId}`);
    // /social-login is the email form while there are no social providers (product rule R2.12).
    await expect(page).toHaveURL(
      `/login?${new URLSearchParams({ returnTo: `/payment/${orderId}` })}`,
    );
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(new RegExp(`/payment/${orderId}$`));
    await expect(heading(page)).toHaveText('Pay for your order');
  });

  test("another customer's order is not found, and the success page needs a payment", async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    const theirs = await declinedBoxOrder(page.request);
    await signUpViaApi(page.request);

    await page.goto(`/payment/${theirs}`);
    await expect(heading(page)).toHaveText('Order not found');
    await expectNoAxeViolations(page);

    // Product rule R1.9: a confirmation reached from the wrong origin goes to /.
    await page.goto('/payment/success');
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });
});
