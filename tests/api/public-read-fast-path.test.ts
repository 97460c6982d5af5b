import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeSlotDates } from '../../domain/time-slots';
import { takeawaySnoozes } from '../../server/db/schema';
import {
  PublicReadCache,
  SNOOZE_FRESHNESS_MS,
} from '../../server/services/cache/public-read-cache';
import { snoozeProduct } from '../../server/services/takeaway-snoozes';
import { useTestApp } from './support/test-app';

/**
 * The cached public reads through the real node server (R13.4, R13.5): app.inject calls Fastify's
 * handler directly, so only a socket reaches what answers before Fastify.
 */
let offsetMs = 0;
const advance = (ms: number) => {
  offsetMs += ms;
};
const now = () => new Date(Date.now() + offsetMs);
const publicReads = new PublicReadCache(() => now().getTime());
const testApp = useTestApp({ overrides: { now, publicReads } });

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
const snoozedIds = async () =>
  (JSON.parse((await send(SNOOZES)).body).data as { id: string }[]).map((s) => s.id);

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

  it('shows a snooze written through this instance at once', async () => {
    expect(await snoozedIds()).not.toContain('104');
    expect(await snoozedIds()).not.toContain('104');

    await snoozeProduct(
      { db: testApp().database.db, publicReads },
      { restaurantId: 16, productId: 104, until: new Date(Date.now() + offsetMs + 3_600_000) },
    );

    expect(await snoozedIds()).toContain('104');
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
      .where(and(eq(takeawaySnoozes.restaurantId, 16), eq(takeawaySnoozes.productId, 107)));
  });

  it('answers other methods on a cached URL as Fastify does', async () => {
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

    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(header(head, 'content-length')).toBe(header(cached, 'content-length'));
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
