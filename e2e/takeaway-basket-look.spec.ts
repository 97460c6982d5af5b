import type { Locator, Page } from '@playwright/test';
import { animationsSettled, expect, expectNoAxeViolations, test } from './support/fixtures';
import { SIZES } from './support/sizes';

/**
 * Issue 11, takeaway items 1, 2, 4 and 6, what takeaway-menu-look.spec.ts leaves unsaid: real
 * postcodes outside the address table, the phone bar's total, the dialog's image and designed
 * checkboxes, the basket's price rows, its actions apart and its quantity controls in line.
 */

async function openMenu(page: Page) {
  await page.goto('/pasta-now-search-address');
  await page.getByLabel('Postcode').fill('W4 2HD');
  await page.getByRole('button', { name: 'Find my address' }).click();
  await page.getByRole('radio', { name: '12 Devonshire Road, London' }).check();
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiswick menu');
  return page.getByRole('complementary', { name: 'Your basket' });
}

const pounds = (text: string | null) => Number(text?.replace(/[^\d.]/g, ''));

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator} is laid out`).toBeTruthy();
  return found!;
}

/** The space between two boxes, whichever way they sit apart; 0 if they touch or overlap. */
function gap(a: { x: number; y: number; width: number; height: number }, b: typeof a): number {
  const across = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
  const down = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.max(across, down, 0);
}

for (const size of SIZES) {
  test.describe(`takeaway basket look (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('W4 2PH, EC1M 6BQ and SE10 9HT are placed, not refused: the customer types the street', async ({
      page,
    }) => {
      for (const postcode of ['W4 2PH', 'EC1M 6BQ', 'SE10 9HT']) {
        await page.goto('/pasta-now-search-address');
        await page.getByLabel('Postcode').fill(postcode);
        await page.getByRole('button', { name: 'Find my address' }).click();
        await expect(
          page.getByText(
            `We found ${postcode} but not its addresses: type your house number and street.`,
          ),
        ).toBeVisible();
        await expect(page.getByRole('alert')).toHaveCount(0);
        await expect(page.getByText('check the postcode', { exact: false })).toHaveCount(0);
        await expect(page.getByLabel('Address line 1')).toBeFocused();
      }
      await expectNoAxeViolations(page);
      await page.getByLabel('Address line 1').fill('1 Maritime Walk');
      await page.getByLabel('Town or city').fill('London');
      await page.getByRole('button', { name: 'Deliver here' }).click();
      await expect(page).toHaveURL(/\/pasta-now$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ menu$/);
    });

    test('the dialog leads with the dish image; its extras are designed 24 px checkboxes in 44 px rows', async ({
      page,
    }) => {
      await openMenu(page);
      await page.getByRole('button', { name: 'Add Cacio e Pepe to basket' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make your Cacio e Pepe' });
      const image = dialog.locator('img').first();
      await expect(image).toBeVisible();
      await animationsSettled(page);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      const imageBox = await box(image);
      expect(imageBox.width).toBeGreaterThan(200);
      const extra = dialog.getByRole('checkbox', { name: /Extra Parmigiano/ });
      expect(await extra.evaluate((input) => getComputedStyle(input).appearance)).toBe('none');
      expect(await box(extra)).toMatchObject({ width: 24, height: 24 });
      // The whole row, its label included, is the 44 px target.
      const row = dialog.locator('label', { hasText: 'Extra Parmigiano' });
      expect((await box(row)).height).toBeGreaterThanOrEqual(44);
      await row.click();
      await expect(extra).toBeChecked();
      await expect(dialog.getByRole('button', { name: 'Add 1 for £11.50' })).toBeInViewport();
    });

    test('the basket: totals as price rows, its three actions apart, quantity controls in one column; the phone bar agrees', async ({
      page,
    }) => {
      const basket = await openMenu(page);
      await page.getByRole('button', { name: 'Add Garlic Focaccia to basket' }).click();
      await expect(basket.getByRole('listitem')).toHaveCount(1);
      await page.getByRole('button', { name: 'Add Cacio e Pepe to basket' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make your Cacio e Pepe' });
      await dialog.getByRole('checkbox', { name: /Extra Parmigiano/ }).check();
      await dialog.getByRole('button', { name: 'Add 1 for £11.50' }).click();
      await expect(basket.getByRole('listitem')).toHaveCount(2);
      await basket.getByRole('button', { name: 'Add one more Garlic Focaccia' }).click();
      await expect(basket.getByText('Quantity of Garlic Focaccia: 2')).toBeAttached();
      await basket.scrollIntoViewIfNeeded();

      // Product rule R4.12: each total a row, label at the start, amount at the end, on one line.
      const labels = basket.getByRole('term');
      await expect(labels).toHaveText(['Subtotal', 'Delivery fee', 'Total']);
      const amounts = basket.getByRole('definition');
      const rights = new Set<number>();
      for (let index = 0; index < 3; index++) {
        const label = await box(labels.nth(index));
        const amount = await box(amounts.nth(index));
        expect(Math.abs(label.y + label.height / 2 - (amount.y + amount.height / 2))).toBeLessThan(
          4,
        );
        expect(amount.x).toBeGreaterThan(label.x + label.width);
        rights.add(Math.round(amount.x + amount.width));
      }
      expect(rights.size).toBe(1);
      const [subtotal, delivery, total] = (await amounts.allTextContents()).map(pounds);
      expect(subtotal).toBeCloseTo(2 * 4.5 + 11.5, 2);
      expect(total).toBeCloseTo(subtotal! + delivery!, 2);

      // The steppers of lines with short and long names sit in one column.
      const minus = basket.getByRole('button', { name: /^Remove one / });
      const plus = basket.getByRole('button', { name: /^Add one more / });
      await expect(minus).toHaveCount(2);
      const minusX = await minus.evaluateAll((buttons) =>
        buttons.map((b) => Math.round(b.getBoundingClientRect().left)),
      );
      const plusX = await plus.evaluateAll((buttons) =>
        buttons.map((b) => Math.round(b.getBoundingClientRect().left)),
      );
      expect(new Set(minusX).size).toBe(1);
      expect(new Set(plusX).size).toBe(1);
      for (const button of [...(await minus.all()), ...(await plus.all())]) {
        expect((await box(button)).height).toBeGreaterThanOrEqual(44);
      }

      // Product rule R4.13: Empty basket at the top, apart from Apply voucher and Checkout.
      const empty = await box(basket.getByRole('button', { name: 'Empty basket' }));
      const apply = await box(basket.getByRole('button', { name: 'Apply voucher' }));
      const checkout = await box(basket.getByRole('button', { name: 'Checkout' }));
      const firstLine = await box(basket.getByRole('listitem').first());
      expect(empty.y + empty.height).toBeLessThanOrEqual(firstLine.y);
      expect(checkout.y).toBeGreaterThan(firstLine.y);
      expect(gap(empty, checkout)).toBeGreaterThanOrEqual(100);
      expect(gap(empty, apply)).toBeGreaterThanOrEqual(48);
      expect(gap(apply, checkout)).toBeGreaterThanOrEqual(16);
      await expectNoAxeViolations(page);

      const bar = page.getByRole('region', { name: 'Basket summary' });
      if (size.name === 'phone') {
        // Item 2: the bar counts every item and shows the basket's total.
        await expect(bar).toBeInViewport();
        await expect(bar).toContainText('3 items');
        await expect(bar).toContainText(`£${total!.toFixed(2)}`);
      } else {
        await expect(bar).toBeHidden();
      }
    });
  });
}
