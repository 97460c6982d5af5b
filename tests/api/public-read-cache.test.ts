import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryFeeConfig, takeawayProducts, takeawaySnoozes } from '../../server/db/schema';
import {
  MENU_FRESHNESS_MS,
  SNOOZE_FRESHNESS_MS,
} from '../../server/services/cache/public-read-cache';
import { snoozeProduct, unsnoozeProduct } from '../../server/services/takeaway-snoozes';
import { signupBody } from './support/customers';
import { takeawayBasket } from './support/takeaway-orders';
import { withMovableClock } from './support/movable-clock';
import { ApiClient } from './support/test-app';

const { testApp, publicReads, now, advance } = withMovableClock();
const client = () => new ApiClient(testApp().app);
const deps = () => ({ db: testApp().database.db, publicReads });

const MENU = '/restaurants/16/menu?fulfillment_type=delivery';
const SNOOZES = '/restaurants/16/snoozed_products?fulfillment_type=delivery';

const snoozedIds = async () =>
  ((await client().get(SNOOZES)).json().data as { id: string }[]).map((s) => s.id);
const menuTitles = async () =>
  ((await client().get(MENU)).json().included as { attributes: { title: string } }[]).map(
    (p) => p.attributes.title,
  );

describe('public reads: ETag and 304 (R13.5)', () => {
  it('answers a strong ETag the browser must revalidate, and 304 when it still matches', async () => {
    const first = await client().get('/restaurants/all');
    const etag = String(first.headers.etag);

    expect(first.statusCode).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');

    const again = await testApp().app.inject({
      method: 'GET',
      url: '/api/v2/restaurants/all',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await testApp().app.inject({
      method: 'GET',
      url: '/api/v2/restaurants/all',
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
  });

  it('answers HEAD as GET without the body: the same ETag, caching and 304, before and after a GET', async () => {
    const url = '/api/v2/restaurants/16/snoozed_products?fulfillment_type=pickup';
    const head = (headers = {}) => testApp().app.inject({ method: 'HEAD', url, headers });
    const before = await head();
    const get = await testApp().app.inject({ method: 'GET', url });
    const after = await head();

    for (const answer of [before, after]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('');
      expect(answer.headers.etag).toBe(get.headers.etag);
      expect(answer.headers['cache-control']).toBe('public, no-cache');
      expect(answer.headers['content-type']).toBe(get.headers['content-type']);
    }
    const notModified = await head({ 'if-none-match': String(get.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.etag).toBe(get.headers.etag);
  });

  it('answers a cached read without any session work: no cookie is set or read', async () => {
    await client().get('/settings');
    const cached = await testApp().app.inject({
      method: 'GET',
      url: '/api/v2/settings',
      headers: { cookie: 'sfoglia_session=not-a-session' },
    });

    expect(cached.statusCode).toBe(200);
    expect(cached.headers['set-cookie']).toBeUndefined();
    expect(cached.json().data.attributes.currency).toBe('GBP');
    expect(cached.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keys by the full query and never caches a refusal', async () => {
    const delivery = await client().get(MENU);
    const eatIn = await client().get('/restaurants/16/menu?fulfillment_type=eat_in');
    expect(delivery.headers.etag).not.toBe(eatIn.headers.etag);

    expect((await client().get('/restaurants/145/menu?fulfillment_type=delivery')).statusCode).toBe(
      400,
    );
    expect((await client().get('/restaurants/999')).statusCode).toBe(404);
    expect((await client().get('/restaurants/999')).headers.etag).toBeUndefined();
  });
});

describe('public reads: freshness and invalidation (R13.4)', () => {
  it('shows a snooze written through this instance at once', async () => {
    expect(await snoozedIds()).not.toContain('104');

    await snoozeProduct(deps(), {
      restaurantId: 16,
      productId: 104,
      until: new Date(now().getTime() + 3_600_000),
    });
    expect(await snoozedIds()).toContain('104');

    await unsnoozeProduct(deps(), { restaurantId: 16, productId: 104 });
    expect(await snoozedIds()).not.toContain('104');
  });

  it('shows a snooze another instance wrote within 30 seconds', async () => {
    expect(await snoozedIds()).not.toContain('105');
    await testApp()
      .database.db.insert(takeawaySnoozes)
      .values({ restaurantId: 16, productId: 105, until: new Date(Date.now() + 7_200_000) });

    advance(SNOOZE_FRESHNESS_MS - 1_000);
    const stillCached = await snoozedIds();
    advance(1_000);
    const fresh = await snoozedIds();

    expect(stillCached).not.toContain('105');
    expect(fresh).toContain('105');
    await testApp()
      .database.db.delete(takeawaySnoozes)
      .where(and(eq(takeawaySnoozes.restaurantId, 16), eq(takeawaySnoozes.productId, 105)));
  });

  it('shows a changed menu within 60 seconds, with a new ETag', async () => {
    const before = await client().get(MENU);
    expect(await menuTitles()).toContain('Cacio e Pepe');
    await testApp()
      .database.db.update(takeawayProducts)
      .set({ title: 'Cacio e Pepe (new recipe)' })
      .where(eq(takeawayProducts.id, 102));

    advance(MENU_FRESHNESS_MS);
    const after = await client().get(MENU);

    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(await menuTitles()).toContain('Cacio e Pepe (new recipe)');
    await testApp()
      .database.db.update(takeawayProducts)
      .set({ title: 'Cacio e Pepe' })
      .where(eq(takeawayProducts.id, 102));
    publicReads.invalidate('menu:16');
  });

  it('drops the delivery fees when a write invalidates them', async () => {
    const [monday] = await testApp().database.db.select().from(deliveryFeeConfig);
    const price = async () =>
      (
        (await client().get('/delivery_fee_config')).json().data as {
          id: string;
          attributes: { price: number };
        }[]
      ).find((row) => row.id === String(monday?.weekDay))?.attributes.price;
    const before = await price();
    await testApp()
      .database.db.update(deliveryFeeConfig)
      .set({ pricePence: (monday?.pricePence ?? 0) + 100 })
      .where(eq(deliveryFeeConfig.weekDay, monday?.weekDay ?? 0));

    const cached = await price();
    publicReads.invalidate('delivery-fees');
    const after = await price();

    expect(cached).toBe(before);
    expect(after).toBe((before ?? 0) + 1);
  });
});

describe('a snoozed dish is never sold after its snooze (R13.4)', () => {
  it('refuses the order even while a cached menu still lists the dish', async () => {
    const browser = client();
    expect((await browser.post('/customers', signupBody())).statusCode).toBe(201);
    const basketId = await takeawayBasket(browser);
    expect(await menuTitles()).toContain('Cacio e Pepe');

    // Another instance snoozes it: this one's cached menu and snoozes do not know yet.
    await testApp()
      .database.db.insert(takeawaySnoozes)
      .values({ restaurantId: 16, productId: 102, until: new Date(Date.now() + 3_600_000) });
    const order = await browser.post('/orders/takeaway', { basket_id: basketId });
    const addAgain = await browser.post(`/baskets/${basketId}/items`, {
      product_variant_id: '102',
      quantity: 1,
      sub_items: [],
    });
    const stillListed = await menuTitles();
    await testApp()
      .database.db.delete(takeawaySnoozes)
      .where(and(eq(takeawaySnoozes.restaurantId, 16), eq(takeawaySnoozes.productId, 102)));

    expect(stillListed).toContain('Cacio e Pepe');
    expect(order.statusCode).toBe(400);
    expect(order.json().errors[0]).toMatchObject({ code: 'product_unavailable' });
    expect(addAgain.statusCode).toBeGreaterThanOrEqual(400);
    expect(addAgain.statusCode).toBeLessThan(500);
  });
});
