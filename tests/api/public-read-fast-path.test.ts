import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeSlotDates } from '../../domain/time-slots';
import { takeawayProducts, takeawaySnoozes } from '../../server/db/schema';
import {
  MENU_FRESHNESS_MS,
  SNOOZE_FRESHNESS_MS,
} from '../../server/services/cache/public-read-cache';
import { snoozeProduct } from '../../server/services/takeaway-snoozes';
import { withMovableClock } from './support/movable-clock';

/**
 * The cached public reads through the real node server (R13.4, R13.5): app.inject calls Fastify's
 * handler directly, so only a socket reaches what answers before Fastify.
 */
const { testApp, publicReads, now, advance } = withMovableClock();

let port = 0;
beforeAll(async () => {
  await testApp().app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp().app.server.address() as AddressInfo).port;
});

interface RawAnswer {
  status: number;
  /** Header lines as sent, in order, less Date (the only one that changes by the second). */
  headers: [string, string][];
  body: string;
}

function send(
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: [string, string][] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) {
            const name = response.rawHeaders[i] ?? '';
            if (name.toLowerCase() !== 'date')
              headers.push([name, response.rawHeaders[i + 1] ?? '']);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString(),
          });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const header = (answer: RawAnswer, name: string) =>
  answer.headers.find(([key]) => key.toLowerCase() === name)?.[1];

const API = '/api/v2';
const SNOOZES = `${API}/restaurants/16/snoozed_products?fulfillment_type=delivery`;
const MENU = `${API}/restaurants/16/menu?fulfillment_type=delivery`;
const snoozedIds = async () =>
  (JSON.parse((await send(SNOOZES)).body).data as { id: string }[]).map((s) => s.id);
const menuTitles = async () =>
  (JSON.parse((await send(MENU)).body).included as { attributes: { title: string } }[]).map(
    (p) => p.attributes.title,
  );

describe('cached public reads through the node server (R13.4, R13.5)', () => {
  it.each([
    `${API}/settings`,
    `${API}/restaurants/all`,
    `${API}/restaurants/16/menu?fulfillment_type=delivery`,
    `${API}/restaurants/16/time_slots?date=${timeSlotDates(new Date())[0]}&fulfillment_type=delivery`,
  ])('answers %s again with the very status, headers and body of its first answer', async (url) => {
    const first = await send(url);
    const second = await send(url);
    const third = await send(url);

    expect(first.status).toBe(200);
    expect(header(first, 'x-content-type-options')).toBe('nosniff');
    expect(header(first, 'content-security-policy')).toContain("default-src 'self'");
    expect(header(first, 'cache-control')).toBe('public, no-cache');
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('answers 304 without a body to a matching If-None-Match, as Fastify does', async () => {
    const url = `${API}/restaurants/all`;
    const etag = header(await send(url), 'etag') ?? '';
    publicReads.invalidate('restaurants');

    const byFastify = await send(url, { headers: { 'if-none-match': etag } });
    await send(url);
    const revalidated = await send(url, { headers: { 'if-none-match': `W/"x", ${etag}` } });
    const changed = await send(url, { headers: { 'if-none-match': '"something-else"' } });

    expect(byFastify.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.sort()).toEqual(byFastify.headers.sort());
    expect(header(revalidated, 'etag')).toBe(etag);
    expect(changed.status).toBe(200);
    expect(header(changed, 'etag')).toBe(etag);
  });

  it('leaves an If-None-Match over 1024 characters to the contract (400)', async () => {
    const url = `${API}/settings`;
    await send(url);
    await send(url);

    const tooLong = await send(url, { headers: { 'if-none-match': `"${'a'.repeat(1023)}"` } });

    expect(tooLong.status).toBe(400);
  });

  it('drops a snooze written here at once, and shows other writes within 30 s and 60 s', async () => {
    const db = testApp().database.db;
    const later = new Date(now().getTime() + 7_200_000);
    await snoozedIds();
    expect(await menuTitles()).toContain('Cacio e Pepe');

    await snoozeProduct({ db, publicReads }, { restaurantId: 16, productId: 104, until: later });
    const atOnce = await snoozedIds();
    // Another instance snoozes a dish and renames one: this instance is not told.
    await db.insert(takeawaySnoozes).values({ restaurantId: 16, productId: 105, until: later });
    await db
      .update(takeawayProducts)
      .set({ title: 'Cacio e Pepe (new)' })
      .where(eq(takeawayProducts.id, 102));
    advance(SNOOZE_FRESHNESS_MS);
    const after30s = { snoozed: await snoozedIds(), menu: await menuTitles() };
    advance(MENU_FRESHNESS_MS - SNOOZE_FRESHNESS_MS);
    const after60s = await menuTitles();
    await db
      .update(takeawayProducts)
      .set({ title: 'Cacio e Pepe' })
      .where(eq(takeawayProducts.id, 102));
    await db.delete(takeawaySnoozes).where(inArray(takeawaySnoozes.productId, [104, 105]));
    publicReads.invalidate('menu:16', 'snoozes:16');

    expect(atOnce).toContain('104');
    expect(after30s.snoozed).toContain('105');
    expect(after30s.menu).toContain('Cacio e Pepe');
    expect(after60s).toContain('Cacio e Pepe (new)');
  });

  it('answers HEAD as its GET without the body, and other methods as Fastify does', async () => {
    const url = `${API}/settings`;
    const cached = await send(url);
    await send(url);

    const head = await send(url, { method: 'HEAD' });
    const post = await send(url, { method: 'POST', headers: { 'x-branch': 'web' } });
    const byFastify = await testApp().app.inject({
      method: 'POST',
      url,
      headers: { 'x-branch': 'web' },
    });

    // HEAD is the GET's answer without its body: the same headers, ETag and caching included.
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers).toEqual(cached.headers);
    const headNotModified = await send(url, {
      method: 'HEAD',
      headers: { 'if-none-match': header(cached, 'etag')! },
    });
    expect(headNotModified.status).toBe(304);
    expect(post.status).toBe(byFastify.statusCode);
    expect(post.body).toBe(byFastify.body);
  });

  it.each([
    [`${API}/settings/`, 404],
    [`${API}/Settings`, 404],
    ['/API/v2/settings', 404],
    [`${API}//settings`, 404],
    [`${API}/restaurants/16/../all`, 404],
    [`${API}/restaurants/16/menu?fulfillment_type=delivery|29000000`, 400],
    [`${API}/%73ettings`, 200],
    [`${API}/restaurants/all?`, 200],
    [`${API}/restaurants/16/menu?fulfillment_type=delivery&x=1`, 200],
  ])(
    'answers %s, another spelling of a cached URL, as Fastify routes it (%i)',
    async (url, status) => {
      await send(`${API}/settings`);
      await send(`${API}/restaurants/all`);
      await send(`${API}/restaurants/16/menu?fulfillment_type=delivery`);

      const first = await send(url);
      const again = await send(url);

      expect(first.status).toBe(status);
      expect(again).toEqual(first);
    },
  );
});
