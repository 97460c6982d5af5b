import type { APIRequestContext } from '@playwright/test';
import { CANCEL_OFFER_MESSAGES, CANCEL_PLAN_MESSAGES } from '../domain/cancel-plan';
import { dayAndDate, PASTA_PLAN_MESSAGES } from '../domain/pasta-plan';
import { apiCall } from './support/api';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { journeySizes } from './support/sizes';
import { minuteAfterCutoff, newSubscriber, planWeeks } from './support/subscriber';
import { shot } from './support/shots';

async function emailsTo(request: APIRequestContext, to: string) {
  const response = await request.get(`/api/v2/dev/emails?to=${encodeURIComponent(to)}`);
  return (await response.json()).data.map(
    (email: { attributes: { subject: string; text: string } }) => email.attributes,
  ) as { subject: string; text: string }[];
}

/** Screenshots for looking at the screen, only when asked for (never in the repository). */
for (const size of journeySizes('phone')) {
  test.describe(`cancelling the pasta plan (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('skips a week instead, then cancels with a reason; the email, and no more billing', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const request = page.request;
      const customer = await newSubscriber(page);
      await page.goto('/account/pasta-plan');
      const summary = page.getByRole('region', { name: 'Your plan' });
      await expect(summary.getByText('Active', { exact: true })).toBeVisible();
      const [ordered, next, after] = await planWeeks(request);
      const nextDay = dayAndDate(next!.attributes.delivery_date);

      await shot(page, `${size.name}-0-plan`);
      // Why: nothing chosen is refused with the GOV.UK error summary.
      await summary.getByRole('button', { name: 'Cancel plan' }).click();
      await expect(page.getByRole('heading', { name: 'Cancel your pasta plan' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(
        page.getByRole('alert').getByRole('link', { name: CANCEL_PLAN_MESSAGES.chooseReason }),
      ).toBeVisible();
      await shot(page, `${size.name}-1-reason-error`);
      await expectNoAxeViolations(page);
      await page.getByLabel('It’s too much food').check();
      await page.getByRole('button', { name: 'Continue' }).click();

      // The last chance: skip next week instead. The plan stays active.
      await expect(page.getByRole('heading', { name: 'Before you go' })).toBeVisible();
      await shot(page, `${size.name}-2-offers`);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: `Skip ${nextDay} instead` }).click();
      await expect(page.getByText(CANCEL_OFFER_MESSAGES.skippedInstead)).toBeVisible();
      await expect(summary.getByText('Active', { exact: true })).toBeVisible();
      const nextCard = page
        .getByRole('list', { name: 'Your coming weeks' })
        .getByRole('listitem', { name: nextDay });
      await expect(nextCard.getByText('Skipped', { exact: true })).toBeVisible();
      await expect
        .poll(async () => (await emailsTo(request, customer.email)).map((e) => e.subject))
        .toContain(`Your box for ${nextDay} is skipped`);

      // Then cancel for another reason, in the customer's own words.
      await summary.getByRole('button', { name: 'Cancel plan' }).click();
      await page.getByLabel('Another reason').check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(
        page.getByRole('alert').getByRole('link', { name: CANCEL_PLAN_MESSAGES.describeOther }),
      ).toBeVisible();
      await page.getByLabel('Tell us more').fill('We cook together on Sundays now');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Continue to cancel' }).click();
      await expect(page.getByRole('heading', { name: /^Cancel .*\?$/ })).toBeVisible();
      await expect(page.getByText(CANCEL_PLAN_MESSAGES.stillDelivered)).toBeVisible();
      await expect(page.getByText('Your reason: “We cook together on Sundays now”')).toBeVisible();
      await shot(page, `${size.name}-3-confirm`);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Cancel plan' }).click();

      // Cancelled: the badge, the box already ordered still delivered, no skip or pause.
      await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(
        page
          .getByRole('list', { name: 'Boxes still delivered' })
          .getByText(dayAndDate(ordered!.attributes.delivery_date)),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^(Skip|Pause|Resume)/ })).toHaveCount(0);
      await shot(page, `${size.name}-4-cancelled`);
      await expectNoAxeViolations(page);
      await expect
        .poll(async () => (await emailsTo(request, customer.email)).map((e) => e.subject))
        .toContain('Your pasta plan is cancelled');
      const email = (await emailsTo(request, customer.email)).find(
        (e) => e.subject === 'Your pasta plan is cancelled',
      );
      expect(email!.text).toContain(
        `Boxes already ordered are still delivered: ${dayAndDate(ordered!.attributes.delivery_date)}.`,
      );

      // Billing past the next cut-offs bills nothing for the plan.
      await apiCall(request, 'post', '/dev/billing_runs', {
        as_of: minuteAfterCutoff(next!),
        customer_email: customer.email,
      });
      await apiCall(request, 'post', '/dev/billing_runs', {
        as_of: minuteAfterCutoff(after!),
        customer_email: customer.email,
      });
      const billed = (await planWeeks(request)).filter((w) => w.attributes.order_id !== null);
      expect(billed.map((w) => w.id)).toEqual([ordered!.id]);

      // Leaving the cancelled plan: it can no longer change, and the page says it is cancelled
      // and how to start again, on a reload too (R10.34).
      await page.getByRole('button', { name: 'Back to your pasta plan' }).click();
      const ended = page.getByRole('main');
      for (const reloaded of [false, true]) {
        if (reloaded) await page.reload();
        await expect(ended.getByText('Cancelled', { exact: true })).toBeVisible();
        await expect(ended).toContainText(PASTA_PLAN_MESSAGES.ended);
        await expect(ended.getByRole('link', { name: 'Choose a box on the menu' })).toHaveAttribute(
          'href',
          '/menu',
        );
        await expect(ended.getByRole('link', { name: 'your order history' })).toBeVisible();
        await expect(page.getByText('You have no pasta plan yet.', { exact: false })).toHaveCount(
          0,
        );
      }
      await expectNoAxeViolations(page);
    });
  });
}
