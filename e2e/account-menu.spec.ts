import { DEMO, expect, signIn, test } from './support/fixtures';
import { SIZES } from './support/sizes';

/**
 * Product rule R1.19: the "My account" menu opened the moment sign-in succeeds stays open while
 * the landing redirects itself (`/account` to `/account/dashboard`, behind a loading chunk). It
 * used to close under the customer's finger, and the sign-out helper retried around it.
 */
for (const size of SIZES) {
  test.describe(`the account menu just after sign-in (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('opened at once, it stays open through the landing and signs out in one click', async ({
      page,
    }) => {
      await signIn(page, DEMO.email, DEMO.password);
      const account = page.getByRole('button', { name: 'My account' });
      if (size.width <= 700) {
        // On a phone the header's entries are in the drawer, which the landing keeps open too.
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await expect(account).toBeVisible();
      }
      // One click, as soon as the signed-in header shows: no waiting for the landing first.
      await account.click();
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ciao Giulia');
      await expect(account).toHaveAttribute('aria-expanded', 'true');
      const signOut = page.getByRole('button', { name: 'Sign out' });
      await expect(signOut).toBeVisible();
      // Still open a moment after the dashboard settled: nothing closes it but the customer.
      await page.waitForTimeout(500);
      await expect(signOut).toBeVisible();

      const ended = page.waitForResponse(
        (response) =>
          response.request().method() === 'DELETE' &&
          new URL(response.url()).pathname === '/api/v2/sessions',
      );
      await signOut.click();
      expect((await ended).status()).toBe(204);
      // Home, signed out: not the sign-in screen the account page's guard would have sent them to.
      await expect(page).toHaveURL(/\/pasta-now-search-address$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Fresh pasta, delivered hot',
      );
      await expect(page.getByRole('link', { name: 'Sign in', includeHidden: true })).toBeAttached();
      await expect(
        page.getByRole('button', { name: 'My account', includeHidden: true }),
      ).toHaveCount(0);
      // Moving home closed the phone's drawer.
      if (size.width <= 700)
        await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
          'aria-expanded',
          'false',
        );
    });
  });
}
