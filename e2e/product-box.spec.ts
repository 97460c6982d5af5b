import type { Page } from '@playwright/test';
import { firstOrderableWeek, menuHandle } from '../src/domain/weeks';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const GNOCCHI = 'Chickpea Gnocchi with Roast Pepper Sauce';
const RAGU = 'Tagliatelle with Slow-Cooked Beef Ragù';

const selectedTab = (page: Page) =>
  page.getByRole('tablist', { name: 'Menu weeks' }).getByRole('tab', { selected: true });
const visiblePanel = (page: Page) => page.getByRole('tabpanel');

/** Opens a dish of the visible week, checks the regular portion and adds it; returns the week name. */
async function addRegular(page: Page, title: string): Promise<string> {
  await visiblePanel(page)
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

test.describe('/menu, the product box', () => {
  test('browse weeks by keyboard, filter, see a dish, fill two weeks, plan, voucher, checkout', async ({
    page,
  }) => {
    await page.goto('/menu');
    const box = page.getByRole('complementary', { name: 'Your box' });
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

    // The plan is saved to the basket.
    await box.getByLabel('Number of recipes').selectOption('4');
    await expect(box.getByLabel('Number of recipes')).toHaveValue('4');
    await expect(box.getByLabel('Number of recipes')).toBeEnabled();
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
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('minus on 1 removes the dish from its week', async ({ page }) => {
    await page.goto('/menu');
    const box = page.getByRole('complementary', { name: 'Your box' });
    const week = await addRegular(page, GNOCCHI);
    await box.getByRole('button', { name: `Remove one ${GNOCCHI} from ${week}` }).click();
    await expect(box).toContainText('Your box is empty');
  });

  test('a week whose menu fails shows its own error and a retry', async ({ page }) => {
    let failing = true;
    const firstWeek = menuHandle(firstOrderableWeek(new Date()));
    await page.route('**/api/v2/storefront/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      // The first orderable week (the tab selected at start) fails; the other weeks load.
      if (failing && body.includes(firstWeek)) return route.abort('failed');
      return route.continue();
    });
    await page.goto('/menu');
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
