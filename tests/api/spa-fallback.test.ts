import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { SESSION_COOKIE } from '../../server/services/sessions';
import type { DatabaseHandle } from '../../server/db/database';
import { createTestDatabase } from './support/test-database';

// A stand-in for dist/: the SPA's shell.
const SHELL = '<!doctype html><title>Sfoglia</title><div id="root"></div>';
const spaRoot = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-spa-'));
writeFileSync(path.join(spaRoot, 'index.html'), SHELL);

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database,
    serveSpa: spaRoot,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(spaRoot, { recursive: true, force: true });
});

describe('the SPA fallback (product rule R1.13)', () => {
  it.each([
    '/menu',
    '/pasta-now-search-address',
    '/login?returnTo=%2Faccount',
    '/pasta-now-checkout/delivery/address',
    '/checkout/payment',
    '/payment/42',
    '/restaurant/106',
    '/takeaway/track/7',
    '/rate-my-takeaway?order_id=7',
    '/account',
    '/account/upcoming-orders',
    '/account/order-history',
    '/account/pasta-plan',
  ])('answers a screen of the app, %s, with the shell and 200', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });

  it.each([
    '/no-such-page',
    '/events/themes',
    '/gift-boxes',
    '/account/payment-methods',
    '/restaurant/106/extra',
    '/menu/nothing-here',
  ])('answers a path that is no screen, %s, with the shell and 404', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(SHELL);
  });

  it('answers HEAD like GET', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/support' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
  });

  it('keeps the JSON:API 404 for an unknown API path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errors: [{ status: '404', code: 'not_found' }] });
  });
});

describe('redirects the server can already tell (product rule R14.15)', () => {
  const redirectOf = async (url: string, cookie?: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      ...(cookie && { headers: { cookie } }),
    });
    return { status: response.statusCode, location: response.headers.location, response };
  };

  it.each([
    ['/', '/pasta-now-search-address'],
    ['/?utm_source=flyer', '/pasta-now-search-address?utm_source=flyer'],
    ['/products', '/menu'],
  ])('sends %s on to %s, whoever asks (R1.1)', async (url, location) => {
    expect(await redirectOf(url)).toMatchObject({ status: 302, location });
    expect(await redirectOf(url, `${SESSION_COOKIE}=anything`)).toMatchObject({
      status: 302,
      location,
    });
  });

  it.each([
    ['/checkout', '/menu'],
    ['/pasta-now-checkout', '/pasta-now'],
  ])(
    'sends a checkout entered with no session, %s, to its menu, as the checkout does with no basket (R5.1)',
    async (url, location) => {
      const { status, response } = await redirectOf(url);
      expect({ status, location: response.headers.location }).toEqual({ status: 302, location });
      // It depends on the cookie: never stored, never shared.
      expect(response.headers['cache-control']).toBe('no-cache, private');
      expect(response.headers.vary).toMatch(/Cookie/);
    },
  );

  it.each([
    ['/checkout', `${SESSION_COOKIE}=a-visitor-with-a-box`],
    ['/checkout?payment_id=12', undefined],
    ['/checkout/delivery/address', undefined],
    ['/pasta-now-checkout', `${SESSION_COOKIE}=ended-long-ago`],
    ['/pasta-now-checkout?setup_intent=seti_1', undefined],
  ])('leaves %s (cookie %s) to the checkout, which reads the basket', async (url, cookie) => {
    const { status, response } = await redirectOf(url, cookie);
    expect(status).toBe(200);
    expect(response.body).toBe(SHELL);
  });
});
