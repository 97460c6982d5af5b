import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { paidTakeawayOrder } from './support/paid-takeaway-order';
import { journeySizes } from './support/sizes';

const stepper = (page: Page) => page.getByRole('list', { name: 'Order progress' });
const currentStep = (page: Page) => stepper(page).locator('[aria-current="step"]');
/** The estimate's window, as "12 - 27 mins": its upper bound. */
const estimateMax = async (page: Page) => {
  const text = await page.getByText(/^Estimated delivery:/).textContent();
  const match = text?.match(/(\d+) - (\d+) mins/);
  expect(match, `an estimate in "${text}"`).toBeTruthy();
  return Number(match![2]);
};

for (const size of journeySizes('phone')) {
  test.describe(`/takeaway/track/:orderId (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a paid delivery is followed step by step to the door, the estimate shrinking, then can be rated', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signUpViaApi(page.request);
      const orderId = await paidTakeawayOrder(page.request);
      const order = await (await page.request.get(`/api/v2/orders/${orderId}`)).json();
      const reference = order.data.attributes.reference as string;

      await page.goto('/support');
      const onItsWay = page.getByRole('link', { name: 'Your order is on its way' });
      await expect(onItsWay).toBeVisible();
      await onItsWay.click();

      await expect(page).toHaveURL(new RegExp(`/takeaway/track/${orderId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your order ${reference}`);
      await expect(stepper(page).getByRole('listitem')).toHaveText([
        /Accepted/,
        /Preparing/,
        /Out for delivery/,
        /Delivered/,
      ]);
      await expect(currentStep(page)).toHaveCount(1);
      // The kitchen simulator is quick: on a loaded machine the order may be on its way already.
      let beforeTheRide = Number.POSITIVE_INFINITY;
      if (/Accepted|Preparing/.test((await currentStep(page).textContent()) ?? '')) {
        await expect(
          page.getByRole('status').filter({ hasText: 'Your order is being prepared.' }),
        ).toBeVisible();
        await expect(page.getByText('Status: Is being prepared')).toBeVisible();
        await expect(page.getByText(/^Estimated delivery: \d+ - \d+ mins$/)).toBeVisible();
        beforeTheRide = await estimateMax(page);
      }
      await expect(page.getByText('12 Devonshire Road, London, W4 2HD')).toBeVisible();
      await expect(page.getByText('2 × Cacio e Pepe')).toBeVisible();
      await expect(page.getByText(/^Total: £\d+\.\d\d$/)).toBeVisible();

      // The drive takes 14 s: read the page as soon as the kitchen sends the order out.
      await expect
        .poll(
          async () =>
            (await (await page.request.get(`/api/v2/orders/${orderId}`)).json()).data.attributes
              .state,
          { timeout: 15_000, intervals: [250] },
        )
        .not.toMatch(/^(paid|accepted)$/);
      await page.reload();
      const live = page
        .getByRole('status')
        .filter({ hasText: /Your order (is out for delivery|has been delivered)\./ });
      await expect(live).toBeVisible();
      // On a loaded machine the 14 s drive can end before the page is read again.
      if ((await live.textContent())?.includes('out for delivery')) {
        await expect(currentStep(page)).toContainText('Out for delivery');
        await expect(stepper(page).getByText('(done)')).toHaveCount(2);
        const away = page.getByText(/^Your driver is \d+\.\d\d miles away\.$/);
        await expect(away).toBeVisible();
        // The estimate agrees with the driver's distance: 4 minutes a mile, whole minutes up.
        await expect(async () => {
          const miles = Number((await away.textContent())?.match(/([\d.]+) miles/)?.[1]);
          const text = await page.getByText(/^Estimated delivery:/).textContent();
          const ride = Math.ceil(miles * 4);
          expect(text).toBe(
            ride === 0
              ? 'Estimated delivery: Arriving now'
              : `Estimated delivery: ${ride} - ${ride + 5} mins`,
          );
        }).toPass({ timeout: 10_000 });
        const onTheWay = await estimateMax(page).catch(() => 0);
        expect(onTheWay).toBeLessThan(beforeTheRide);
        await expect(page.getByRole('img', { name: /Route from Sfoglia Chiswick/ })).toBeVisible();
        await expectNoAxeViolations(page);
      } else {
        test.info().annotations.push({
          type: 'note',
          description: 'delivered before the page read it out for delivery',
        });
      }

      await expect(
        page.getByRole('status').filter({ hasText: 'Your order has been delivered.' }),
      ).toBeVisible({ timeout: 20_000 });
      await expect(currentStep(page)).toContainText('Delivered');
      await expect(stepper(page).getByText('(done)')).toHaveCount(4);
      await expect(page.getByText(/^Estimated delivery/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Your order is on its way' })).toHaveCount(0);
      await expectNoAxeViolations(page);
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
}
