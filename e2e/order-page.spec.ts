import type { APIRequestContext, Page } from '@playwright/test';
import { FEEDBACK_MESSAGES, invoiceMessages } from '../domain/order-page';
import { apiCall, savedSandboxCard } from './support/api';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  latestEmail,
  signIn,
  signUpViaApi,
  test,
} from './support/fixtures';
import { SIZES } from './support/sizes';

const DECLINES = '4000000000000002';

/** A takeaway whose card was declined: the order waits for its payment (product rule R9.2). */
async function declinedTakeaway(request: APIRequestContext): Promise<string> {
  const basket = await apiCall(request, 'post', '/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: 16,
    fulfillment_type: 'pickup',
  });
  await apiCall(request, 'post', `/baskets/${basket.id}/items`, {
    product_variant_id: '102',
    quantity: 1,
  });
  const order = await apiCall(request, 'post', '/orders/takeaway', { basket_id: basket.id });
  const declined = await request.post('/api/v2/payments', {
    headers: { 'X-Branch': 'web' },
    data: { order_id: order.id, payment_method_id: await savedSandboxCard(request, DECLINES) },
  });
  expect(declined.status(), await declined.text()).toBe(402);
  return order.id as string;
}

const orderHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: /^Order [0-9A-Z]{3}-[0-9A-Z]{3}$/ });

for (const size of SIZES) {
  test.describe(`the order page at ${size.name} size (${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the demo customer pages through the history, opens an order, gives feedback and gets the invoice', async ({
      page,
    }) => {
      test.slow();
      await signIn(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/\/account\/dashboard$/);

      // Order history: pages of 4 (product rule R9.5), each order linking to its page.
      await page.goto('/account/order-history');
      const orders = page.getByRole('list', { name: 'Past orders' }).getByRole('article');
      await expect(orders).toHaveCount(4);
      await expect(page.getByText('Page 1 of 2')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Older orders' }).click();
      await expect(page).toHaveURL(/\/account\/order-history\?page=2$/);
      await expect(page.getByText('Page 2 of 2')).toBeVisible();
      await expect(orders.first()).toBeVisible();
      await page.getByRole('link', { name: 'Newer orders' }).click();
      await expect(page.getByText('Page 1 of 2')).toBeVisible();

      // Each size opens its own takeaway, so the two runs do not share feedback.
      const takeaway = orders.filter({ hasText: 'Takeaway' }).nth(size.name === 'phone' ? 0 : 1);
      const reference = (await takeaway.getByText(/^Order reference /).textContent())?.replace(
        'Order reference ',
        '',
      );
      const total = (await takeaway.getByText(/^Total £/).textContent())?.replace('Total ', '');
      await takeaway.getByRole('link', { name: 'See the order' }).click();
      await expect(page).toHaveURL(/\/order\/\d+$/);
      await expect(orderHeading(page)).toHaveText(`Order ${reference}`);

      // Lines with their extras, the address, the payment (product rules R9.7, R9.14, R9.15).
      const lines = page.getByRole('region', { name: 'What you ordered' });
      await expect(lines.getByRole('list', { name: /^Extras for / })).toBeVisible();
      await expect(
        lines.getByRole('list', { name: 'Items' }).getByRole('listitem').first(),
      ).toBeVisible();
      await expect(lines.getByRole('definition').last()).toHaveText(total ?? 'a total');
      await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText(
        '12 Devonshire Road',
      );
      const payment = page.getByRole('region', { name: 'Payment' });
      // The demo history pays with the demo customer's saved Visa (R9.15 names it).
      await expect(payment).toContainText('Visa ending 4242');
      await expect(payment).toContainText('Paid');
      await expectNoAxeViolations(page);

      // Feedback (product rule R9.16): the error summary, then given, and still given after reload.
      const feedback = page.getByRole('region', { name: 'Your feedback' });
      await feedback.getByRole('button', { name: 'Send feedback' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect(summary.getByRole('link', { name: FEEDBACK_MESSAGES.npsMissing })).toBeVisible();
      await expectNoAxeViolations(page);
      await summary.getByRole('link', { name: FEEDBACK_MESSAGES.npsMissing }).click();
      await expect(page.getByRole('radio', { name: '0', exact: true })).toBeFocused();
      await page.getByRole('radio', { name: '8', exact: true }).check();
      await feedback
        .getByLabel('What is the main reason for your score? (optional)')
        .fill('Fresh pasta, quick rider');
      await feedback
        .getByLabel('Anything else you would like to tell us? (optional)')
        .fill('Grazie');
      await feedback.getByRole('button', { name: 'Send feedback' }).click();
      await expect(feedback.getByText(FEEDBACK_MESSAGES.given)).toBeVisible();
      await page.reload();
      await expect(orderHeading(page)).toBeVisible();
      const given = page.getByRole('region', { name: 'Your feedback' });
      await expect(given).toContainText('8 out of 10');
      await expect(given).toContainText('Fresh pasta, quick rider');
      await expect(given.getByRole('button', { name: 'Change your feedback' })).toBeVisible();

      // The invoice (product rule R9.17): emailed once; asking again at once sends nothing.
      const invoice = page.getByRole('region', { name: 'Invoice' });
      await invoice.getByRole('button', { name: 'Send me the invoice' }).click();
      await expect(invoice.getByRole('status')).toHaveText(`${invoiceMessages.sent(DEMO.email)}.`);
      await expect
        .poll(async () => (await latestEmail(page.request, DEMO.email)).subject)
        .toBe(`Your Sfoglia invoice for order ${reference}`);
      expect((await latestEmail(page.request, DEMO.email)).text).toContain('12 Devonshire Road');
      await invoice.getByRole('button', { name: 'Send me the invoice' }).click();
      await expect(invoice.getByRole('status')).toHaveText(
        `${invoiceMessages.alreadySent(DEMO.email)}.`,
      );
      await expectNoAxeViolations(page);
    });

    test('a payment-failed order says so and links to paying it', async ({ page }) => {
      await signUpViaApi(page.request);
      const orderId = await declinedTakeaway(page.request);

      await page.goto(`/order/${orderId}`);

      await expect(orderHeading(page)).toBeVisible();
      const payment = page.getByRole('region', { name: 'Payment' });
      await expect(payment).toContainText('Payment failed');
      await expect(page.getByRole('region', { name: 'Collection' })).toContainText(
        'Collection from Sfoglia Chiswick',
      );
      await expect(page.getByRole('region', { name: 'Your feedback' })).toContainText(
        FEEDBACK_MESSAGES.notFinished,
      );
      await expectNoAxeViolations(page);
      await payment.getByRole('link', { name: 'Pay now' }).click();
      await expect(page).toHaveURL(new RegExp(`/payment/${orderId}$`));
    });
  });
}
