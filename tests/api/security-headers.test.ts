import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { contentSecurityPolicy } from '../../server/http/security-headers';
import type { DatabaseHandle } from '../../server/db/database';
import { createTestDatabase } from './support/test-database';

// A stand-in for dist/: the SPA's index.html and one hashed asset.
const spaRoot = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-spa-'));
mkdirSync(path.join(spaRoot, 'assets'));
writeFileSync(
  path.join(spaRoot, 'index.html'),
  '<!doctype html><script type="module" src="/assets/index-abc.js"></script><div id="root"></div>',
);
writeFileSync(path.join(spaRoot, 'assets/index-abc.js'), 'console.log("sfoglia")');

let database: DatabaseHandle;
let local: FastifyInstance;
let live: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const build = (env: NodeJS.ProcessEnv) =>
    buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
      database,
      serveSpa: spaRoot,
    });
  // As on a laptop: plain http, the sandbox gateway, the development tools on.
  local = await build({ DEV_TOOLS: 'true', ALLOWED_ORIGINS: 'https://partner.example' });
  // As deployed: https, Stripe configured, production.
  live = await build({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://sfoglia.example',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  });
  await Promise.all([local.ready(), live.ready()]);
});

afterAll(async () => {
  await local?.close();
  await live?.close();
  await database?.close();
  rmSync(spaRoot, { recursive: true, force: true });
});

const graphqlCall = (query: string): InjectOptions => ({
  method: 'POST',
  url: '/api/v2/storefront/graphql',
  headers: { 'x-branch': 'web' },
  payload: { query },
});

/** One request per surface the browser can reach. */
const SURFACES: [string, InjectOptions][] = [
  ['API JSON', { method: 'GET', url: '/api/v2/settings' }],
  ['API error', { method: 'GET', url: '/api/v2/customers/me' }],
  ['unknown API route', { method: 'GET', url: '/api/v2/no-such-thing' }],
  ['SPA page', { method: 'GET', url: '/menu' }],
  ['SPA asset', { method: 'GET', url: '/assets/index-abc.js' }],
  ['sandbox bank page', { method: 'GET', url: '/sandbox/challenge/pi_none?return_url=/orders' }],
  ['mailbox', { method: 'GET', url: '/dev/mailbox' }],
  ['API reference (built or not)', { method: 'GET', url: '/dev/api-reference' }],
  ['storefront GraphQL', graphqlCall('{ collections(first: 1) { nodes { handle } } }')],
];

describe('security headers', () => {
  it.each(SURFACES)('are on every surface: %s', async (_name, request) => {
    const response = await local.inject(request);

    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // Plain http: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('let the SPA load only its own scripts, styles and calls without Stripe', async () => {
    const csp = String(
      (await local.inject({ method: 'GET', url: '/menu' })).headers['content-security-policy'],
    );
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).not.toContain('stripe');
  });

  it("add Stripe's origins only when Stripe is configured, and HSTS only behind https", async () => {
    const response = await live.inject({ method: 'GET', url: '/menu' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it("allow an external catalogue's images (from its CDN) only when one is configured", () => {
    const policy = contentSecurityPolicy({
      stripePublishableKey: undefined,
      catalogueGraphqlUrl: 'https://shop.example/api/graphql',
    });
    expect(policy).toContain("img-src 'self' data: https:;");
    expect(policy).toContain("script-src 'self';");
  });

  it('allow a server-rendered page exactly its inline style and no script', async () => {
    for (const url of ['/sandbox/challenge/pi_none?return_url=/orders', '/dev/mailbox']) {
      const response = await local.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/]+=*';/);
      expect(csp).toContain("form-action 'self'");
      expect(csp).not.toContain('script-src');
      const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? '';
      const { createHash } = await import('node:crypto');
      expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    }
  });
});

describe('Origin check on state-changing API calls', () => {
  const signIn = (headers: Record<string, string>): InjectOptions => ({
    method: 'POST',
    url: '/api/v2/sessions',
    headers: { 'x-branch': 'web', host: 'localhost:3000', ...headers },
    payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a look-alike host', 'http://localhost:3000.evil.example'],
    ['an opaque origin', 'null'],
    ['another port', 'http://localhost:4000'],
  ])('refuses %s with a JSON:API 403', async (_name, origin) => {
    const response = await local.inject(signIn({ origin }));
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('origin_not_allowed');
  });

  it.each([
    ['no Origin', {}],
    ['the Host it was sent to', { origin: 'http://localhost:3000' }],
    ['the Host behind a TLS proxy', { origin: 'https://localhost:3000' }],
    ['a configured origin', { origin: 'https://partner.example' }],
  ])('lets through %s (the handler answers)', async (_name, headers) => {
    const response = await local.inject(signIn(headers));
    expect(response.statusCode).toBe(401);
  });

  it("accepts PUBLIC_URL's origin whatever the Host", async () => {
    const response = await live.inject(
      signIn({ origin: 'https://sfoglia.example', host: '10.0.0.8:3000' }),
    );
    expect(response.statusCode).toBe(401);
  });

  it('leaves reads, the relay and the Stripe webhook alone (they are not browsers)', async () => {
    const origin = 'https://evil.example';
    expect(
      (await local.inject({ method: 'GET', url: '/api/v2/settings', headers: { origin } }))
        .statusCode,
    ).toBe(200);
    const relay = await local.inject({
      method: 'POST',
      url: '/api/v2/relay/orders/1/events',
      headers: { origin },
      payload: {},
    });
    expect(relay.statusCode).not.toBe(403);
    const webhook = await local.inject({
      method: 'POST',
      url: '/api/v2/webhooks/stripe',
      headers: { origin },
      payload: {},
    });
    expect(webhook.statusCode).not.toBe(403);
  });

  it('still needs X-Branch from a same-origin caller', async () => {
    const response = await local.inject(
      signIn({ origin: 'http://localhost:3000', 'x-branch': '' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('branch_header_missing');
  });
});

describe('storefront GraphQL introspection', () => {
  const INTROSPECTION = '{ __schema { queryType { name } } }';

  it('is off in production', async () => {
    const response = await live.inject(graphqlCall(INTROSPECTION));
    expect(response.json().data).toBeUndefined();
    expect(response.json().errors[0].message).toMatch(/introspection/i);
    const type = await live.inject(graphqlCall('{ __type(name: "Product") { name } }'));
    expect(type.json().errors[0].message).toMatch(/introspection/i);
  });

  it('stays on for development, and ordinary queries work in production', async () => {
    const response = await local.inject(graphqlCall(INTROSPECTION));
    expect(response.json().data.__schema.queryType.name).toBeTruthy();
    const shop = await live.inject(graphqlCall('{ collections(first: 1) { nodes { handle } } }'));
    expect(shop.json().errors).toBeUndefined();
  });
});
