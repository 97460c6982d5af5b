import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { boxPanel, kitBasket } from './support/kit-checkout';
import { journeySizes } from './support/sizes';
import { shot } from './support/shots';

for (const size of journeySizes('desktop')) {
  test.describe(`/next-order-voucher applies the code to the box (R12.14) at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    // The menu's axe scan is slow on a busy machine.
    test.setTimeout(180_000);

    test('with a box, the link goes to the kit menu and the box gets the voucher', async ({
      page,
    }) => {
      await signUpViaApi(page.request);
      const basketId = await kitBasket(page.request);
      await page.goto('/next-order-voucher?vc=kitchen5');
      await expect(page).toHaveURL(/\/menu$/, { timeout: 15_000 });
      await expect(page.getByText('Voucher KITCHEN5 is applied to your box.')).toBeVisible({
        timeout: 15_000,
      });
      await shot(page, `next-order-voucher-${size.name}`);
      await expectNoAxeViolations(page);
      if (size.name === 'desktop')
        await expect(boxPanel(page).getByRole('status')).toContainText('Voucher KITCHEN5 applied.');
      // The server's box has it: the voucher call, not only the screen.
      const basket = await (await page.request.get(`/api/v2/baskets/${basketId}`)).json();
      expect(basket.data.relationships?.voucher?.data ?? null).not.toBeNull();
      // Applied once and forgotten: coming back does not apply it again.
      await page.reload();
      await expect(page.getByText('Voucher KITCHEN5 is applied to your box.')).toHaveCount(0);
    });

    test("a code the box can't take says why, and the field keeps it", async ({ page }) => {
      await signUpViaApi(page.request);
      await kitBasket(page.request);
      await page.goto('/next-order-voucher?vc=PASTA5');
      await expect(page).toHaveURL(/\/menu$/, { timeout: 15_000 });
      // The flash says why (3 s); on the desktop the box beside the menu keeps it on the field.
      if (size.name === 'desktop') {
        const field = boxPanel(page).getByLabel('Voucher code');
        await expect(field).toHaveValue('PASTA5');
        await expect(
          boxPanel(page).getByText("PASTA5 can't be used for recipe kit orders"),
        ).toBeVisible({
          timeout: 15_000,
        });
      } else
        await expect(
          page.getByText("PASTA5 can't be used for recipe kit orders").first(),
        ).toBeVisible({
          timeout: 15_000,
        });
      await expectNoAxeViolations(page);
    });

    test('without vc it goes to /', async ({ page }) => {
      await page.goto('/next-order-voucher');
      await expect(page).toHaveURL(/\/pasta-now-search-address$/, { timeout: 15_000 });
    });
  });
}
