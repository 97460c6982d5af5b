import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { payWithNewCard, returningCustomerAtPayment } from './support/kit-checkout';
import { journeySizes } from './support/sizes';
import { takeawayCustomerAtInstructions } from './support/takeaway-checkout';

/** Product rule R9.8: six characters without 0, O, 1, I or L, as "ABC-DEF". */
const REFERENCE = /^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/;
/** Product rule R9.1's texts for an order the kitchen has, from paid to delivered. */
const LIVE_STATUS = /^(Is being prepared|Is out for delivery|Delivered)$/;

const reference = async (page: Page) => {
  const text = await page
    .getByText(/^Your order reference is/)
    .locator('strong')
    .textContent();
  expect(text).toMatch(REFERENCE);
  return text ?? '';
};

const statusOf = (page: Page) => page.getByText(/^Status:/).locator('strong');

/** The confirmation email in the development mailbox, within the job's few seconds. */
async function expectConfirmationEmail(page: Page, to: string, ref: string, link: RegExp) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v2/dev/emails?to=${encodeURIComponent(to)}`);
        const emails = (await response.json()).data as { attributes: { subject: string } }[];
        return emails.map((email) => email.attributes.subject);
      },
      { timeout: 15_000 },
    )
    .toContain(`Your Sfoglia order ${ref} is confirmed`);
  await page.goto('/dev/mailbox');
  const email = page.locator('article, section, li, div').filter({
    has: page.getByRole('heading', { name: `Your Sfoglia order ${ref} is confirmed` }),
  });
  await expect(
    page.getByRole('heading', { name: `Your Sfoglia order ${ref} is confirmed` }),
  ).toHaveCount(1);
  await expect(email.last()).toContainText(`Thank you for your order ${ref}.`);
  await expect(email.last().getByRole('link', { name: link })).toBeVisible();
}

for (const size of journeySizes('phone')) {
  test.describe(`order confirmation (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a takeaway order: its reference, the status tracking shows, and one email', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const customer = await takeawayCustomerAtInstructions(page);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await payWithNewCard(page, '4242 4242 4242 4242');

      await expect(page).toHaveURL(/\/pasta-now-checkout\/confirmation$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Grazie! Your order is placed',
      );
      const ref = await reference(page);
      await expect(page.getByText('Order number')).toHaveCount(0);
      await expect(statusOf(page)).toHaveText(LIVE_STATUS);
      await expect(
        page.getByText('We are emailing you a confirmation with your order reference.'),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      // Tracking names the order by the same reference and says the same status.
      const confirmed = await statusOf(page).textContent();
      await page.getByRole('link', { name: 'Follow your order' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your order ${ref}`);
      await expect(statusOf(page)).toHaveText(LIVE_STATUS);
      if (confirmed === 'Is being prepared') {
        // The kitchen may have moved it on since; it never goes back.
        await expect(statusOf(page)).not.toHaveText('Payment failed');
      } else {
        await expect(statusOf(page)).not.toHaveText('Is being prepared');
      }

      await expectConfirmationEmail(page, customer.email, ref, /\/takeaway\/track\/\d+$/);
    });

    test('a recipe-kit box: its reference, the status upcoming orders show, and one email', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await returningCustomerAtPayment(page);
      const me = await page.request.get('/api/v2/me');
      const email = (await me.json()).data.attributes.email as string;
      await payWithNewCard(page, '4242 4242 4242 4242');

      await expect(page).toHaveURL(/\/checkout\/confirmation$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Grazie! Your box is ordered',
      );
      const ref = await reference(page);
      await expect(statusOf(page)).toHaveText('Is being prepared');
      await expectNoAxeViolations(page);

      await page.goto('/account/upcoming-orders');
      const card = page.getByRole('article').filter({ hasText: `Order reference ${ref}` });
      await expect(card).toBeVisible();
      await expect(card.getByText('Is being prepared', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      await expectConfirmationEmail(page, email, ref, /\/account\/upcoming-orders$/);
      // Exactly once, however long the job runs.
      await page.waitForTimeout(1_500);
      const response = await page.request.get(`/api/v2/dev/emails?to=${encodeURIComponent(email)}`);
      const subjects = ((await response.json()).data as { attributes: { subject: string } }[]).map(
        (sent) => sent.attributes.subject,
      );
      expect(subjects.filter((subject) => subject.includes(ref))).toHaveLength(1);
    });
  });
}
