import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { SIZES } from './support/sizes';

/** Product rules R14.6-R14.8: every restaurant shows its own shop front, sized so nothing shifts. */
const BRANCH = { 'X-Branch': 'web' };

/** The picture has its size set before it loads, and has loaded (lazy ones once scrolled to). */
async function expectArtworkLoaded(image: Locator) {
  await expect(image).toHaveAttribute('width', '480');
  await expect(image).toHaveAttribute('height', '360');
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const box = await image.boundingBox();
  expect(box?.width).toBeGreaterThan(100);
  expect((box?.height ?? 0) / (box?.width ?? 1)).toBeCloseTo(0.75, 1);
}

async function artworkIn(page: Page, list: Locator) {
  const images = list.locator('img');
  const sources = await images.evaluateAll((all) => all.map((img) => img.getAttribute('src')));
  expect(new Set(sources).size).toBe(sources.length);
  for (const image of await images.all()) await expectArtworkLoaded(image);
  await page.evaluate(() => window.scrollTo(0, 0));
  return sources;
}

for (const size of SIZES) {
  test.describe(`restaurant artwork (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the restaurants page leads every card with its own shop front', async ({ page }) => {
      await page.goto('/restaurants');
      const list = page
        .getByRole('list')
        .filter({ has: page.getByRole('link', { name: 'Chiswick' }) });
      await expect(list.getByRole('listitem')).toHaveCount(8);

      const sources = await artworkIn(page, list);

      expect(sources).toHaveLength(8);
      expect(sources.every((src) => src?.startsWith('/artwork/restaurant/'))).toBe(true);
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Greenwich', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Greenwich');
      const hero = page.locator('img[src="/artwork/restaurant/greenwich.svg"]');
      await expectArtworkLoaded(hero);
      await expectNoAxeViolations(page);
    });

    test('the restaurant finder shows each result with its shop front', async ({ page }) => {
      await page.goto('/pasta-now-find');
      await page.getByLabel('Your postcode').fill('W4 2HD');
      await page.getByRole('button', { name: 'Find restaurants' }).click();
      const list = page.getByRole('list', { name: 'Restaurants, nearest first' });
      await expect(list.getByRole('listitem').first().getByRole('heading')).toHaveText('Chiswick');

      const sources = await artworkIn(page, list);

      expect(sources[0]).toBe('/artwork/restaurant/chiswick.svg');
      await expectNoAxeViolations(page);
    });
  });
}

test('every menu product of restaurant 16 has an image_url served as image/svg+xml (R14.6, R14.7)', async ({
  request,
}) => {
  const urls = new Set<string>();
  for (const fulfillment of ['delivery', 'pickup', 'eat_in']) {
    const menu = await request.get(`/api/v2/restaurants/16/menu?fulfillment_type=${fulfillment}`, {
      headers: BRANCH,
    });
    expect(menu.status()).toBe(200);
    const products = (await menu.json()).included as {
      attributes: { title: string; image_url: string | null };
    }[];
    expect(products.length).toBeGreaterThan(20);
    for (const product of products) {
      expect(product.attributes.image_url, product.attributes.title).toMatch(
        /^\/artwork\/takeaway\/[a-z0-9-]+\.svg$/,
      );
      urls.add(product.attributes.image_url ?? '');
    }
  }
  for (const url of urls) {
    const image = await request.get(url);
    expect(image.status(), url).toBe(200);
    expect(image.headers()['content-type'], url).toMatch(/^image\/svg\+xml/);
    expect(image.headers()['cache-control'], url).toBe(
      'public, max-age=86400, stale-while-revalidate=604800',
    );
    expect((await image.body()).subarray(0, 4).toString()).toBe('<svg');
  }
  // The page's policy lets the browser load them: same origin.
  const page = await request.get('/restaurants');
  expect(page.headers()['content-security-policy']).toMatch(/img-src 'self'/);
});
