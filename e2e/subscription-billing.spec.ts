import { addDays, cutoffFor, firstOrderableWeek } from '../src/domain/weeks';
import { apiCall, savedSandboxCard } from './support/api';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

/** Seeded dishes on every week's menu: variant id = product id x 10 + 1 (Regular). */
const CORE_REGULAR_VARIANTS = ['11', '21'];

test.describe('the subscription engine', () => {
  test('a weekly subscription: the billing job at the next cut-off writes next week’s order, and the customer sees it', async ({
    page,
  }) => {
    const request = page.request;
    await signUpViaApi(request);
    const firstWeek = firstOrderableWeek(new Date());
    const address = await apiCall(request, 'post', '/addresses', {
      first_name: 'Carla',
      last_name: 'Bianchi',
      phone: '07812 345678',
      address1: '12 Devonshire Road',
      city: 'London',
      zip: 'W4 2HD',
    });
    const basket = await apiCall(request, 'post', '/baskets', {
      type: 'RecipeKitBasket',
      start_subscription: true,
    });
    await apiCall(request, 'put', `/baskets/${basket.id}`, {
      frequency: 1,
      number_of_recipes: 2,
      start_subscription: true,
      delivery_date: addDays(firstWeek, 2),
    });
    for (const variant of CORE_REGULAR_VARIANTS)
      await apiCall(request, 'post', `/baskets/${basket.id}/items`, {
        product_variant_id: variant,
        quantity: 1,
        meal_week: firstWeek,
      });
    const order = await apiCall(request, 'post', '/orders/recipe_kits', {
      basket_id: basket.id,
      payment_method_id: await savedSandboxCard(request),
      shipping_address_id: address.id,
    });
    expect(order.attributes.state).toBe('paid');

    // The next week bills at its cut-off: run the job as of a minute after it.
    const nextWeek = addDays(firstWeek, 7);
    const asOf = new Date(cutoffFor(nextWeek).getTime() + 60_000).toISOString();
    const run = await apiCall(request, 'post', '/dev/billing_runs', { as_of: asOf });
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
