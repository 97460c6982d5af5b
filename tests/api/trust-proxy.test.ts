import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { signInAttempts } from '../../server/db/schema';
import { SIGN_IN_LIMITS } from '../../server/services/sign-in-limits';
import { useTestApp, type TestApp } from './support/test-app';

const direct = useTestApp();
const behindProxy = useTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });

let emails = 0;
function failSignIn(
  testApp: () => TestApp,
  from: string,
  forwardedFor: string,
): Promise<LightMyRequestResponse> {
  emails += 1;
  return testApp().app.inject({
    method: 'POST',
    url: '/api/v2/sessions',
    remoteAddress: from,
    headers: { 'x-branch': 'web', 'x-forwarded-for': forwardedFor },
    payload: { email: `guess${emails}@example.com`, password: 'wrong' },
  });
}

const recordedAddress = async (testApp: () => TestApp) => {
  const [row] = await testApp()
    .database.db.select({ ip: signInAttempts.ip })
    .from(signInAttempts)
    .where(eq(signInAttempts.email, `guess${emails}@example.com`))
    .orderBy(desc(signInAttempts.id));
  return row?.ip;
};

describe('TRUST_PROXY unset: no proxy is trusted', () => {
  it('keeps the per-address limit however X-Forwarded-For rotates', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.perAddress; i += 1)
      statuses.push((await failSignIn(direct, '203.0.113.7', `198.51.100.${i}`)).statusCode);

    expect(statuses.slice(0, SIGN_IN_LIMITS.perAddress)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it('records the socket address, not the forwarded one', async () => {
    await failSignIn(direct, '203.0.113.8', '198.51.100.99');
    expect(await recordedAddress(direct)).toBe('203.0.113.8');
  });
});

describe('TRUST_PROXY=127.0.0.1', () => {
  it('uses the forwarded client address of a request through the trusted proxy', async () => {
    await failSignIn(behindProxy, '127.0.0.1', '198.51.100.7');
    expect(await recordedAddress(behindProxy)).toBe('198.51.100.7');
  });

  it('ignores X-Forwarded-For from any other address', async () => {
    await failSignIn(behindProxy, '203.0.113.9', '198.51.100.8');
    expect(await recordedAddress(behindProxy)).toBe('203.0.113.9');
  });

  it('limits each forwarded client on its own', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i += 1)
      await failSignIn(behindProxy, '127.0.0.1', '198.51.100.20');

    expect((await failSignIn(behindProxy, '127.0.0.1', '198.51.100.20')).statusCode).toBe(429);
    expect((await failSignIn(behindProxy, '127.0.0.1', '198.51.100.21')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY parsing', () => {
  const trustProxy = (value?: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts none by default', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
  });

  it('takes a comma list of addresses and CIDRs', () => {
    expect(trustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('takes a hop count: that many proxies nearest the server', () => {
    const rule = trustProxy('1');
    expect(typeof rule).toBe('function');
    if (typeof rule !== 'function') return;
    expect(rule('10.0.0.1', 0)).toBe(true);
    expect(rule('10.0.0.2', 1)).toBe(false);
  });
});
