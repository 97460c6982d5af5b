import { SCHEDULE_WEEK_MESSAGES } from '../domain/schedule-week';
import { addDays, cutoffFor, firstOrderableWeek } from '../domain/weeks';
import type { APIRequestContext } from '@playwright/test';
import { apiCall, savedSandboxCard } from './support/api';
import { kitBasket, savedHome } from './support/kit-checkout';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

/** A new customer whose first recipe-kit box is ordered and paid: a weekly plan from this week. */
async function newSubscriber(request: APIRequestContext) {
  const customer = await signUpViaApi(request);
  const addressId = await savedHome(request);
  const basketId = await kitBasket(request, undefined, 1);
  const order = await apiCall(request, 'post', '/orders/recipe_kits', {
    basket_id: basketId,
    payment_method_id: await savedSandboxCard(request),
    shipping_address_id: addressId,
  });
  return { customer, order };
}

/**
 * The billing job as of a minute after next week's cut-off, for this customer's plan only (the
 * demo customer's stays as seeded for the other specs).
 */
function billNextWeekAtItsCutoff(request: APIRequestContext, email: string) {
  const nextWeek = addDays(firstOrderableWeek(new Date()), 7);
  return apiCall(request, 'post', '/dev/billing_runs', {
    as_of: new Date(cutoffFor(nextWeek).getTime() + 60_000).toISOString(),
    customer_email: email,
  });
}

test.describe('the subscription engine', () => {
  test('a weekly subscription: the billing job at the next cut-off writes next week’s order, and the customer sees it', async ({
    page,
  }) => {
    const request = page.request;
    const { customer, order } = await newSubscriber(request);
    expect(order.attributes.state).toBe('paid');

    const run = await billNextWeekAtItsCutoff(request, customer.email);
    expect(run.attributes.orders_created).toBeGreaterThanOrEqual(1);

    await page.goto('/account/upcoming-orders');
    const orders = page.getByRole('main').getByRole('article');
    await expect(orders).toHaveCount(2);
    // The chef chose next week's dishes (the customer picked none): two recipes, as planned.
    const next = orders.filter({ hasText: 'Dishes chosen by our chef' });
    await expect(next).toHaveCount(1);
    await expect(next.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page);
  });

  test('a box still unpaid on its delivery day reads "Unable to process" on the plan’s weeks and on its own page (R9.29)', async ({
    page,
  }) => {
    const request = page.request;
    const { customer, order } = await newSubscriber(request);
    // The next week is charged to a card that is declined, so its box waits for a payment.
    await apiCall(request, 'post', '/subscriptions/change_payment_method', {
      subscription_id: order.attributes.subscription_id,
      payment_method_id: await savedSandboxCard(request, '4000000000000002'),
    });
    await billNextWeekAtItsCutoff(request, customer.email);
    const weeks = (await (await request.get('/api/v2/schedule_weeks')).json()).data as {
      id: string;
      attributes: { delivery_date: string; order_id: string | null; order_state: string | null };
    }[];
    const unpaid = weeks.find((week) => week.attributes.order_state === 'not_authorized');
    if (!unpaid) throw new Error('no unpaid box');
    const dropped = await apiCall(request, 'post', '/dev/billing_runs', {
      as_of: `${unpaid.attributes.delivery_date}T00:05:00Z`,
      customer_email: customer.email,
    });
    expect(dropped.attributes.dropped).toBe(1);

    await page.goto('/account/upcoming-orders');
    const planWeeks = page.getByRole('list', { name: 'Your plan: the weeks ahead' });
    const droppedWeek = planWeeks
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/schedule/${unpaid.id}/edit"]`) });
    await expect(droppedWeek).toContainText('Unable to process');
    await expect(droppedWeek).not.toContainText('Box ordered');
    await expectNoAxeViolations(page);

    await droppedWeek.getByRole('link').click();
    await expect(page.locator('.schedule-week__heading .badge')).toHaveText('Unable to process');
    await expect(page.locator('#week-too-late')).toContainText(SCHEDULE_WEEK_MESSAGES.dropped);
  });
});
