import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { cutoffFor } from '../../domain/weeks';
import { apiCall, savedSandboxCard } from './api';
import { expect, signUpViaApi, type NewCustomer } from './fixtures';
import {
  boxThroughMenuToCheckout,
  fillHomeAddress,
  kitBasket,
  payWithNewCard,
  savedHome,
  throughInstructions,
} from './kit-checkout';

const BRANCH = { 'X-Branch': 'web' };

/** A week of the signed-in customer's plan, as GET /schedule_weeks answers it. */
export interface PlanWeek {
  id: string;
  attributes: { start_date: string; delivery_date: string; state: string; order_id: string | null };
}

/**
 * A new customer signed in on this page who ordered a box at the kit checkout with a new card
 * (4242), starting a weekly plan: lands on the checkout's confirmation.
 */
export async function newSubscriber(page: Page): Promise<NewCustomer> {
  const customer = await signUpViaApi(page.request);
  await savedHome(page.request);
  await kitBasket(page.request);
  await page.goto('/checkout');
  await throughInstructions(page);
  await payWithNewCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  return customer;
}

/**
 * A new customer, signed in on this page's context, who ordered a box on a plan through the API
 * (the kit checkout's own calls, a saved card that pays): quicker than newSubscriber when the
 * checkout's screens are not what the test is about. Answers the customer.
 */
export async function newSubscriberViaApi(request: APIRequestContext): Promise<NewCustomer> {
  const customer = await signUpViaApi(request);
  const addressId = await savedHome(request);
  const basketId = await kitBasket(request);
  await apiCall(request, 'post', '/orders/recipe_kits', {
    basket_id: basketId,
    payment_method_id: await savedSandboxCard(request),
    shipping_address_id: addressId,
  });
  return customer;
}

/**
 * A new visitor who builds a box on /menu (a box every 2 weeks), creates an account at the
 * checkout, gives the delivery address and pays with a new card (4242): lands on the checkout's
 * confirmation, signed in. Answers the new account's email.
 */
export async function newSubscriberThroughMenu(page: Page): Promise<string> {
  const email = `journey.${randomBytes(5).toString('hex')}@example.com`;
  await boxThroughMenuToCheckout(page);
  await expect(page).toHaveURL(/\/checkout\/continue$/);
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/checkout\/signup$/);
  await page.getByLabel('First name').fill('Lucia');
  await page.getByLabel('Last name').fill('Ferrari');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('pappardelle-2026');
  await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/checkout\/delivery\/address$/);
  await fillHomeAddress(page);
  await throughInstructions(page);
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await payWithNewCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/checkout\/confirmation$/, { timeout: 30_000 });
  return email;
}

/** The signed-in customer's plan weeks, soonest first. */
export async function planWeeks(request: APIRequestContext): Promise<PlanWeek[]> {
  const response = await request.get('/api/v2/schedule_weeks', { headers: BRANCH });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** A minute after the week's cut-off: a dev billing run at this time bills it. */
export const minuteAfterCutoff = (week: PlanWeek) =>
  new Date(cutoffFor(week.attributes.start_date).getTime() + 60_000).toISOString();
