import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, firstOrderableWeek } from '../../src/domain/weeks';
import { apiCall } from './api';
import { expect, expectNoAxeViolations } from './fixtures';

/** Seeded dishes on every week's menu: variant id = product id x 10 + 1 (Regular). */
export const CORE_REGULAR_VARIANTS = ['11', '21'];

/** A subscription box for the first week still taking orders, filled through the basket API. */
export async function kitBasket(request: APIRequestContext, variants = CORE_REGULAR_VARIANTS) {
  const week = firstOrderableWeek(new Date());
  const basket = await apiCall(request, 'post', '/baskets', {
    type: 'RecipeKitBasket',
    start_subscription: true,
  });
  await apiCall(request, 'put', `/baskets/${basket.id}`, {
    frequency: 2,
    number_of_recipes: 2,
    start_subscription: true,
    delivery_date: addDays(week, 2),
  });
  for (const variant of variants)
    await apiCall(request, 'post', `/baskets/${basket.id}/items`, {
      product_variant_id: variant,
      quantity: 1,
      meal_week: week,
    });
  return basket.id as string;
}

export async function payWithNewCard(page: Page, number: string) {
  await page.getByRole('radio', { name: 'A new card' }).check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('04/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

export async function throughInstructions(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/delivery\/instructions$/);
  await expect(page.getByRole('group', { name: 'Delivery day' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}
