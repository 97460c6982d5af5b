import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { SIZES } from './support/sizes';

/** Issue 11, takeaway items 2 to 6, at both sizes the issue names (product rules R4.10 to R4.14). */

async function openMenu(page: Page) {
  await page.goto('/pasta-now-search-address');
  await page.getByLabel('Postcode').fill('W4 2HD');
  await page.getByRole('button', { name: 'Find my address' }).click();
  await page.getByRole('radio', { name: '12 Devonshire Road, London' }).check();
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiswick menu');
  return page.getByRole('complementary', { name: 'Your basket' });
}

const basketLines = (page: Page) =>
  page.getByRole('complementary', { name: 'Your basket' }).getByRole('listitem');

for (const size of SIZES) {
  test.describe(`takeaway menu look (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('an add says so in the live region; the basket bar comes with the first add and its Checkout works', async ({
      page,
    }) => {
      // Three axe scans and the way to the checkout: marked slow for a loaded CI machine.
      test.slow();
      await openMenu(page);
      const bar = page.getByRole('region', { name: 'Basket summary' });
      await expect(bar).toHaveCount(0);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Add Garlic Focaccia to basket' }).click();

      const toasts = page.getByRole('status').filter({ hasText: 'Added Garlic Focaccia' });
      await expect(toasts).toHaveAttribute('aria-live', 'polite');
      await expect(toasts).toContainText('Added Garlic Focaccia');
      await expect(
        page.getByRole('button', { name: 'Add Garlic Focaccia to basket' }),
      ).toBeFocused();
      if (size.name === 'phone') {
        await expect(bar).toBeVisible();
        await expect(bar).toContainText('1 item');
        // Below the minimum the bar leads to the basket, which says what is missing.
        await bar.getByRole('button', { name: 'View basket' }).click();
        await expect(page.getByRole('heading', { name: 'Your basket' })).toBeFocused();
        await page.getByRole('button', { name: 'Add Burrata to basket' }).click();
        await expect(bar).toContainText('2 items');
        await expectNoAxeViolations(page);
        await bar.getByRole('button', { name: 'Checkout' }).click();
      } else {
        // The bar is for phones: a desktop keeps the whole basket in view instead.
        await expect(bar).toBeHidden();
        await page.getByRole('button', { name: 'Add Burrata to basket' }).click();
        await expect(basketLines(page)).toHaveCount(2);
        await page
          .getByRole('complementary', { name: 'Your basket' })
          .getByRole('button', { name: 'Checkout' })
          .click();
      }
      const upsells = page.getByRole('dialog', { name: 'Anything else?' });
      await expect(upsells).toBeVisible();
      // Item 5: a tidy row of cards whose Add buttons share one baseline, however long the name.
      const adds = upsells.getByRole('button', { name: /^Add / });
      await expect(adds.first()).toBeVisible();
      const bottoms = await adds.evaluateAll((buttons) =>
        buttons.map((button) => Math.round(button.getBoundingClientRect().bottom)),
      );
      expect(bottoms.length).toBeGreaterThan(3);
      expect(new Set(bottoms).size).toBe(1);
      await expect(upsells.getByRole('button', { name: 'Continue to checkout' })).toBeInViewport();
      await expectNoAxeViolations(page);
      await upsells.getByRole('button', { name: 'Continue to checkout' }).click();
      await expect(page).toHaveURL(/\/pasta-now-checkout/);
    });

    test('the dialog shows the running price, adds a quantity, merges the same choice into one line and gives focus back', async ({
      page,
    }) => {
      const basket = await openMenu(page);
      const dish = page.getByRole('button', { name: 'Add Cacio e Pepe to basket' });
      await dish.click();
      const dialog = page.getByRole('dialog', { name: 'Make your Cacio e Pepe' });
      await expect(dialog.getByRole('button', { name: 'Add 1 for £10.50' })).toBeVisible();
      await dialog.getByRole('checkbox', { name: /Extra Parmigiano/ }).check();
      await dialog.getByRole('button', { name: 'Add one more Cacio e Pepe' }).click();
      await expect(dialog.getByRole('button', { name: 'Add 2 for £23.00' })).toBeVisible();
      await expectNoAxeViolations(page);

      await dialog.getByRole('button', { name: 'Add 2 for £23.00' }).click();

      await expect(dialog).toBeHidden();
      await expect(
        page.getByRole('status').filter({ hasText: 'Added 2 Cacio e Pepe' }),
      ).toBeVisible();
      await expect(page.locator(':focus')).toHaveAccessibleName('Add Cacio e Pepe to basket');
      await expect(basketLines(page)).toHaveCount(1);

      // The same dish with the same extra again: one line, the quantities summed (R4.10).
      await dish.click();
      await dialog.getByRole('checkbox', { name: /Extra Parmigiano/ }).check();
      await dialog.getByRole('button', { name: 'Add 1 for £11.50' }).click();
      await expect(basket.getByText('Quantity of Cacio e Pepe: 3')).toBeAttached();
      await expect(basketLines(page)).toHaveCount(1);
      await expect(basket).toContainText('with Extra Parmigiano');
      await expect(basket.getByRole('definition').first()).toHaveText('£34.50');

      // Escape closes the dialog and gives focus back too.
      await dish.click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.locator(':focus')).toHaveAccessibleName('Add Cacio e Pepe to basket');
      await expect(basketLines(page)).toHaveCount(1);
    });

    test('Empty basket asks first: Keep my basket keeps it, Yes empties it', async ({ page }) => {
      const basket = await openMenu(page);
      await page.getByRole('button', { name: 'Add Garlic Focaccia to basket' }).click();
      await expect(basketLines(page)).toHaveCount(1);

      await basket.getByRole('button', { name: 'Empty basket' }).click();
      const confirm = page.getByRole('dialog', { name: 'Empty your basket?' });
      await expect(confirm).toContainText('This removes the 1 item from your basket.');
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Keep my basket' }).click();
      await expect(confirm).toBeHidden();
      await expect(basketLines(page)).toHaveCount(1);
      await expect(basket.getByRole('button', { name: 'Empty basket' })).toBeFocused();

      await basket.getByRole('button', { name: 'Empty basket' }).click();
      await confirm.getByRole('button', { name: 'Yes, empty my basket' }).click();
      await expect(basket).toContainText('Your basket is empty');
      await expect(page.getByRole('heading', { name: 'Your basket' })).toBeFocused();
      await page.reload();
      await expect(basket).toContainText('Your basket is empty');
    });

    if (size.name === 'desktop') {
      test("the basket's Checkout stays in view after scrolling the menu to the bottom", async ({
        page,
      }) => {
        const basket = await openMenu(page);
        await page.getByRole('button', { name: 'Add Cacio e Pepe to basket' }).click();
        await page
          .getByRole('dialog', { name: 'Make your Cacio e Pepe' })
          .getByRole('button', { name: 'Add 1 for £10.50' })
          .click();
        await expect(basketLines(page)).toHaveCount(1);

        await page.keyboard.press('End');
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

        await expect(basket.getByRole('button', { name: 'Checkout' })).toBeInViewport({
          ratio: 1,
        });
        await expect(basket.getByRole('button', { name: 'Checkout' })).toBeEnabled();
      });
    }
  });
}
