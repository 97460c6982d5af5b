import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, firstOrderableWeek, weekStart } from '../../domain/weeks';
import { apiCall } from './api';
import { expect, expectNoAxeViolations, signUpViaApi } from './fixtures';

/** Seeded dishes on every week's menu: variant id = product id x 10 + 1 (Regular). */
export const CORE_REGULAR_VARIANTS = ['11', '21'];

/** A seeded dish on every week's menu: £7.95 for the regular portion. */
export const GNOCCHI = 'Chickpea Gnocchi with Roast Pepper Sauce';

export const visibleWeekPanel = (page: Page) => page.getByRole('tabpanel');
export const boxPanel = (page: Page) => page.getByRole('complementary', { name: 'Your box' });

/** On /menu: opens a dish of the visible week, picks the regular portion and adds it; answers the week's name. */
export async function addRegular(page: Page, title: string): Promise<string> {
  await visibleWeekPanel(page)
    .getByRole('button', { name: `View ${title}`, exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('radio', { name: /^Regular portion/ }).check();
  const add = dialog.getByRole('button', { name: /^Add to the week of / });
  const name = ((await add.textContent()) ?? '').replace('Add to ', '');
  await add.click();
  await expect(dialog).toBeHidden();
  return name;
}

/**
 * A box built on /menu as the customer does: two regular gnocchi in the first orderable week
 * (£15.90, over the £10 minimum), a box every 2 weeks; then its Checkout button.
 */
export async function boxThroughMenuToCheckout(page: Page) {
  await page.goto('/menu');
  const box = boxPanel(page);
  const week = await addRegular(page, GNOCCHI);
  // No wait for the first dish to be saved: a click while the box is saved counts (R7.21).
  await box.getByRole('button', { name: `Add one ${GNOCCHI} to ${week}` }).click();
  await expect(box.getByLabel(`2 ${GNOCCHI}`)).toBeVisible();
  await expect(box.getByText(/meets the minimum/)).toHaveCount(1);
  // The plan's recipes follow the box (product rule R7.20); each plan change waits for the one
  // before: the controls are disabled while it is saved.
  await expect(box.getByText('Your plan: 2 recipes a week, as in this box.')).toBeVisible();
  await expect(box.getByLabel('Delivery frequency')).toBeEnabled();
  await box.getByLabel('Delivery frequency').selectOption('2');
  await expect(box.getByLabel('Delivery frequency')).toHaveValue('2');
  await expect(box.getByLabel('Delivery frequency')).toBeEnabled();
  await box.getByRole('button', { name: 'Checkout' }).click();
}

/** A row of the payment step's summary (Dishes, Delivery, To pay now): its amount. */
export const paymentSummaryRow = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('dl.payment__preview > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');

/** A delivery address the seeded postcode directory knows. */
export const HOME = {
  first_name: 'Carla',
  last_name: 'Bianchi',
  phone: '07812 345678',
  address1: '12 Devonshire Road',
  city: 'London',
  zip: 'W4 2HD',
};

/** Saves HOME as the signed-in customer's address; answers its id. */
export const savedHome = async (request: APIRequestContext): Promise<string> =>
  (await apiCall(request, 'post', '/addresses', HOME)).id;

/** The days the day step can offer HOME (R8.4: no Sundays, 25 or 26 December, courier closures). */
async function offeredDays(request: APIRequestContext): Promise<string[]> {
  const response = await request.post('/api/v2/session_client/delivery_dates', {
    headers: { 'X-Branch': 'web' },
    data: { postcode: HOME.zip },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const dates: { attributes: { date: string; available: boolean } }[] = (await response.json())
    .data;
  return dates.filter((d) => d.attributes.available).map((d) => d.attributes.date);
}

/** The date of a week's weekday (1 Monday .. 6 Saturday). */
const dayOfWeek = (week: string, weekDay: number) => addDays(week, weekDay - 1);

/**
 * The day a test box comes, whatever today is: the Wednesday of `week` (the first week still
 * taking orders unless told) when the day step offers it, else that week's first offered day, as
 * the day step itself would move it (R8.5). The seed closes a Wednesday two weeks on, and
 * Christmas closes 25 and 26 December (R8.4).
 */
export async function boxDeliveryDate(
  request: APIRequestContext,
  week = firstOrderableWeek(new Date()),
): Promise<string> {
  const inWeek = (await offeredDays(request)).filter((date) => weekStart(date) === week);
  const day = inWeek.includes(dayOfWeek(week, 3)) ? dayOfWeek(week, 3) : inWeek[0];
  if (!day) throw new Error(`no day of the week of ${week} is offered`);
  return day;
}

/**
 * The first week still taking orders whose Saturday the day step offers, with its first other
 * offered day (a weekday, with the weekday fee): two days of one week with different fees
 * (R8.6, R8.10), whatever the seed's closures and Christmas (R8.4) close.
 */
export async function weekWithSaturday(
  request: APIRequestContext,
): Promise<{ week: string; weekday: string; saturday: string }> {
  const offered = await offeredDays(request);
  for (const week of [...new Set(offered.map((date) => weekStart(date)))]) {
    const saturday = dayOfWeek(week, 6);
    const weekday = offered.find((date) => weekStart(date) === week && date !== saturday);
    if (offered.includes(saturday) && weekday) return { week, weekday, saturday };
  }
  throw new Error('no week in the window offers a Saturday and a weekday');
}

/**
 * A box for a week still taking orders (the first unless told), filled through the basket API:
 * on a plan (every `plan.frequency` weeks) or, with `plan` null, a one-off box. Comes on
 * boxDeliveryDate. Answers the basket's id.
 */
async function filledKitBasket(
  request: APIRequestContext,
  variants: string[],
  plan: { frequency: number } | null,
  at?: { week: string; deliveryDate: string },
) {
  const week = at?.week ?? firstOrderableWeek(new Date());
  const deliveryDate = at?.deliveryDate ?? (await boxDeliveryDate(request, week));
  const start_subscription = plan !== null;
  const basket = await apiCall(request, 'post', '/baskets', {
    type: 'RecipeKitBasket',
    start_subscription,
  });
  await apiCall(request, 'put', `/baskets/${basket.id}`, {
    ...(plan && { frequency: plan.frequency, number_of_recipes: 2 }),
    start_subscription,
    delivery_date: deliveryDate,
  });
  for (const variant of variants)
    await apiCall(request, 'post', `/baskets/${basket.id}/items`, {
      product_variant_id: variant,
      quantity: 1,
      meal_week: week,
    });
  return basket.id as string;
}

/** A subscription box of `variants` for the first week still taking orders (or `at`'s week and day). */
export const kitBasket = (
  request: APIRequestContext,
  variants = CORE_REGULAR_VARIANTS,
  frequency = 2,
  at?: { week: string; deliveryDate: string },
) => filledKitBasket(request, variants, { frequency }, at);

/** A one-off box (no plan) of the two core dishes for the first week still taking orders. */
export const oneOffKitBasket = (request: APIRequestContext) =>
  filledKitBasket(request, CORE_REGULAR_VARIANTS, null);

export async function payWithNewCard(page: Page, number: string) {
  // With no saved method the card form is the only way to pay: no choice to make.
  await expect(page.getByRole('button', { name: /^Pay £/ })).toBeVisible();
  const newCard = page.getByRole('radio', { name: 'A new card' });
  if (await newCard.count()) await newCard.check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('04/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

/** On the address step: HOME's phone and address (the names come from the account), then Continue. */
export async function fillHomeAddress(page: Page) {
  await page.getByLabel('Phone number').fill(HOME.phone);
  await page.getByLabel('Address line 1').fill(HOME.address1);
  await page.getByLabel('Town or city').fill(HOME.city);
  await page.getByLabel('Postcode').fill(HOME.zip);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A signed-up customer with HOME saved and a box, through instructions to the payment step. */
export async function returningCustomerAtPayment(page: Page) {
  await signUpViaApi(page.request);
  await savedHome(page.request);
  await kitBasket(page.request);
  await page.goto('/checkout');
  await throughInstructions(page);
}

export async function throughInstructions(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/delivery\/instructions$/);
  await expect(page.getByRole('group', { name: 'Delivery day' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}
