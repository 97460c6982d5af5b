import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { journeySizes } from './support/sizes';

// my-details-page.tsx's PHONE_ONLY_SAVED (kept there, out of the shared first-view code).
const PHONE_ONLY_SAVED =
  'Your phone number was saved, but your name and contact preferences were not. Try saving them again.';

for (const size of journeySizes('desktop')) {
  test.describe(`my details (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test.beforeEach(async ({ page }) => {
      // Signed up through the page's own request context, so the page shares the session.
      await signUpViaApi(page.request);
      await page.goto('/account/my-details');
      await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
    });

    test('date of birth: GOV.UK date input with an error summary, saved and shown again', async ({
      page,
    }) => {
      const save = page.getByRole('button', { name: 'Save date of birth' });
      await page.getByLabel('Day').fill('7');
      await save.click();
      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect(summary).toContainText('Date of birth must include a month and year');
      await expect(page.getByLabel('Month')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Day')).not.toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);

      // The summary's link takes the keyboard to the first field at fault.
      await summary.getByRole('link').click();
      await expect(page.getByLabel('Month')).toBeFocused();

      await page.getByLabel('Month').fill('3');
      await page.getByLabel('Year').fill(String(new Date().getFullYear() - 10));
      await save.click();
      await expect(summary).toContainText('You must be 18 or over to have an account');

      await page.getByLabel('Year').fill('1985');
      await save.click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Your date of birth has been saved.' }),
      ).toBeVisible();
      await expect(summary).toHaveCount(0);

      await page.reload();
      await expect(page.getByLabel('Day')).toHaveValue('7');
      await expect(page.getByLabel('Month')).toHaveValue('3');
      await expect(page.getByLabel('Year')).toHaveValue('1985');
    });

    test('phone: a non-UK number is refused, a UK one is saved in international form', async ({
      page,
    }) => {
      const phone = page.getByLabel('Phone number');
      await phone.fill('+33 1 42 68 53 00');
      await page.getByRole('button', { name: 'Save details' }).click();
      await expect(page.getByRole('alert')).toContainText(
        'Enter a UK phone number, like 07812 345678 or +44 7812 345678',
      );
      // No plus sign passes the page's looser check; the server's UK rule refuses it.
      await phone.fill('0781 23');
      await page.getByRole('button', { name: 'Save details' }).click();
      await expect(page.getByRole('alert')).toContainText('Enter a UK phone number');
      await expectNoAxeViolations(page);

      await phone.fill('07812 345678');
      await page.getByLabel('Text message').check();
      await page.getByRole('button', { name: 'Save details' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Your details have been saved.' }),
      ).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Phone number')).toHaveValue('+447812345678');
      await expect(page.getByLabel('Text message')).toBeChecked();
    });

    test('a phone saved while the other details fail says what saved, and keeps it (R2.20)', async ({
      page,
    }) => {
      // A network failure (the request never reaches the server), not a fake answer of ours.
      await page.route('**/api/v2/me', (route) =>
        route.request().method() === 'PUT' ? route.abort('failed') : route.fallback(),
      );
      await page.getByLabel('Phone number').fill('07812 345678');
      await page.getByLabel('First name').fill('Carlotta');
      await page.getByRole('button', { name: 'Save details' }).click();
      await expect(page.getByRole('alert')).toContainText(PHONE_ONLY_SAVED);
      await expect(page.getByText('Your details have been saved.')).toHaveCount(0);
      await expectNoAxeViolations(page);

      await page.unroute('**/api/v2/me');
      await page.reload();
      await expect(page.getByLabel('Phone number')).toHaveValue('+447812345678');
      await expect(page.getByLabel('First name')).toHaveValue('Carla');
    });

    test('paperless: debounced 300 ms, only the last value is sent, kept on reload', async ({
      page,
    }) => {
      const sent: unknown[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/customers/paperless')) sent.push(request.postDataJSON());
      });
      const toggle = page.getByLabel('Go paperless');
      await expect(toggle).not.toBeChecked();
      // Three quick changes, on, off, on, in one task of the page: a loaded machine can put more
      // than 300 ms between three separate key presses driven from the test.
      await toggle.evaluate((input: HTMLInputElement) => {
        input.click();
        input.click();
        input.click();
      });
      await expect(toggle).toBeChecked();
      await expect(page.getByRole('status').filter({ hasText: 'Paperless is on.' })).toBeVisible();
      expect(sent).toEqual([{ paperless: true }]);
      await expectNoAxeViolations(page);

      await page.reload();
      await expect(page.getByLabel('Go paperless')).toBeChecked();
    });

    test('paperless: a failed call puts the toggle back and says so', async ({ page }) => {
      // A network failure (the request never reaches the server), not a fake answer.
      await page.route('**/api/v2/customers/paperless', (route) => route.abort('failed'));
      const toggle = page.getByLabel('Go paperless');
      await toggle.check();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: "Couldn't change your paperless setting. It is back as it was." }),
      ).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expectNoAxeViolations(page);
    });
  });
}
