import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signupBody } from './support/customers';
import { ApiClient, useTestApp } from './support/test-app';

const off = useTestApp({ env: { NODE_ENV: 'development' } });
const on = useTestApp({ env: { DEV_TOOLS: 'true' } });

const UNKNOWN_ROUTE = { errors: [{ status: '404', code: 'not_found', title: 'Not found' }] };

/** Every development tool, as a browser or a script would call it. */
const DEV_TOOLS: InjectOptions[] = [
  { method: 'GET', url: '/dev/mailbox' },
  { method: 'GET', url: '/api/v2/dev/emails' },
  { method: 'GET', url: '/api/v2/dev/emails?to=demo%40sfoglia.test' },
  {
    method: 'POST',
    url: '/api/v2/dev/billing_runs',
    headers: { 'x-branch': 'web' },
    payload: { as_of: '2030-01-01T00:00:00Z' },
  },
  { method: 'GET', url: '/dev/api-reference' },
  // Spellings the router folds onto the same routes.
  { method: 'GET', url: '/api/v2/%64ev/emails' },
  { method: 'GET', url: '/api/v2/dev/emails/' },
];

function call(app: FastifyInstance, request: InjectOptions, extra: Partial<InjectOptions> = {}) {
  return app.inject({
    ...request,
    ...extra,
    headers: { ...request.headers, ...extra.headers },
  } as InjectOptions);
}

async function expectHidden(app: FastifyInstance, extra: Partial<InjectOptions> = {}) {
  for (const request of DEV_TOOLS) {
    const response = await call(app, request, extra);
    expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    expect(response.json(), `${request.method} ${request.url}`).toEqual(UNKNOWN_ROUTE);
  }
}

describe('development tools switched off (the default, whatever NODE_ENV says)', () => {
  it('answer every path like an unknown route, even from loopback', async () => {
    await expectHidden(off().app);
    const unknown = await off().app.inject({ method: 'GET', url: '/api/v2/no-such-thing' });
    expect(unknown.json()).toEqual(UNKNOWN_ROUTE);
  });
});

describe('development tools switched on (DEV_TOOLS=true)', () => {
  it('answer a local request: loopback socket, no forwarding header', async () => {
    const emails = await on().app.inject({ method: 'GET', url: '/api/v2/dev/emails' });
    expect(emails.statusCode).toBe(200);
    const ipv6 = await on().app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: '::1',
    });
    expect(ipv6.statusCode).toBe(200);
    const run = await call(on().app, DEV_TOOLS[3]!);
    expect(run.statusCode).toBe(201);
  });

  it('hide from a non-loopback socket', async () => {
    await expectHidden(on().app, { remoteAddress: '203.0.113.9' });
    await expectHidden(on().app, { remoteAddress: '10.0.0.5' });
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '127.0.0.1' }],
    ['Forwarded', { forwarded: 'for=127.0.0.1' }],
    ['X-Real-IP', { 'x-real-ip': '127.0.0.1' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'localhost' }],
  ])('hide from loopback when a proxy forwarded it (%s)', async (_name, headers) => {
    await expectHidden(on().app, { headers });
  });

  it('stop the takeover: an anonymous remote caller cannot read a reset link', async () => {
    const victim = signupBody();
    const browser = new ApiClient(on().app);
    expect((await browser.post('/customers', victim)).statusCode).toBe(201);
    expect(
      (await browser.post('/customers/password_reset', { email: victim.email })).statusCode,
    ).toBe(202);
    const to = `to=${encodeURIComponent(victim.email)}`;

    for (const attacker of [
      { remoteAddress: '198.51.100.7' },
      { headers: { 'x-forwarded-for': '198.51.100.7' } },
    ]) {
      const emails = await on().app.inject({
        method: 'GET',
        url: `/api/v2/dev/emails?${to}`,
        ...attacker,
      });
      const page = await on().app.inject({ method: 'GET', url: '/dev/mailbox', ...attacker });
      for (const response of [emails, page]) {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('reset-password');
      }
    }
    // The developer on the machine still sees it.
    const local = await on().app.inject({ method: 'GET', url: `/api/v2/dev/emails?${to}` });
    expect(local.json().data[0].attributes.text).toMatch(/\/reset-password\?token=/);
  });
});
