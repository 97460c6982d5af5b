import type { APIRequestContext, Page } from '@playwright/test';
import { dayAndDate, PASTA_PLAN_MESSAGES } from '../domain/pasta-plan';
import { apiCall } from './support/api';
import { openAccountMenu } from './support/account-menu';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from './support/fixtures';
import { journeySizes } from './support/sizes';
import { minuteAfterCutoff, newSubscriber, planWeeks } from './support/subscriber';

const BRANCH = { 'X-Branch': 'web' };

const weekCard = (page: Page, deliveryDate: string) =>
  page
    .getByRole('list', { name: 'Your coming weeks' })
    .getByRole('listitem', { name: dayAndDate(deliveryDate) });

/** The subjects of every email the app sent to this address (the development mailbox). */
async function subjectsTo(request: APIRequestContext, to: string): Promise<string[]> {
  const response = await request.get(`/api/v2/dev/emails?to=${encodeURIComponent(to)}`);
  return (await response.json()).data.map(
    (email: { attributes: { subject: string } }) => email.attributes.subject,
  );
}

for (const size of journeySizes('phone')) {
  test.describe(`the pasta plan (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a new subscriber skips, unskips, pauses until a date and resumes; billing follows', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const request = page.request;
      const customer = await newSubscriber(page);
      // The checkout's header has no menus: on to the account, then its menu.
      await page.getByRole('link', { name: 'See your upcoming boxes' }).click();
      await expect(page).toHaveURL(/\/account\/upcoming-orders$/);

      // On a phone the account menu is in the drawer.
      if (size.name === 'phone')
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await openAccountMenu(page);
      await page.getByRole('link', { name: 'Pasta plan', exact: true }).click();
      await expect(page).toHaveURL(/\/account\/pasta-plan$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pasta plan');
      const summary = page.getByRole('region', { name: 'Your plan' });
      await expect(summary.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByText('You have 1 active plan.')).toBeVisible();

      const [ordered, next, after] = await planWeeks(request);
      // The first box is ordered: its week cannot be skipped, and says why.
      const first = weekCard(page, ordered!.attributes.delivery_date);
      await expect(first.getByText('Ordered', { exact: true })).toBeVisible();
      await expect(first.getByRole('button', { name: /^Skip / })).toBeDisabled();
      await expect(
        first.getByText('Its box is ordered: it can no longer be skipped.'),
      ).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Your coming weeks' }).getByRole('listitem'),
      ).toHaveCount(await planWeeks(request).then((weeks) => weeks.length));
      await expectNoAxeViolations(page);

      // Skip next week: it shows Skipped, a toast says so, the email arrives.
      const nextDay = dayAndDate(next!.attributes.delivery_date);
      const nextCard = weekCard(page, next!.attributes.delivery_date);
      await expect(nextCard.getByText('Chef’s picks')).toBeVisible();
      await nextCard.getByRole('button', { name: `Skip ${nextDay}` }).click();
      await expect(nextCard.getByText('Skipped', { exact: true })).toBeVisible();
      await expect(page.getByText(PASTA_PLAN_MESSAGES.weekSkipped)).toBeVisible();
      await expect
        .poll(() => subjectsTo(request, customer.email))
        .toContain(`Your box for ${nextDay} is skipped`);
      await expectNoAxeViolations(page);

      // And back.
      await nextCard.getByRole('button', { name: `Unskip ${nextDay}` }).click();
      await expect(nextCard.getByText('Active', { exact: true })).toBeVisible();
      await expect
        .poll(() => subjectsTo(request, customer.email))
        .toContain(`Your box for ${nextDay} is back on`);

      // Pause until a date: chosen, then confirmed.
      await page.getByRole('button', { name: 'Pause plan' }).click();
      await expect(page.getByRole('heading', { name: 'Pause your plan' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(
        page.getByRole('alert').getByText(PASTA_PLAN_MESSAGES.chooseResumeDate),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      const resumeOn = after!.attributes.delivery_date;
      await page.getByLabel('Your boxes start again with the delivery on').selectOption(resumeOn);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(
        page.getByRole('heading', { name: `Pause your plan until ${dayAndDate(resumeOn)}?` }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Pause plan' }).click();
      await expect(
        page.getByText(`Paused until ${dayAndDate(resumeOn)}: your boxes start again that week.`),
      ).toBeVisible();
      await expect(nextCard.getByText('Paused', { exact: true })).toBeVisible();
      await expect
        .poll(() => subjectsTo(request, customer.email))
        .toContain(`Your pasta plan is paused until ${dayAndDate(resumeOn)}`);
      await expectNoAxeViolations(page);

      // Resume.
      await page.getByRole('button', { name: 'Resume plan' }).click();
      await expect(page.getByText(PASTA_PLAN_MESSAGES.resumed)).toBeVisible();
      await expect(nextCard.getByText('Active', { exact: true })).toBeVisible();
      await expect
        .poll(() => subjectsTo(request, customer.email))
        .toContain('Your pasta plan is active again');

      // Skip next week again, then bill past both cut-offs: only the active week gets its order.
      await nextCard.getByRole('button', { name: `Skip ${nextDay}` }).click();
      await expect(nextCard.getByText('Skipped', { exact: true })).toBeVisible();
      await apiCall(request, 'post', '/dev/billing_runs', {
        as_of: minuteAfterCutoff(next!),
        customer_email: customer.email,
      });
      await apiCall(request, 'post', '/dev/billing_runs', {
        as_of: minuteAfterCutoff(after!),
        customer_email: customer.email,
      });
      const billed = await planWeeks(request);
      expect(billed.find((w) => w.id === next!.id)?.attributes.order_id).toBeNull();
      expect(billed.find((w) => w.id === after!.id)?.attributes.order_id).not.toBeNull();

      // That week is billed now: skipping it is refused as too late, and the page says why.
      const refused = await request.post(`/api/v2/schedule_weeks/${after!.id}/skip`, {
        headers: BRANCH,
      });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).errors[0].title).toBe(PASTA_PLAN_MESSAGES.tooLate);
      await page.reload();
      const afterCard = weekCard(page, after!.attributes.delivery_date);
      await expect(afterCard.getByText('Ordered', { exact: true })).toBeVisible();
      await expect(afterCard.getByRole('button', { name: /^Skip / })).toBeDisabled();
      await expectNoAxeViolations(page);
    });

    test('the demo customer sees their seeded plan and its weeks', async ({ page }) => {
      await signIn(page, DEMO.email, DEMO.password);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto('/account/pasta-plan');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pasta plan');
      const weeks = page.getByRole('list', { name: 'Your coming weeks' }).getByRole('listitem');
      await expect(weeks.first()).toBeVisible();
      expect(await weeks.count()).toBeGreaterThanOrEqual(8);
      await expectNoAxeViolations(page);
    });
  });
}
