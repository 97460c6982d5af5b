import { expect, test } from './support/fixtures';
import { SIZES } from './support/sizes';

/**
 * Product rule R14.14: the public screens drawn on the server arrive painted in the HTML, and the
 * browser takes them over in place: the same tree, so React reports no difference and the screen
 * works as one drawn in the browser.
 */
const DRAWN = [
  { path: '/pasta-now-search-address', heading: 'Fresh pasta, delivered hot' },
  { path: '/menu', heading: 'Recipe kit menu' },
  { path: '/restaurants', heading: 'Our restaurants' },
  { path: '/restaurant/16', heading: null },
  { path: '/support', heading: 'Help and support' },
] as const;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

for (const size of SIZES) {
  test.describe(`server-drawn screens at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const screen of DRAWN) {
      test(`${screen.path} is in the HTML and hydrates without a difference`, async ({
        page,
        request,
      }) => {
        const html = await (await request.get(screen.path)).text();
        expect(html).not.toContain('<div id="root"></div>');
        if (screen.heading) expect(html).toContain(`>${screen.heading}</h1>`);

        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const reports = await page.evaluate(() =>
          (window.dataLayer ?? []).filter((entry) => entry.message === 'Server render differs'),
        );
        expect(reports).toEqual([]);
      });
    }

    test('a drawn screen answers clicks once the app has taken it over', async ({ page }) => {
      await page.goto('/menu');
      await page.getByRole('button', { name: 'How it works' }).click();
      await expect(page.getByRole('dialog', { name: 'How it works' })).toBeVisible();
      await page.getByRole('button', { name: 'Got it' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    });
  });
}
