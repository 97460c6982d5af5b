import type { Page } from '@playwright/test';
import { animationsSettled, expect, expectNoAxeViolations, test } from './support/fixtures';
import { SIZES } from './support/sizes';

/** Product rules R14.1-R14.5: the design system, at both sizes the issue names. */

/** Figtree as the page sees it: its face loaded, and the check the Font Loading API offers. */
async function figtreeLoaded(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const faces = [...document.fonts].filter((face) => face.family.includes('Figtree Variable'));
    return {
      loaded: faces.some((face) => face.status === 'loaded'),
      check: document.fonts.check('700 16px "Figtree Variable"'),
      bodyFont: getComputedStyle(document.body).fontFamily,
    };
  });
}

for (const size of SIZES) {
  test.describe(`design system (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the landing preloads the Latin Figtree file and shows it; /dev/design stays out of its load', async ({
      page,
    }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const preload = page.locator('head link[rel="preload"][as="font"]');
      await expect(preload).toHaveCount(1);
      const href = await preload.getAttribute('href');
      expect(href).toMatch(/^\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/);
      await expect(preload).toHaveAttribute('type', 'font/woff2');
      await expect(preload).toHaveAttribute('crossorigin', 'anonymous');

      expect(await figtreeLoaded(page)).toEqual({
        loaded: true,
        check: true,
        bodyFont: expect.stringMatching(/^"Figtree Variable", "Figtree fallback"/),
      });
      // One font file, the preloaded one: no second request for another subset.
      expect(requested.filter((path) => path.endsWith('.woff2'))).toEqual([href]);
      expect(requested.some((path) => path.includes('design-page'))).toBe(false);

      const font = await page.request.get(href!);
      expect(font.status()).toBe(200);
      expect(font.headers()['cache-control']).toMatch(/max-age=31536000.*immutable/);
    });

    test('/dev/design shows every token and component, with 0 axe violations', async ({ page }) => {
      await page.goto('/dev/design');
      // A lazy chunk: on a loaded CI machine it can take longer than expect's 5 s.
      await expect(page.getByRole('heading', { name: 'Design system', level: 1 })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page).toHaveTitle('Design system · Sfoglia');
      for (const heading of [
        'Tokens',
        'Colour',
        'Type scale',
        'Spacing',
        'Radius',
        'Elevation',
        'Components',
        'Buttons',
        'Checkbox, radio and quantity stepper',
        'Cards, dish card, price rows and badges',
        'Tabs',
        'Dialog and sheet',
        'Toasts',
        'Text fields, errors and the error summary',
        'Layout',
        'Example basket',
      ])
        await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.getByText('--color-accent', { exact: true })).toBeVisible();
      const onAccent = page
        .getByRole('row')
        .filter({ has: page.getByText('on-accent on accent', { exact: true }) });
      await expect(onAccent).toContainText('5.88:1');
      // Product rule R14.10: the dish grid and the sticky panel, as the menus use them.
      await expect(
        page.getByRole('list', { name: 'Example dishes' }).getByRole('listitem'),
      ).toHaveCount(4);
      await expect(
        page
          .getByRole('complementary', { name: 'Example basket' })
          .getByRole('button', { name: 'Checkout' }),
      ).toBeVisible();
      expect(await figtreeLoaded(page)).toMatchObject({ loaded: true, check: true });
      await expectNoAxeViolations(page);
    });

    test('checkbox and radio are designed 24 px controls in a 44 px row, by pointer and keyboard', async ({
      page,
    }) => {
      await page.goto('/dev/design');
      const chilli = page.getByRole('checkbox', { name: 'Chilli oil (+£0.50)' });
      const box = await chilli.boundingBox();
      expect(box).toMatchObject({ width: 24, height: 24 });
      const row = await page.locator('.choice', { has: chilli }).boundingBox();
      expect(row!.height).toBeGreaterThanOrEqual(44);
      expect(await chilli.evaluate((input) => getComputedStyle(input).appearance)).toBe('none');

      await page.getByText('Chilli oil (+£0.50)').click();
      await expect(chilli).toBeChecked();
      // Polled: the box fades to the accent colour, and a loaded machine can catch it halfway.
      await expect
        .poll(() => chilli.evaluate((input) => getComputedStyle(input).backgroundColor))
        .toBe('rgb(184, 54, 15)');
      await chilli.press('Space');
      await expect(chilli).not.toBeChecked();

      const regular = page.getByRole('radio', { name: 'Regular, £12.50' });
      await regular.focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: 'Double, £22.00' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'Double, £22.00' })).toBeFocused();
      // Visible focus: the focus colour around the control.
      expect(
        await page
          .getByRole('radio', { name: 'Double, £22.00' })
          .evaluate((input) => getComputedStyle(input).outlineColor),
      ).toBe('rgb(255, 221, 0)');
    });

    test('tabs follow the arrow keys; every tab is 44 px tall', async ({ page }) => {
      await page.goto('/dev/design');
      const tablist = page.getByRole('tablist', { name: 'Weeks' });
      const first = tablist.getByRole('tab', { name: 'This week' });
      expect((await first.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await first.focus();
      await page.keyboard.press('ArrowRight');
      await expect(tablist.getByRole('tab', { name: 'Next week' })).toBeFocused();
      await expect(page.getByRole('tabpanel', { name: 'Next week' })).toHaveText(
        'Fourteen dishes, order by Sunday.',
      );
      await page.keyboard.press('End');
      await expect(page.getByRole('tabpanel', { name: 'In two weeks' })).toBeVisible();
    });

    test(`a long dialog keeps its actions in view (${size.width <= 700 ? 'a bottom sheet' : 'centred'})`, async ({
      page,
    }) => {
      await page.goto('/dev/design');
      await page.getByRole('button', { name: 'Open a long dialog' }).click();
      const dialog = page.getByRole('dialog', { name: 'Lasagne al forno' });
      await expect(dialog).toBeVisible();
      // It slides into place (dialog-in, sheet-in): measured where it comes to rest.
      await animationsSettled(page);
      const box = (await dialog.boundingBox())!;
      if (size.width <= 700) {
        expect(box.width).toBe(size.width);
        expect(Math.round(box.y + box.height)).toBe(size.height);
      } else {
        expect(Math.abs(box.x + box.width / 2 - size.width / 2)).toBeLessThan(2);
        expect(Math.abs(box.y + box.height / 2 - size.height / 2)).toBeLessThan(2);
      }
      // The body scrolls, the actions are in view without scrolling.
      expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(
        true,
      );
      await expect(dialog.getByRole('button', { name: 'Add to basket, £14.00' })).toBeInViewport();
      await dialog.getByText('Layer 12:').scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('button', { name: 'Add to basket, £14.00' })).toBeInViewport();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('a toast is announced politely, at the bottom of the viewport on a phone', async ({
      page,
    }) => {
      await page.goto('/dev/design');
      // The page's static toast examples carry the same colours: scanned before the live one, once
      // they have faded in (toast-in: expectNoAxeViolations waits for it, since axe reads the
      // contrast of a half-faded text as too low).
      await expect(page.locator('.flash--error').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Show a success toast' }).click();
      const region = page.getByRole('status');
      await expect(region).toHaveAttribute('aria-live', 'polite');
      // Measured in one go: the toast goes by itself after 3 s (product rule R1.5).
      const toast = await region.locator('.flash').evaluate((element) => ({
        text: element.textContent,
        box: element.getBoundingClientRect().toJSON() as DOMRect,
        dismiss: element.querySelector('button')?.getAttribute('aria-label'),
      }));
      expect(toast.text).toContain('Cacio e pepe added to your basket.');
      expect(toast.dismiss).toBe('Dismiss: Cacio e pepe added to your basket.');
      expect(size.height - toast.box.bottom).toBeLessThanOrEqual(24);
      if (size.width <= 700) expect(toast.box.width).toBeGreaterThan(size.width - 32);
      else expect(toast.box.left).toBeGreaterThan(size.width / 2);
    });
  });
}

test('/dev/design is not served to a request that came through a proxy', async ({ request }) => {
  const response = await request.get('/dev/design', {
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  expect(response.status()).toBe(404);
});
