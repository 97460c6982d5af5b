import type { Locator, Page } from '@playwright/test';
import { addRegular, boxPanel, GNOCCHI, kitBasket } from './support/kit-checkout';
import { expect, signUpViaApi, test } from './support/fixtures';
import { journeySizes } from './support/sizes';

/** Issue 12, product rule R7.21: no click on the box's plus or minus is lost. */

const RAGU = 'Tagliatelle with Slow-Cooked Beef Ragù';
const CACIO = 'Cacio e Pepe Tonnarelli';

const plusOn = (box: Locator, title: string) =>
  box.getByRole('button', { name: new RegExp(`^Add one ${title} to `) });
const minusOn = (box: Locator, title: string) =>
  box.getByRole('button', { name: new RegExp(`^Remove one ${title} from `) });

/**
 * Every basket write answers a little late, as on a slow phone network, so the clicks below land
 * while the one before is still on its way. The real server answers each: nothing is faked.
 */
async function slowBasketWrites(page: Page) {
  await page.route('**/api/v2/baskets/**', async (route) => {
    if (route.request().method() !== 'GET') await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
}

/** The box at rest: no call on its way (the totals are not marked busy). */
async function settled(box: Locator) {
  await expect(box.locator('dl.basket__totals')).not.toHaveAttribute('aria-busy', 'true');
}

for (const size of journeySizes('phone')) {
  test.describe(`fast clicks in the kit box (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("five fast clicks on a dish's plus all count, on screen and on the server", async ({
      page,
    }) => {
      await slowBasketWrites(page);
      await page.goto('/menu');
      const box = boxPanel(page);
      await addRegular(page, GNOCCHI);
      const plus = plusOn(box, GNOCCHI);

      for (let click = 0; click < 5; click += 1) await plus.click();

      // Shown at once, whatever the server is still doing.
      await expect(box.getByLabel(`6 ${GNOCCHI}`)).toBeVisible();
      await settled(box);
      await expect(box.getByLabel(`6 ${GNOCCHI}`)).toBeVisible();
      await expect(box.getByRole('alert')).toHaveCount(0);
      await expect(box.getByText('Your plan: 6 recipes a week, as in this box.')).toBeVisible();

      await page.reload();
      await expect(boxPanel(page).getByLabel(`6 ${GNOCCHI}`)).toBeVisible();
    });

    test('plus and minus on several dishes quickly: each dish ends at its own count', async ({
      page,
    }) => {
      await signUpViaApi(page.request);
      await kitBasket(page.request);
      await slowBasketWrites(page);
      await page.goto('/menu');
      const box = boxPanel(page);
      await expect(box.getByLabel(`1 ${RAGU}`)).toBeVisible();
      await expect(box.getByLabel(`1 ${CACIO}`)).toBeVisible();

      // A third dish moves the plan to 3 recipes (product rule R7.20): the clicks after it land
      // while the plan is being saved.
      const planSaved = page.waitForRequest(
        (request) => request.method() === 'PUT' && /\/baskets\/[^/]+$/.test(request.url()),
      );
      await plusOn(box, RAGU).click();
      await planSaved;
      await plusOn(box, CACIO).click();
      await plusOn(box, RAGU).click();
      await plusOn(box, CACIO).click();
      await plusOn(box, RAGU).click();
      await minusOn(box, CACIO).click();

      await expect(box.getByLabel(`4 ${RAGU}`)).toBeVisible();
      await expect(box.getByLabel(`2 ${CACIO}`)).toBeVisible();
      await settled(box);
      await expect(box.getByLabel(`4 ${RAGU}`)).toBeVisible();
      await expect(box.getByLabel(`2 ${CACIO}`)).toBeVisible();
      await expect(box.getByRole('alert')).toHaveCount(0);

      await page.reload();
      await expect(boxPanel(page).getByLabel(`4 ${RAGU}`)).toBeVisible();
      await expect(boxPanel(page).getByLabel(`2 ${CACIO}`)).toBeVisible();
    });
  });
}
