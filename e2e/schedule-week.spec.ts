import type { APIRequestContext } from '@playwright/test';
import { dayAndDate } from '../domain/pasta-plan';
import { SCHEDULE_WEEK_MESSAGES } from '../domain/schedule-week';
import { cutoffFor } from '../domain/weeks';
import { apiCall } from './support/api';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { HOME } from './support/kit-checkout';
import { SIZES } from './support/sizes';
import { shot } from './support/shots';
import { newSubscriberViaApi } from './support/subscriber';

const BRANCH = { 'X-Branch': 'web' };

interface Week {
  id: string;
  attributes: { start_date: string; delivery_date: string; order_id: string | null };
}

async function planWeeks(request: APIRequestContext): Promise<Week[]> {
  const response = await request.get('/api/v2/schedule_weeks', { headers: BRANCH });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

for (const size of SIZES) {
  test.describe(`a plan week's pages (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a subscriber opens a week, chooses its recipes, changes its date; the billed box follows', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const request = page.request;
      // A plan ordered through the API: paying at the checkout is walked by kit-checkout's paths.
      const customer = await newSubscriberViaApi(request);

      const [ordered, next] = await planWeeks(request);
      const nextDay = dayAndDate(next!.attributes.delivery_date);

      // From the pasta plan's week list to the week's page.
      await page.goto('/account/pasta-plan');
      await page
        .getByRole('list', { name: 'Your coming weeks' })
        .getByRole('listitem', { name: nextDay })
        .getByRole('link', { name: `Box details for ${nextDay}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/schedule/${next!.id}/edit$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your box for ${nextDay}`);
      await expect(
        page.getByText('The chef chooses: this is what the chef would pick'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `edit-${size.name}`);

      // Choose recipes: two of the first dish on the week's menu.
      await page.getByRole('link', { name: 'Choose recipes' }).click();
      await expect(page).toHaveURL(new RegExp(`/schedule/${next!.id}/choose-recipes$`));
      const menu = page.getByRole('region', { name: 'This week’s menu' });
      const firstAdd = menu.getByRole('button', { name: /^Add one more / }).first();
      const name = ((await firstAdd.getAttribute('aria-label')) ?? '').replace('Add one more ', '');
      const dish = name.replace(/ \(.*\)$/, '');
      await firstAdd.click();
      await firstAdd.click();
      await expect(page.getByText('2 of 2 chosen')).toBeVisible();
      await expect(firstAdd).toBeDisabled();
      await expectNoAxeViolations(page);
      await shot(page, `choose-recipes-${size.name}`);
      await page.getByRole('button', { name: 'Save my recipes' }).click();
      await expect(page).toHaveURL(new RegExp(`/schedule/${next!.id}/edit$`));
      await expect(page.getByText(SCHEDULE_WEEK_MESSAGES.recipesChosen)).toBeVisible();
      await expect(page.getByText(`2 × ${dish}`)).toBeVisible();

      // Change the delivery date to another available day of the week.
      await page.getByRole('link', { name: 'Change delivery date' }).click();
      await expect(page).toHaveURL(new RegExp(`/schedule/${next!.id}/change-delivery-date$`));
      const days = page.getByRole('group', { name: 'Delivery day' });
      await expect(days.getByRole('radio', { name: new RegExp(`^${nextDay}`) })).toBeChecked();
      await expect(days.getByText('No deliveries on Sundays')).toBeVisible();
      const other = days
        .getByRole('radio')
        .filter({ hasNot: page.locator(':disabled') })
        .and(page.locator(':not(:checked)'))
        .first();
      const newDate = (await other.getAttribute('value'))!;
      await other.check();
      await expectNoAxeViolations(page);
      await shot(page, `change-delivery-date-${size.name}`);
      await page.getByRole('button', { name: 'Save delivery date' }).click();
      await expect(page).toHaveURL(new RegExp(`/schedule/${next!.id}/edit$`));
      await expect(page.getByText(SCHEDULE_WEEK_MESSAGES.dateChanged)).toBeVisible();
      const newDay = dayAndDate(newDate);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your box for ${newDay}`);
      await expect(page.getByText(`(moved from ${nextDay})`)).toBeVisible();
      await expect(page.getByText(`2 × ${dish}`)).toBeVisible();

      // Send this week's box to another saved address (product rule R10.26).
      await apiCall(request, 'post', '/addresses', {
        ...HOME,
        first_name: 'Nonna',
        address1: '3 Turnham Green Terrace',
        is_default: false,
      });
      const address = page.locator('#week-address');
      await expect(address).toContainText('Carla Bianchi, 12 Devonshire Road');
      await page.getByRole('button', { name: 'Change address' }).click();
      const places = page.getByRole('group', { name: 'Deliver this week’s box to' });
      await expect(places.getByRole('radio', { name: /^Carla Bianchi/ })).toBeChecked();
      await places.getByRole('radio', { name: /^Nonna Bianchi, 3 Turnham Green Terrace/ }).check();
      await expectNoAxeViolations(page);
      await shot(page, `change-address-${size.name}`);
      await page.getByRole('button', { name: 'Save address' }).click();
      await expect(page.getByText(SCHEDULE_WEEK_MESSAGES.addressChanged)).toBeVisible();
      await expect(address).toContainText('Nonna Bianchi, 3 Turnham Green Terrace');
      await expect(places).toHaveCount(0);
      await page.reload();
      await expect(page.locator('#week-address')).toContainText('Nonna Bianchi, 3 Turnham Green');

      // The ordered first week is too late to change, and says so.
      await page.goto(`/schedule/${ordered!.id}/edit`);
      await expect(page.getByText(SCHEDULE_WEEK_MESSAGES.tooLate)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Choose recipes' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Change delivery date' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Change address' })).toBeDisabled();
      await expectNoAxeViolations(page);
      await shot(page, `too-late-${size.name}`);

      // Billing past the week's cut-off writes its box with the chosen dishes on the new date.
      await apiCall(request, 'post', '/dev/billing_runs', {
        as_of: new Date(cutoffFor(next!.attributes.start_date).getTime() + 60_000).toISOString(),
        customer_email: customer.email,
      });
      await page.goto(`/schedule/${next!.id}/edit`);
      await expect(page.getByText('Ordered', { exact: true })).toBeVisible();
      await expect(page.getByText(/too late to change this week/)).toBeVisible();
      await expect(page.getByText(`2 × ${dish}`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your box for ${newDay}`);

      // A plan's box at the one-off box's address goes to its week's page (product rule R10.28).
      await page.goto(`/schedule/one-off/${ordered!.attributes.order_id}/view`);
      await expect(page).toHaveURL(new RegExp(`/schedule/${ordered!.id}/edit$`));
      await expect(page.getByText(SCHEDULE_WEEK_MESSAGES.tooLate)).toBeVisible();
    });
  });
}
