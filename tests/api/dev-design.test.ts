import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import { createTestDatabase } from './support/test-database';

// A stand-in for dist/: the SPA's index.html.
const spaRoot = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-design-'));
const INDEX =
  '<!doctype html><div id="root"></div><script type="module" src="/assets/a.js"></script>';
writeFileSync(path.join(spaRoot, 'index.html'), INDEX);

const UNKNOWN_ROUTE = { errors: [{ status: '404', code: 'not_found', title: 'Not found' }] };

let database: DatabaseHandle;
let off: FastifyInstance;
let production: FastifyInstance;
let on: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const build = (env: NodeJS.ProcessEnv) =>
    buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
      database,
      serveSpa: spaRoot,
    });
  off = await build({});
  production = await build({ NODE_ENV: 'production', PUBLIC_URL: 'https://sfoglia.example' });
  on = await build({ DEV_TOOLS: 'true' });
  await Promise.all([off.ready(), production.ready(), on.ready()]);
});

afterAll(async () => {
  await Promise.all([off?.close(), production?.close(), on?.close()]);
  await database?.close();
  rmSync(spaRoot, { recursive: true, force: true });
});

describe('/dev/design, the living design page (product rule R14.5)', () => {
  it('is an unknown route without DEV_TOOLS, not the SPA fallback', async () => {
    for (const app of [off, production]) {
      for (const url of ['/dev/design', '/dev/design/', '/dev/design?x=1']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual(UNKNOWN_ROUTE);
      }
    }
    // Any other unknown path gets the app shell with a 404 (product rule R1.13).
    const other = await off.inject({ method: 'GET', url: '/no-such-page' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(INDEX);
  });

  it('serves the SPA with DEV_TOOLS on, to a local request only', async () => {
    const local = await on.inject({ method: 'GET', url: '/dev/design' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/html/);
    expect(local.headers['cache-control']).not.toMatch(/immutable/);
    expect(local.body).toBe(INDEX);

    const proxied = await on.inject({
      method: 'GET',
      url: '/dev/design',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.json()).toEqual(UNKNOWN_ROUTE);
  });
});
