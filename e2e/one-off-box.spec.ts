import type { APIRequestContext } from '@playwright/test';
import { dayAndDate } from '../domain/pasta-plan';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import {
  HOME,
  kitBasket,
  oneOffKitBasket,
  payWithNewCard,
  savedHome,
  throughInstructions,
} from './support/kit-checkout';
import { journeySizes } from './support/sizes';

/** Issue 12, product rule R10.28: a one-off box's own page, and a plan's box sent to its week. */

const BRANCH = { 'X-Branch': 'web' };
const RAGU = 'Tagliatelle with Slow-Cooked Beef Ragù';
const CACIO = 'Cacio e Pepe Tonnarelli';

/** The signed-in customer's one recipe-kit order, as the API lists it. */
async function theKitOrder(request: APIRequestContext) {
  const response = await request.get('/api/v2/orders?filter[type]=recipe_kit', { headers: BRANCH });
  expect(response.ok()).toBe(true);
  const { data } = await response.json();
  expect(data).toHaveLength(1);
  return data[0] as {
    id: string;
    attributes: { delivery_date: string; total_price: number; schedule_week_id: string | null };
  };
}

for (const size of journeySizes('phone')) {
  test.describe(`a recipe box's page (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.setTimeout(120_000);

    test('a one-off box paid by card shows its dishes, day, address, total and payment', async ({
      page,
    }) => {
      await signUpViaApi(page.request);
      await savedHome(page.request);
      await oneOffKitBasket(page.request);
      await page.goto('/checkout');
      await throughInstructions(page);
      await payWithNewCard(page, '4242 4242 4242 4242');
      await expect(page).toHaveURL(/\/checkout\/confirmation$/);
      const order = await theKitOrder(page.request);
      expect(order.attributes.schedule_week_id).toBeNull();

      await page.goto(`/schedule/one-off/${order.id}/view`);

      const day = dayAndDate(order.attributes.delivery_date);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Your one-off box for ${day}`,
      );
      const dishes = page.getByRole('region', { name: 'Your dishes' });
      await expect(dishes.getByText(`1 × ${RAGU}`)).toBeVisible();
      await expect(dishes.getByText(`1 × ${CACIO}`)).toBeVisible();
      await expect(dishes.getByText(/^Total £\d+\.\d\d$/)).toHaveText(
        `Total £${order.attributes.total_price.toFixed(2)}`,
      );
      const facts = page.getByRole('region', { name: 'Delivery and payment' });
      await expect(facts.getByRole('definition').nth(0)).toHaveText(day);
      await expect(facts.getByRole('definition').nth(1)).toContainText(HOME.address1);
      await expect(facts.getByRole('definition').nth(1)).toContainText(HOME.zip);
      await expect(facts.getByRole('definition').nth(2)).toHaveText('Paid · Visa ending 4242');
      await expect(page.getByRole('link', { name: 'See the full order' })).toHaveAttribute(
        'href',
        `/order/${order.id}`,
      );
      await expectNoAxeViolations(page);
    });

    test("a plan's box opened as a one-off goes to its week's page", async ({ page }) => {
      await signUpViaApi(page.request);
      await savedHome(page.request);
      await kitBasket(page.request);
      await page.goto('/checkout');
      await throughInstructions(page);
      await payWithNewCard(page, '4242 4242 4242 4242');
      await expect(page).toHaveURL(/\/checkout\/confirmation$/);
      const order = await theKitOrder(page.request);
      const weekId = order.attributes.schedule_week_id;
      expect(weekId).not.toBeNull();

      await page.goto(`/schedule/one-off/${order.id}/view`);

      await expect(page).toHaveURL(new RegExp(`/schedule/${weekId}/edit$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Your box for ${dayAndDate(order.attributes.delivery_date)}`,
      );
    });
  });
}
