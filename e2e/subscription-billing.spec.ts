import { addDays, cutoffFor, firstOrderableWeek } from '../domain/weeks';
import { apiCall, savedSandboxCard } from './support/api';
import { kitBasket, savedHome } from './support/kit-checkout';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

test.describe('the subscription engine', () => {
  test('a weekly subscription: the billing job at the next cut-off writes next week’s order, and the customer sees it', async ({
    page,
  }) => {
    const request = page.request;
    const customer = await signUpViaApi(request);
    const firstWeek = firstOrderableWeek(new Date());
    const addressId = await savedHome(request);
    const basketId = await kitBasket(request, undefined, 1);
    const order = await apiCall(request, 'post', '/orders/recipe_kits', {
      basket_id: basketId,
      payment_method_id: await savedSandboxCard(request),
      shipping_address_id: addressId,
    });
    expect(order.attributes.state).toBe('paid');

    // The next week bills at its cut-off: run the job as of a minute after it.
    const nextWeek = addDays(firstWeek, 7);
    const asOf = new Date(cutoffFor(nextWeek).getTime() + 60_000).toISOString();
    // Only this customer's plan: the demo customer's stays as seeded for the other specs.
    const run = await apiCall(request, 'post', '/dev/billing_runs', {
      as_of: asOf,
      customer_email: customer.email,
    });
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
});
