import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
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
    '/',
    '/menu',
    '/pasta-now-search-address',
    '/login?returnTo=%2Faccount',
    '/pasta-now-checkout',
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
