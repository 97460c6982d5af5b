import type { APIRequestContext, Page } from '@playwright/test';
import { CANCEL_PLAN_MESSAGES } from '../domain/cancel-plan';
import { dayAndDate, PASTA_PLAN_MESSAGES } from '../domain/pasta-plan';
import { PAYMENT_METHOD_MESSAGES } from '../domain/payment-methods';
import { apiCall } from './support/api';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { SIZES } from './support/sizes';
import { minuteAfterCutoff, newSubscriberThroughMenu, planWeeks } from './support/subscriber';

const BRANCH = { 'X-Branch': 'web' };
const PHONE = SIZES[0];
const MASTERCARD = 'Mastercard ending 4444';

const weekCard = (page: Page, deliveryDate: string) =>
  page
    .getByRole('list', { name: 'Your coming weeks' })
    .getByRole('listitem', { name: dayAndDate(deliveryDate) });

async function planMethodId(request: APIRequestContext): Promise<string | null> {
  const response = await request.get('/api/v2/subscriptions', { headers: BRANCH });
  expect(response.ok()).toBe(true);
  const [plan] = (await response.json()).data;
  return plan.attributes.payment_method_id;
}

async function methodIdOf(request: APIRequestContext, last4: string): Promise<string> {
  const response = await request.get('/api/v2/payment_methods', { headers: BRANCH });
  expect(response.ok()).toBe(true);
  const methods: { id: string; attributes: { last4: string } }[] = (await response.json()).data;
  return methods.find((m) => m.attributes.last4 === last4)!.id;
}

/**
 * Two of the first dish on the week's menu, then another day the week offers, saved through the
 * API as the week's pages save them; answers the dish and the day.
 */
async function chosenRecipesAndDay(request: APIRequestContext, weekId: string) {
  const read = await request.get(`/api/v2/schedule_weeks/${weekId}`, { headers: BRANCH });
  expect(read.ok()).toBe(true);
  const { menu, delivery_date, delivery_days } = (await read.json()).data.attributes as {
    menu: { variant_id: string; title: string }[];
    delivery_date: string;
    delivery_days: { date: string; available: boolean }[];
  };
  const [first] = menu;
  const other = delivery_days.find((day) => day.available && day.date !== delivery_date);
  expect(first && other, 'a dish and another day').toBeTruthy();
  await apiCall(request, 'post', `/schedule_weeks/${weekId}/chef_selections`, {
    selections: [{ variant_id: first!.variant_id, quantity: 2 }],
  });
  await apiCall(request, 'put', `/schedule_weeks/${weekId}`, { delivery_date: other!.date });
  return { dish: first!.title, newDate: other!.date };
}

test.describe(`a subscriber's whole journey (${PHONE.name})`, () => {
  test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

  test('signs up with a box from the menu, skips, chooses, moves, pauses, resumes, changes card, cancels; billing follows', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const request = page.request;

    // A new customer: a box built on /menu, an account made at the checkout, paid with 4242.
    const email = await newSubscriberThroughMenu(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grazie! Your box is ordered');
    const [ordered, next, after] = await planWeeks(request);
    expect(ordered!.attributes.order_id).not.toBeNull();
    const nextDay = dayAndDate(next!.attributes.delivery_date);
    const afterDay = dayAndDate(after!.attributes.delivery_date);

    // The pasta plan: active; skip the next week.
    await page.goto('/account/pasta-plan');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pasta plan');
    const summary = page.getByRole('region', { name: 'Your plan' });
    await expect(summary.getByText('Active', { exact: true })).toBeVisible();
    const nextCard = weekCard(page, next!.attributes.delivery_date);
    await nextCard.getByRole('button', { name: `Skip ${nextDay}` }).click();
    await expect(nextCard.getByText('Skipped', { exact: true })).toBeVisible();
    await expect(page.getByText(PASTA_PLAN_MESSAGES.weekSkipped)).toBeVisible();
    await expectNoAxeViolations(page);

    // The week after: its box details; its recipes and delivery date chosen as its pages save
    // them (the pages themselves: schedule-week.spec.ts and the choose-recipes and
    // change-delivery-date walks in generated-paths.spec.ts).
    await weekCard(page, after!.attributes.delivery_date)
      .getByRole('link', { name: `Box details for ${afterDay}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/schedule/${after!.id}/edit$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your box for ${afterDay}`);
    const { dish, newDate } = await chosenRecipesAndDay(request, after!.id);
    const newDay = dayAndDate(newDate);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your box for ${newDay}`);
    await expect(page.getByText(`2 × ${dish}`)).toBeVisible();

    // Pause the plan until a later week, then resume it.
    await page.goto('/account/pasta-plan');
    await expect(summary.getByText('Active', { exact: true })).toBeVisible();
    await summary.getByRole('button', { name: 'Pause plan' }).click();
    await expect(page.getByRole('heading', { name: 'Pause your plan' })).toBeVisible();
    const until = page.getByLabel('Your boxes start again with the delivery on');
    const resumeOn = await until.locator('option:not([value=""])').last().getAttribute('value');
    expect(resumeOn).toBeTruthy();
    await until.selectOption(resumeOn!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('heading', { name: `Pause your plan until ${dayAndDate(resumeOn!)}?` }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Pause plan' }).click();
    await expect(
      page.getByText(`Paused until ${dayAndDate(resumeOn!)}: your boxes start again that week.`),
    ).toBeVisible();
    await expect(summary.getByText('Paused', { exact: true })).toBeVisible();
    await summary.getByRole('button', { name: 'Resume plan' }).click();
    await expect(page.getByText(PASTA_PLAN_MESSAGES.resumed)).toBeVisible();
    await expect(summary.getByText('Active', { exact: true })).toBeVisible();

    // The plan's card: a new card added in the payment methods section, chosen for the plan.
    const visaId = await methodIdOf(request, '4242');
    expect(await planMethodId(request)).toBe(visaId);
    await page.goto('/account/my-details');
    const methods = page.getByRole('region', { name: 'Payment methods' });
    await methods.getByRole('button', { name: 'Add a card' }).click();
    await methods.getByLabel('Card number').fill('5555 5555 5555 4444');
    await methods.getByLabel('Expiry date').fill('04/39');
    await methods.getByLabel('Security code').fill('123');
    await methods.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText(PAYMENT_METHOD_MESSAGES.added)).toBeVisible();
    await expect(methods.getByRole('listitem', { name: MASTERCARD })).toBeVisible();
    const mastercardId = await methodIdOf(request, '4444');
    await page.goto('/account/pasta-plan');
    const choice = page.getByLabel('Pay for this plan with');
    await expect(choice).toHaveValue(visaId);
    await choice.selectOption(mastercardId);
    await page.getByRole('button', { name: 'Change payment method' }).click();
    await expect(page.getByText(PAYMENT_METHOD_MESSAGES.planMethodChanged)).toBeVisible();
    await expect.poll(() => planMethodId(request)).toBe(mastercardId);

    // Before cancelling: the skipped week is still skipped, the chosen one keeps its recipes and date.
    await expect(summary.getByText('Active', { exact: true })).toBeVisible();
    await expect(nextCard.getByText('Skipped', { exact: true })).toBeVisible();
    const weeks = await planWeeks(request);
    expect(weeks.find((w) => w.id === next!.id)?.attributes.state).toBe('skipped');
    expect(weeks.find((w) => w.id === after!.id)?.attributes.delivery_date).toBe(newDate);
    await page.goto(`/schedule/${after!.id}/edit`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your box for ${newDay}`);
    await expect(page.getByText(`2 × ${dish}`)).toBeVisible();

    // Cancel with a reason.
    await page.goto('/account/pasta-plan');
    await summary.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(page.getByRole('heading', { name: 'Cancel your pasta plan' })).toBeVisible();
    await page.getByLabel('It’s too much food').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Before you go' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to cancel' }).click();
    await expect(page.getByRole('heading', { name: /^Cancel .*\?$/ })).toBeVisible();
    await expect(page.getByText(CANCEL_PLAN_MESSAGES.stillDelivered)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Skip|Pause|Resume)/ })).toHaveCount(0);

    // A billing run for this customer past the next cut-offs: the cancelled plan bills nothing more.
    for (const week of [next!, after!]) {
      const run = await apiCall(request, 'post', '/dev/billing_runs', {
        as_of: minuteAfterCutoff(week),
        customer_email: email,
      });
      expect(run.attributes.orders_created).toBe(0);
    }
    const billed = (await planWeeks(request)).filter((w) => w.attributes.order_id !== null);
    expect(billed.map((w) => w.id)).toEqual([ordered!.id]);
    await page.goto('/account/upcoming-orders');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});
