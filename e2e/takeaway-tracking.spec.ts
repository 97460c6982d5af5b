import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { paidTakeawayOrder } from './support/paid-takeaway-order';

test.describe('/takeaway/track/:orderId', () => {
  test('a paid delivery is followed from the kitchen to the door, then can be rated', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpViaApi(page.request);
    const orderId = await paidTakeawayOrder(page.request);

    await page.goto('/support');
    const onItsWay = page.getByRole('link', { name: 'Your order is on its way' });
    await expect(onItsWay).toBeVisible();
    await onItsWay.click();

    await expect(page).toHaveURL(new RegExp(`/takeaway/track/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your order #${orderId}`);
    await expect(page.getByRole('status').filter({ hasText: 'Is being prepared' })).toBeVisible();
    await expect(page.getByText(/^Estimated delivery: (15 - 30|30 - 45) mins$/)).toBeVisible();
    await expect(page.getByText('12 Devonshire Road, London, W4 2HD')).toBeVisible();
    await expect(page.getByText('2 × Cacio e Pepe')).toBeVisible();
    await expect(page.getByText(/^Total: £\d+\.\d\d$/)).toBeVisible();
    await expectNoAxeViolations(page);

    await expect(page.getByText('Is out for delivery')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^Your driver is \d+\.\d\d miles away\.$/)).toBeVisible();
    await expect(page.getByRole('img', { name: /Route from Sfoglia Chiswick/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await expect(page.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'Your order is on its way' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Rate your order' }).click();
    await expect(page).toHaveURL(new RegExp(`/rate-my-takeaway\\?order_id=${orderId}$`));
  });

  test("an unknown or another customer's order says it was not found", async ({ page }) => {
    await signUpViaApi(page.request);

    await page.goto('/takeaway/track/999999');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order not found');
    await expectNoAxeViolations(page);
  });
});
