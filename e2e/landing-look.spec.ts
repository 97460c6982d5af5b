import type { Page } from '@playwright/test';
import { appTookOver, expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { SIZES } from './support/sizes';

/** Product rules R14.9 and R14.11: the landing's hero, and toasts above a phone's bottom bar. */

const heroImage = (page: Page) => page.getByRole('img', { name: 'A bowl of tagliatelle al ragù' });

/** The page's largest paint and the layout shift of its content so far, as Chromium measured them. */
async function paintMetrics(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ largest: string | null; shift: number }>((resolve) => {
        let largest: string | null = null;
        let shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const element = (entry as PerformanceEntry & { element?: Element }).element;
            largest = element ? (element.getAttribute('alt') ?? element.tagName) : null;
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Only the page's own content: the shell's footer and demo banner are not the hero's.
        const main = document.querySelector('main');
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const { value, sources } = entry as PerformanceEntry & {
              value: number;
              sources: { node?: Node | null }[];
            };
            if (sources.some(({ node }) => node && main?.contains(node))) shift += value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ largest, shift }), 500);
      }),
  );
}

for (const size of SIZES) {
  test.describe(`the landing (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the hero leads with its picture, loaded first and sized, and the postcode search in the first screen', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/pasta-now-search-address$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Fresh pasta, delivered hot',
      );

      const image = heroImage(page);
      await expect(image).toBeVisible();
      await expect(image).toHaveAttribute('width', '480');
      await expect(image).toHaveAttribute('height', '360');
      await expect(image).toHaveAttribute('fetchpriority', 'high');
      await expect(image).not.toHaveAttribute('loading', 'lazy');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const box = (await image.boundingBox())!;
      expect(box.width).toBeGreaterThan(size.width < 960 ? size.width - 1 : 480);
      expect(box.height).toBeGreaterThan(100);

      // The call to action needs no scrolling, on a phone too.
      await expect(page.getByLabel('Postcode')).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Find my address' })).toBeInViewport({
        ratio: 1,
      });

      // The hero picture is the largest paint, and nothing moved while the page loaded.
      await page.evaluate(() => document.fonts.ready);
      const metrics = await paintMetrics(page);
      expect(metrics.largest).toBe('A bowl of tagliatelle al ragù');
      expect(metrics.shift).toBeLessThan(0.01);

      // The pictures further down wait until they are needed.
      const ways = page.getByRole('region', { name: 'Two ways to eat Sfoglia' });
      await expect(ways.locator('img')).toHaveCount(2);
      for (const img of await ways.locator('img').all()) {
        await expect(img).toHaveAttribute('loading', 'lazy');
        await expect(img).toHaveAttribute('width', '480');
        await expect(img).toHaveAttribute('height', '360');
      }
      await expectNoAxeViolations(page);
    });

    test('how pasta now works, and the two ways to eat lead to their screens', async ({ page }) => {
      await page.goto('/pasta-now-search-address');
      const steps = page.getByRole('region', { name: 'How pasta now works' }).getByRole('listitem');
      await expect(steps).toHaveCount(3);
      await expect(steps.first()).toContainText('Tell us your postcode');

      const ways = page.getByRole('region', { name: 'Two ways to eat Sfoglia' });
      await expect(ways.getByRole('heading', { level: 3 })).toHaveText([
        'Pasta now',
        'Recipe kits',
      ]);
      await expect(ways).toContainText('delivered to your door, picked up on your way home');

      await ways.getByRole('link', { name: 'Our restaurants' }).click();
      await expect(page).toHaveURL(/\/restaurants$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our restaurants');

      await page.goBack();
      await ways.getByRole('link', { name: 'This week’s recipe kits' }).click();
      await expect(page).toHaveURL(/\/menu$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recipe kit menu');
    });

    if (size.width < 960)
      test("a toast sits above the recipe kits' box bar, not on it", async ({ page, request }) => {
        const customer = await signUpViaApi(request);
        await page.goto('/menu');
        // The dishes come drawn with the page: a click before the app runs would do nothing.
        await appTookOver(page);
        const title = 'Chickpea Gnocchi with Roast Pepper Sauce';
        await page
          .getByRole('tabpanel')
          .getByRole('button', { name: `View ${title}`, exact: true })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.getByRole('radio', { name: /^Regular portion/ }).check();
        await dialog.getByRole('button', { name: /^Add to the week of / }).click();
        const bar = page.getByRole('region', { name: 'Your box, in short' });
        await expect(bar).toBeVisible();

        // Signing in from the menu comes back to it with a toast, the box still in the bar.
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('link', { name: 'Sign in' }).click();
        await page.getByLabel('Email address').fill(customer.email);
        await page.getByLabel('Password').fill(customer.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page).toHaveURL(/\/menu$/);
        const toast = page.getByRole('status').filter({ hasText: 'You are signed in.' });
        await expect(toast).toBeVisible();
        await expect(bar).toBeVisible();

        // Measured in one go: the toast goes by itself after 3 s (product rule R1.5).
        const [toastBox, barBox] = await Promise.all([toast.boundingBox(), bar.boundingBox()]);
        expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(barBox!.y);
        expect(toastBox!.width).toBeGreaterThan(size.width - 32);
        await expect(bar.getByRole('button', { name: 'View box' })).toBeInViewport({ ratio: 1 });
      });
  });
}
