import type { Page } from '@playwright/test';
import { weekLabel } from '../domain/week-labels';
import { addDays, firstOrderableWeek, menuHandle } from '../domain/weeks';
import { signOutThroughMenu } from './support/account-menu';
import {
  addRegular,
  boxPanel,
  GNOCCHI,
  visibleWeekPanel as visiblePanel,
} from './support/kit-checkout';
import { appTookOver, expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

const RAGU = 'Tagliatelle with Slow-Cooked Beef Ragù';

const selectedTab = (page: Page) =>
  page.getByRole('tablist', { name: 'Menu weeks' }).getByRole('tab', { selected: true });

/** The ids of this browser's recipe-kit baskets, as the basket API lists them. */
async function kitBasketIds(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/v2/baskets');
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as {
    data: { id: string; attributes: { basket_type: string } }[];
  };
  return data
    .filter((basket) => basket.attributes.basket_type === 'RecipeKitBasket')
    .map((basket) => basket.id);
}

test.describe('/menu, the product box', () => {
  test('browse weeks by keyboard, filter, see a dish, fill two weeks, plan, voucher, checkout', async ({
    page,
  }) => {
    // The longest journey here, with an axe scan per screen: 60 s is too tight on a loaded 2-core CI.
    test.slow();
    await page.goto('/menu');
    const box = boxPanel(page);
    await expect(box).toContainText('Your box is empty');
    await expect(
      visiblePanel(page).getByRole('heading', { name: 'Customer Favourites' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Weeks as tabs: arrow keys move the selection and the focus.
    const firstWeek = (await selectedTab(page).textContent()) ?? '';
    await selectedTab(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect(selectedTab(page)).not.toHaveText(firstWeek);
    await expect(selectedTab(page)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(selectedTab(page)).toHaveText(firstWeek);

    // The dietary filter: Free From leaves the beef ragù out.
    await page.getByRole('checkbox', { name: 'Free From' }).check();
    await expect(visiblePanel(page).getByRole('heading', { name: GNOCCHI })).toBeVisible();
    await expect(visiblePanel(page).getByRole('heading', { name: RAGU })).toHaveCount(0);

    // The product view: allergens by name and the double portion's saving.
    await visiblePanel(page)
      .getByRole('button', { name: `View ${GNOCCHI}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: GNOCCHI });
    await expect(dialog.getByRole('list', { name: 'Allergens' })).toContainText('Celery');
    await expect(dialog).toContainText(
      /The double portion saves \d+% against two regular portions\./,
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Week one: a £7.95 dish is £2.05 short of the £10 minimum.
    const week1 = await addRegular(page, GNOCCHI);
    await expect(box).toContainText(`Add £2.05 more in dishes to reach the minimum for ${week1}.`);
    await expect(box.getByRole('button', { name: 'Checkout' })).toBeDisabled();

    // Week two.
    await page.getByRole('checkbox', { name: 'Free From' }).uncheck();
    await selectedTab(page).focus();
    await page.keyboard.press('ArrowRight');
    const week2 = await addRegular(page, RAGU);
    expect(week2).not.toBe(week1);
    await expect(box).toContainText(`Add £1.05 more in dishes to reach the minimum for ${week2}.`);

    // Meeting the minimum in both weeks.
    await box.getByRole('button', { name: `Add one ${GNOCCHI} to ${week1}` }).click();
    await expect(box.getByText(/meets the minimum/)).toHaveCount(1);
    await box.getByRole('button', { name: `Add one ${RAGU} to ${week2}` }).click();
    await expect(box.getByText(/meets the minimum/)).toHaveCount(2);

    // The plan is saved to the basket: its recipes follow the first week's 2 dishes (R7.20).
    await expect(box.getByText('Your plan: 2 recipes a week, as in this box.')).toBeVisible();
    await expect(box.getByLabel('Delivery frequency')).toBeEnabled();
    await box.getByLabel('Delivery frequency').selectOption('2');
    await expect(box.getByLabel('Delivery frequency')).toHaveValue('2');
    await expect(box.getByLabel('Delivery frequency')).toBeEnabled();

    // A voucher.
    await box.getByLabel('Voucher code').fill('10extra');
    await box.getByRole('button', { name: 'Apply voucher' }).click();
    await expect(box.getByText('Voucher 10EXTRA applied.')).toBeVisible();
    await expect(box.getByText('Discount')).toBeVisible();
    await expectNoAxeViolations(page);

    await box.getByRole('button', { name: 'Checkout' }).click();
    // A visitor: the checkout asks them to sign in or create an account first (R5.1). Its
    // first URL, /checkout, lasts only until the machine routes, so the test waits for where it rests.
    await expect(page).toHaveURL(/\/checkout\/continue$/);
  });

  test('minus on 1 removes the dish from its week', async ({ page }) => {
    await page.goto('/menu');
    const box = boxPanel(page);
    const week = await addRegular(page, GNOCCHI);
    await box.getByRole('button', { name: `Remove one ${GNOCCHI} from ${week}` }).click();
    await expect(box).toContainText('Your box is empty');
  });

  test('signing out deletes the box and starts an empty one', async ({ page }) => {
    const customer = await signUpViaApi(page.request);
    await page.goto('/menu');
    const box = boxPanel(page);
    await addRegular(page, GNOCCHI);
    await expect(box.getByText(GNOCCHI)).toBeVisible();
    const [before] = await kitBasketIds(page);

    await signOutThroughMenu(page);
    await page.goto('/menu');
    await expect(box.getByText(GNOCCHI)).toHaveCount(0);
    await expect(box).toContainText('Your box is empty');

    // Deleted, not only out of a visitor's reach: signed in again, the old box answers 404.
    const signedIn = await page.request.post('/api/v2/sessions', {
      headers: { 'X-Branch': 'web' },
      data: { email: customer.email, password: customer.password },
    });
    expect(signedIn.status()).toBe(201);
    expect((await page.request.get(`/api/v2/baskets/${before}`)).status()).toBe(404);
    expect(await kitBasketIds(page)).not.toContain(before);
  });

  test("a later week's menu is read ahead, and its dishes drawn when its tab opens (R14.16)", async ({
    page,
  }) => {
    const nextWeek = addDays(firstOrderableWeek(new Date()), 7);
    const nextWeekRead = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v2/storefront/graphql') &&
        (response.request().postData() ?? '').includes(menuHandle(nextWeek)),
    );
    await page.goto('/menu');
    await appTookOver(page);
    expect((await nextWeekRead).ok()).toBe(true);
    // Read, not drawn: its panel (hidden) shows neither dishes nor a loading line while closed.
    const nextTab = page.getByRole('tab', { name: new RegExp(`^${weekLabel(nextWeek)}\\b`) });
    const nextPanel = page.locator(`#${await nextTab.getAttribute('aria-controls')}`);
    await expect(nextPanel).toBeHidden();
    await expect(nextPanel.locator('.kit-dish')).toHaveCount(0);
    await expect(nextPanel.getByText('Loading the menu…')).toHaveCount(0);

    // Opened: its dishes are there at once, from the read already made.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v2/storefront/graphql')) reads.push(request.url());
    });
    await nextTab.click();
    await expect(
      visiblePanel(page).getByRole('heading', { name: 'Customer Favourites' }),
    ).toBeVisible();
    expect(reads).toEqual([]);
  });

  test('a week whose menu fails shows its own error and a retry', async ({ page }) => {
    let failing = true;
    // The first orderable week comes drawn with the page (R14.14): the week after it is the
    // first one the browser reads, and its read fails on the network; the other weeks load.
    const nextWeek = addDays(firstOrderableWeek(new Date()), 7);
    await page.route('**/api/v2/storefront/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (failing && body.includes(menuHandle(nextWeek))) return route.abort('failed');
      return route.continue();
    });
    await page.goto('/menu');
    // The tabs come drawn with the page: a click before the app runs would do nothing.
    await appTookOver(page);
    await page.getByRole('tab', { name: new RegExp(`^${weekLabel(nextWeek)}\\b`) }).click();
    const panel = visiblePanel(page);
    await expect(panel.getByRole('alert')).toContainText("Couldn't fetch menu", {
      timeout: 20_000,
    });
    await expectNoAxeViolations(page);

    failing = false;
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(panel.getByRole('heading', { name: 'Customer Favourites' })).toBeVisible();
  });
});
