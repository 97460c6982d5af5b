import type { APIRequestContext } from '@playwright/test';
import { addDays, cutoffFor, firstOrderableWeek } from '../src/domain/weeks';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

const BRANCH = { 'X-Branch': 'web' };
/** Seeded dishes on every week's menu: variant id = product id x 10 + 1 (Regular). */
const CORE_REGULAR_VARIANTS = ['11', '21'];

async function call(
  request: APIRequestContext,
  method: 'post' | 'put',
  url: string,
  data: unknown,
) {
  const response = await request[method](`/api/v2${url}`, { headers: BRANCH, data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()).data;
}

/** A saved sandbox card that pays (4242 4242 4242 4242). */
async function savedCard(request: APIRequestContext): Promise<string> {
  const setup = await call(request, 'post', '/payment_methods/setup', {
    type: 'CreditCard',
    payment_processor_name: 'sandbox',
  });
  await call(request, 'post', `/sandbox/setup_intents/${setup.id}/confirm`, {
    client_secret: setup.attributes.client_secret,
    card_number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  const method = await call(request, 'post', '/payment_methods', {
    setup_intent_id: setup.id,
    payment_processor_name: 'sandbox',
    type: 'CreditCard',
  });
  return method.id;
}

test.describe('the subscription engine', () => {
  test('a weekly subscription: the billing job at the next cut-off writes next week’s order, and the customer sees it', async ({
    page,
  }) => {
    const request = page.request;
    await signUpViaApi(request);
    const firstWeek = firstOrderableWeek(new Date());
    const address = await call(request, 'post', '/addresses', {
      first_name: 'Carla',
      last_name: 'Bianchi',
      phone: '07812 345678',
      address1: '12 Devonshire Road',
      city: 'London',
      zip: 'W4 2HD',
    });
    const basket = await call(request, 'post', '/baskets', {
      type: 'RecipeKitBasket',
      start_subscription: true,
    });
    await call(request, 'put', `/baskets/${basket.id}`, {
      frequency: 1,
      number_of_recipes: 2,
      start_subscription: true,
      delivery_date: addDays(firstWeek, 2),
    });
    for (const variant of CORE_REGULAR_VARIANTS)
      await call(request, 'post', `/baskets/${basket.id}/items`, {
        product_variant_id: variant,
        quantity: 1,
        meal_week: firstWeek,
      });
    const order = await call(request, 'post', '/orders/recipe_kits', {
      basket_id: basket.id,
      payment_method_id: await savedCard(request),
      shipping_address_id: address.id,
    });
    expect(order.attributes.state).toBe('paid');

    // The next week bills at its cut-off: run the job as of a minute after it.
    const nextWeek = addDays(firstWeek, 7);
    const asOf = new Date(cutoffFor(nextWeek).getTime() + 60_000).toISOString();
    const run = await call(request, 'post', '/dev/billing_runs', { as_of: asOf });
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
