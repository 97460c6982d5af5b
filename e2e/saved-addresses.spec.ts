import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { journeySizes } from './support/sizes';
import { shot } from './support/shots';

const BRANCH = { 'X-Branch': 'web' };

for (const size of journeySizes('desktop')) {
  test.describe(`saved addresses on my details (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test.beforeEach(async ({ page }) => {
      // Signed up through the page's own request context, so the page shares the session.
      await signUpViaApi(page.request);
      await page.goto('/account/my-details');
      await expect(page.getByRole('heading', { level: 2, name: 'Saved addresses' })).toBeVisible();
    });

    // Adding, editing, making the default and deleting (kept, then confirmed) are walked by
    // e2e/paths/saved-addresses.ui.ts; this checks what the walks do not: the error summary's
    // links, the first address becoming the default, the phone as saved, axe, the screenshots.
    test('the form’s errors link to their fields; the first address is the default; axe', async ({
      page,
    }) => {
      // Two axe scans: on a loaded 2-core machine it may outgrow 60 s.
      test.setTimeout(120_000);
      const section = page.getByRole('region', { name: 'Saved addresses' });
      await expect(section.getByText('You have no saved addresses yet.')).toBeVisible();

      // Add: the form checks the UK rules before any call, in a GOV.UK error summary.
      await section.getByRole('button', { name: 'Add an address' }).click();
      const form = section.getByRole('form', { name: 'Add an address' });
      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Last name').fill('Lovelace');
      await form.getByLabel('Address line 1').fill('12 Chiswick High Road');
      await form.getByLabel('Town or city').fill('London');
      await form.getByLabel('Postcode').fill('12345');
      await form.getByLabel('Phone number').fill('+33 6 12 34 56 78');
      await form.getByRole('button', { name: 'Save address' }).click();
      const summary = form.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect(summary).toContainText('Enter a real postcode, like W4 2HD');
      await expect(summary).toContainText('Enter a UK phone number');
      await expect(form.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
      await summary.getByRole('link', { name: 'Enter a real postcode, like W4 2HD' }).click();
      await expect(form.getByLabel('Postcode')).toBeFocused();

      await form.getByLabel('Postcode').fill('w4 2hd');
      await form.getByLabel('Phone number').fill('07812 345678');
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Your address has been saved.' }),
      ).toBeVisible();
      const home = section.getByRole('listitem', {
        name: '12 Chiswick High Road, London, W4 2HD',
      });
      await expect(home).toContainText('Default');
      await expect(home).toContainText('+447812345678');
      await shot(page, `saved-addresses-${size.name}`);

      await home.getByRole('button', { name: /^Edit / }).click();
      const edit = section.getByRole('form', { name: 'Edit your address' });
      await expect(edit.getByLabel('Address line 1')).toHaveValue('12 Chiswick High Road');
      await shot(page, `saved-address-form-${size.name}`);
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // The confirmation before a delete.
      await home.getByRole('button', { name: /^Delete / }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await expect(home).toBeVisible();
    });

    test('the placeholder street and incomplete addresses are not listed', async ({ page }) => {
      // Saved as a checkout could hold them: the API refuses them, so this one is complete and
      // the list shows exactly it.
      const response = await page.request.post('/api/v2/addresses', {
        headers: BRANCH,
        data: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          phone: '07812 345678',
          address1: '1 Turnham Green Terrace',
          city: 'London',
          zip: 'W4 1RG',
        },
      });
      expect(response.status()).toBe(201);
      const refused = await page.request.post('/api/v2/addresses', {
        headers: BRANCH,
        data: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          phone: '07812 345678',
          address1: 'ignore_me',
          city: 'London',
          zip: 'W4 1RG',
        },
      });
      expect(refused.status()).toBe(400);
      await page.reload();
      const section = page.getByRole('region', { name: 'Saved addresses' });
      await expect(section.getByRole('listitem')).toHaveCount(1);
      await expect(section.getByRole('listitem')).toHaveAccessibleName(
        '1 Turnham Green Terrace, London, W4 1RG',
      );
      // The only address with no plan on it can be deleted.
      await expect(section.getByRole('button', { name: /^Delete / })).toBeEnabled();
    });
  });
}
