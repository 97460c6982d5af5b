import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, menuHandle, weekStart } from '../../domain/weeks';
import { embeddedCatalogue } from '../../server/services/catalogue/embedded-catalogue';
import { externalCatalogue } from '../../server/services/catalogue/external-catalogue';
import type { Catalogue } from '../../server/services/catalogue/catalogue';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);
const thisWeek = weekStart(new Date());

describe('GET /bundles', () => {
  it('lists the allowed bundles only', async () => {
    const response = await client().get('/bundles');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { type: 'bundles', id: '41', attributes: { product_id: 41, handle: 'date-night-bundle' } },
      ],
    });
  });
});

describe('GET /delivery_fee_config', () => {
  it('gives every delivery weekday a fee and a threshold in pounds', async () => {
    const response = await client().get('/delivery_fee_config');

    expect(response.statusCode).toBe(200);
    const items = response.json().data;
    expect(
      items.map(
        (i: { attributes: { week_day: { index: number } } }) => i.attributes.week_day.index,
      ),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(items[0]).toEqual({
      type: 'delivery_fee_config',
      id: '1',
      attributes: { week_day: { index: 1 }, price: 3.99, threshold: 40 },
    });
    expect(items[5].attributes).toEqual({ week_day: { index: 6 }, price: 4.99, threshold: 50 });
  });
});

describe('the embedded catalogue service', () => {
  const catalogue = () => embeddedCatalogue(testApp().database.db);

  it('finds menus by handle or week start, from the previous week to six ahead', async () => {
    const keys = [addDays(thisWeek, -7), menuHandle(thisWeek), addDays(thisWeek, 42)];
    const menus = await catalogue().weeklyMenus(keys);
    expect(menus.map((m) => m.weekStart)).toEqual([
      addDays(thisWeek, -7),
      thisWeek,
      addDays(thisWeek, 42),
    ]);
    expect(await catalogue().weeklyMenu('2001-01-01')).toBeUndefined();
  });

  it('finds variants by numeric id with their product', async () => {
    const variants = await catalogue().variants(['11', 72, '99999', 'x']);
    expect(variants.map((v) => [v.id, v.title, v.pricePence, v.productType])).toEqual(
      expect.arrayContaining([
        [11, 'Regular', 895, 'Recipe Kit'],
        [72, 'Double Portion, Serves 2', expect.any(Number), 'Recipe Kit'],
      ]),
    );
    expect(variants).toHaveLength(2);
    expect(variants.find((v) => v.id === 72)?.quantityAvailable).toBe(0);
  });

  it('takes tracked stock only while it lasts', async () => {
    const { db } = testApp().database;
    const short = await db.transaction(async (tx) =>
      catalogue().decrementStock(tx, [
        { variantId: 181, quantity: 3 },
        { variantId: 11, quantity: 5 },
      ]),
    );
    expect(short).toEqual([181]);
    const taken = await db.transaction(async (tx) =>
      catalogue().decrementStock(tx, [{ variantId: 181, quantity: 1 }]),
    );
    expect(taken).toEqual([]);
    expect((await catalogue().variants([181]))[0]?.quantityAvailable).toBe(1);
  });
});

describe('the external catalogue, against a local stand-in', () => {
  let server: Server;
  let url: string;
  const seen: { token: string | undefined; body: { query: string } }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(raw) as { query: string; variables?: Record<string, unknown> };
        const token = request.headers['x-shopify-storefront-access-token'];
        seen.push({ token: typeof token === 'string' ? token : undefined, body });
        if (token !== 'storefront-token') {
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ errors: [{ message: 'Unauthorized' }] }));
          return;
        }
        void embeddedCatalogue(testApp().database.db)
          .storefront(body, { recoverCustomer: async () => 'sent' })
          .then((result) => {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify(result));
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const external = (token = 'storefront-token'): Catalogue =>
    externalCatalogue({ url, token, db: testApp().database.db, now: () => new Date() });

  it('reads the same menus as the embedded catalogue, three collections a query', async () => {
    const keys = [0, 7, 14, 21].map((days) => addDays(thisWeek, days));
    seen.length = 0;

    const menus = await external().weeklyMenus(keys);

    expect(menus).toEqual(await embeddedCatalogue(testApp().database.db).weeklyMenus(keys));
    expect(seen).toHaveLength(2);
    expect(seen.every((s) => s.token === 'storefront-token')).toBe(true);
  });

  it('finds variants through the menus around now', async () => {
    const variants = await external().variants(['11', '12']);
    expect(variants.map((v) => [v.id, v.title, v.productTitle]).sort()).toEqual([
      [11, 'Regular', 'Tagliatelle with Slow-Cooked Beef Ragù'],
      [12, 'Double Portion, Serves 2', 'Tagliatelle with Slow-Cooked Beef Ragù'],
    ]);
  });

  it('keeps the allowed bundles in our own list', async () => {
    expect(await external().allowedBundleIds()).toEqual([41]);
  });

  it('fails loudly when the catalogue refuses the token', async () => {
    await expect(external('wrong').weeklyMenu(thisWeek)).rejects.toThrow('HTTP 401');
  });

  describe('behind POST /storefront/graphql', () => {
    let token = 'storefront-token';
    // The stand-in's port is known only once it listens: the app's catalogue asks for it lazily.
    const lazy: Catalogue = {
      kind: 'external',
      weeklyMenus: (keys) => external(token).weeklyMenus(keys),
      weeklyMenu: (key) => external(token).weeklyMenu(key),
      variants: (ids) => external(token).variants(ids),
      allowedBundleIds: () => external(token).allowedBundleIds(),
      decrementStock: (tx, lines) => external(token).decrementStock(tx, lines),
      storefront: (request, context) => external(token).storefront(request, context),
    };
    const forwarded = useTestApp({ overrides: { catalogue: lazy } });
    const query = `{ collection(handle: "${menuHandle(thisWeek)}") { handle } }`;

    it('forwards the browser query to the configured catalogue with the token', async () => {
      seen.length = 0;
      const response = await new ApiClient(forwarded().app).post('/storefront/graphql', { query });

      expect(response.json()).toEqual({ data: { collection: { handle: menuHandle(thisWeek) } } });
      expect(seen).toEqual([
        { token: 'storefront-token', body: { query, variables: null, operationName: null } },
      ]);
    });

    it("answers 502 Couldn't fetch menu when the catalogue fails", async () => {
      token = 'wrong';
      const response = await new ApiClient(forwarded().app).post('/storefront/graphql', { query });
      token = 'storefront-token';

      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ errors: [{ message: "Couldn't fetch menu" }] });
    });
  });
});
