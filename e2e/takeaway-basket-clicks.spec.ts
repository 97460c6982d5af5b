import type { Locator, Page } from '@playwright/test';
import { holdNextCall, letGo } from './paths/held-calls';
import { appTookOver, expect, test } from './support/fixtures';

/** Issue 12: no click on the takeaway basket is lost (product rule R4.15), as R7.21 for the kit box. */

const FOCACCIA = 'Garlic Focaccia';
const TIRAMISU = 'Tiramisù';

/**
 * Every basket write answers a little late, as on a slow phone network, so the clicks below land
 * while the one before is still on its way. The real server answers each: nothing is faked.
 */
async function slowBasketWrites(page: Page) {
  await page.route('**/api/v2/baskets**', async (route) => {
    if (route.request().method() !== 'GET') await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
}

async function farringdonMenu(page: Page) {
  await page.goto('/pasta-now-search-address');
  await page.getByLabel('Postcode').fill('EC1N 8SS');
  await page.getByRole('button', { name: 'Find my address' }).click();
  await page.getByRole('radio', { name: '5 Hatton Garden, London' }).check();
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Farringdon menu');
  return page.getByRole('complementary', { name: 'Your basket' });
}

/** The basket at rest: no call on its way (the totals are not marked busy). */
async function settled(basket: Locator) {
  await expect(basket.locator('.takeaway-basket__totals')).not.toHaveAttribute('aria-busy', 'true');
}

/** The line's count as the stepper says it: "Quantity of Garlic Focaccia: 5". */
const quantityOf = (basket: Locator, title = FOCACCIA) =>
  basket.locator('.qty-stepper__value', { hasText: `Quantity of ${title}:` });

test.describe('fast clicks in the takeaway basket', () => {
  test("five fast clicks on a dish's Add all count, on screen and after a reload", async ({
    page,
  }) => {
    const basket = await farringdonMenu(page);
    await slowBasketWrites(page);
    const add = page.getByRole('button', { name: `Add ${FOCACCIA} to basket` });

    for (let click = 0; click < 5; click += 1) await add.click();

    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 5`);
    await settled(basket);
    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 5`);
    await expect(basket.getByRole('alert')).toHaveCount(0);
    await expect(basket.getByRole('definition').first()).toHaveText('£22.50');

    await page.reload();
    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 5`);
  });

  test('plus, plus, minus, plus quickly: the line ends at its net count', async ({ page }) => {
    const basket = await farringdonMenu(page);
    await page.getByRole('button', { name: `Add ${FOCACCIA} to basket` }).click();
    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 1`);
    await settled(basket);
    await slowBasketWrites(page);
    const plus = basket.getByRole('button', { name: `Add one more ${FOCACCIA}` });
    const minus = basket.getByRole('button', { name: `Remove one ${FOCACCIA}` });

    await plus.click();
    await plus.click();
    await minus.click();
    await plus.click();

    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 3`);
    await settled(basket);
    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 3`);
    await expect(basket.getByRole('alert')).toHaveCount(0);

    await page.reload();
    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 3`);
  });

  test('plus clicked while another dish is being added counts too', async ({ page }) => {
    const basket = await farringdonMenu(page);
    await page.getByRole('button', { name: `Add ${FOCACCIA} to basket` }).click();
    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 1`);
    await settled(basket);
    await slowBasketWrites(page);
    const plus = basket.getByRole('button', { name: `Add one more ${FOCACCIA}` });

    await page.getByRole('button', { name: `Add ${TIRAMISU} to basket` }).click();
    await plus.click();
    await plus.click();

    await expect(quantityOf(basket, TIRAMISU)).toHaveText(`Quantity of ${TIRAMISU}: 1`);
    await settled(basket);
    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 3`);
    await expect(basket.getByRole('alert')).toHaveCount(0);

    await page.reload();
    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 3`);
    await expect(quantityOf(basket, TIRAMISU)).toHaveText(`Quantity of ${TIRAMISU}: 1`);
  });

  test('an Add and then a voucher clicked while the basket loads are both sent, in that order', async ({
    page,
  }) => {
    const basket = await farringdonMenu(page);
    const load = await holdNextCall(
      page,
      (request) =>
        request.method() === 'GET' && new URL(request.url()).pathname === '/api/v2/baskets',
    );
    await page.reload();
    await load.arrived;
    await appTookOver(page);

    await page.getByRole('button', { name: `Add ${FOCACCIA} to basket` }).click();
    await basket.getByLabel('Voucher code').fill('pasta10');
    await basket.getByRole('button', { name: 'Apply voucher' }).click();
    await letGo(load, 'continue');

    // Product rule R4.4: the add makes the basket, then the code goes to it.
    await expect(basket).toContainText('Voucher PASTA10 applied.');
    await expect(quantityOf(basket)).toHaveText(`Quantity of ${FOCACCIA}: 1`);
    await settled(basket);
    await expect(basket.getByRole('alert')).toHaveCount(0);
  });
});
