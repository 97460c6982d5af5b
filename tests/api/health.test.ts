import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { fromPostgres, type DatabaseHandle } from '../../server/db/database';
import { useTestApp } from './support/test-app';

const testApp = useTestApp();

describe('health probes for a load balancer', () => {
  it('GET /health/live answers 200 without X-Branch, session or /api/v2 prefix', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { type: 'health', id: 'live', attributes: { status: 'ok' } },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /health/ready answers 200 while the database answers', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe('ready');
  });
});

/**
 * A server whose PostgreSQL is down: nothing listens on this port (the outage engineer's own),
 * so every connection is refused, as during the 10 s stop.
 */
describe('while the database is unreachable', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = fromPostgres('postgres://postgres@127.0.0.1:4312/sfoglia_down');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database, serveSpa: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a read is a JSON:API 503 database_unavailable with Retry-After, not a 500', async () => {
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/v2/bundles' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({
      errors: [{ status: '503', code: 'database_unavailable' }],
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a write is a 503 too (a sign-up inside a transaction)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v2/customers',
      headers: { 'x-branch': 'web' },
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada.outage@example.com',
        password: 'tagliatelle-42',
        accepts_emails: true,
        accepts_sms: false,
        accepts_mail: false,
      },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().errors[0].code).toBe('database_unavailable');
  });

  it('/health/ready is 503 with Retry-After and the process is marked down; /health/live stays 200', async () => {
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json().errors[0].code).toBe('database_unavailable');
    expect(database.availability.isDown).toBe(true);

    const live = await app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
  });
});
