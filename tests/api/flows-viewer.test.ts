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
const spaRoot = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-flows-'));
writeFileSync(path.join(spaRoot, 'index.html'), '<!doctype html><div id="root"></div>');

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://sfoglia.example' };

let database: DatabaseHandle;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.close();
  rmSync(spaRoot, { recursive: true, force: true });
});

async function viewer(env: NodeJS.ProcessEnv) {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    database,
    serveSpa: spaRoot,
  });
  apps.push(app);
  const settings = await app.inject({ method: 'GET', url: '/api/v2/settings' });
  const statuses = await Promise.all(
    ['/flows', '/flows/takeaway-checkout'].map(
      async (url) => (await app.inject({ method: 'GET', url })).statusCode,
    ),
  );
  return { on: settings.json().data.attributes.flows_viewer as boolean, statuses };
}

describe('/flows, the statechart viewer (product rule R15.1)', () => {
  it('is on in development and demo: the settings say so and both paths are app screens', async () => {
    expect(await viewer({})).toEqual({ on: true, statuses: [200, 200] });
    expect(await viewer({ ...PRODUCTION, DEMO_BANNER: 'Staging' })).toEqual({
      on: true,
      statuses: [200, 200],
    });
  });

  it('is off in production unless configured, and then both paths are 404 pages', async () => {
    expect(await viewer(PRODUCTION)).toEqual({ on: false, statuses: [404, 404] });
    expect(await viewer({ ...PRODUCTION, FLOWS_VIEWER: 'true' })).toEqual({
      on: true,
      statuses: [200, 200],
    });
    expect(await viewer({ FLOWS_VIEWER: 'false' })).toEqual({ on: false, statuses: [404, 404] });
  });
});
