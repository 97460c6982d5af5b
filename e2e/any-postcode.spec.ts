import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { journeySizes } from './support/sizes';

/** Product rule R3.13: any real UK postcode is placed, at both sizes the issue names. */

for (const size of journeySizes('phone')) {
  test.describe(`any real UK postcode (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('SW1A 1AA, not in the address table, asks for the street and lands on the menu', async ({
      page,
    }) => {
      await page.goto('/pasta-now-search-address');
      await page.getByLabel('Postcode').fill('sw1a1aa');
      await page.getByRole('button', { name: 'Find my address' }).click();

      await expect(
        page.getByText(
          'We found SW1A 1AA but not its addresses: type your house number and street.',
        ),
      ).toBeVisible();
      await expect(page.getByLabel('Address line 1')).toBeFocused();
      await expect(page.getByText('check the postcode', { exact: false })).toHaveCount(0);
      await expectNoAxeViolations(page);

      await page.getByLabel('Address line 1').fill('1 Horse Guards Road');
      await page.getByLabel('Town or city').fill('London');
      await page.getByRole('button', { name: 'Deliver here' }).click();
      await expect(page).toHaveURL(/\/pasta-now$/);
      const stored = await page.evaluate(() =>
        JSON.parse(localStorage.getItem('sfoglia.delivery') ?? 'null'),
      );
      expect(stored.value).toMatchObject({
        restaurantSite: 'New Oxford Street',
        address: {
          address1: '1 Horse Guards Road',
          city: 'London',
          zip: 'SW1A 1AA',
          lat: 51.50265,
          lon: -0.13111,
        },
      });
    });

    test('IV1 1AA, far from every restaurant, gets the recipe-kit modal, not an error', async ({
      page,
    }) => {
      await page.goto('/pasta-now-search-address');
      await page.getByLabel('Postcode').fill('IV1 1AA');
      await page.getByRole('button', { name: 'Find my address' }).click();
      await page.getByLabel('Address line 1').fill('1 High Street');
      await page.getByLabel('Town or city').fill('Inverness');
      await page.getByRole('button', { name: 'Deliver here' }).click();

      const dialog = page.getByRole('dialog', {
        name: "Sorry, we can't deliver hot pasta to this address yet",
      });
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Get a recipe kit' }).click();
      await expect(page).toHaveURL(/\/menu$/);
    });
  });
}
