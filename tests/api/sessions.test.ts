import { describe, expect, it } from 'vitest';
import { accessTokens } from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { hashSecret } from '../../server/services/tokens';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp({ env: { DEV_TOOLS: 'true' } });
const client = () => new ApiClient(testApp().app);
const MISMATCH = "Email and Password don't match";

describe('POST /sessions (sign-in)', () => {
  it('signs the demo customer in and echoes the target url', async () => {
    const browser = client();

    const response = await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
      target_url: '/account',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      data: { attributes: { email: DEMO_CUSTOMER.email } },
      meta: { target_url: '/account' },
    });
    expect((await browser.get('/me')).statusCode).toBe(200);
  });

  it('accepts the email in any case', async () => {
    const response = await client().post('/sessions', {
      email: ' DEMO@Sfoglia.test ',
      password: DEMO_CUSTOMER.password,
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers a wrong password and an unknown email alike: 401 "Email and Password don\'t match"', async () => {
    const wrongPassword = await client()
      .fromIp('10.0.0.1')
      .post('/sessions', { email: DEMO_CUSTOMER.email, password: 'wrong' });
    const unknownEmail = await client()
      .fromIp('10.0.0.1')
      .post('/sessions', { email: 'ghost@example.com', password: 'wrong' });

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0]).toMatchObject({
        code: 'invalid_credentials',
        title: MISMATCH,
        detail: MISMATCH,
      });
    }
    expect(wrongPassword.body).toBe(unknownEmail.body);
  });

  it('refuses a target url that leaves the site', async () => {
    const response = await client().post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
      target_url: '//evil.example',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source).toEqual({ pointer: '/target_url' });
  });

  it('slows failed attempts on an account from many addresses, answering known and unknown emails alike', async () => {
    const attempt = (email: string, ip: string) =>
      client().fromIp(ip).post('/sessions', { email, password: 'wrong' });
    for (let i = 0; i < 5; i += 1) {
      await attempt('ada.limited@example.com', `10.1.0.${i}`);
      await attempt('ghost.limited@example.com', `10.2.0.${i}`);
    }

    const known = await attempt('ada.limited@example.com', '10.1.1.1');
    const unknown = await attempt('ghost.limited@example.com', '10.2.1.1');

    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(known.body).toBe(unknown.body);
    expect(known.json().errors[0].code).toBe('too_many_attempts');
  });

  it('limits failed attempts per address across accounts', async () => {
    for (let i = 0; i < 20; i += 1)
      await client()
        .fromIp('10.9.9.9')
        .post('/sessions', { email: `x${i}@example.com`, password: 'wrong' });

    const response = await client()
      .fromIp('10.9.9.9')
      .post('/sessions', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });

    expect(response.statusCode).toBe(429);
  });
});

describe('DELETE /sessions (sign-out)', () => {
  it('ends the session and clears the cookie', async () => {
    const browser = client();
    await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });

    const response = await browser.delete('/sessions');

    expect(response.statusCode).toBe(204);
    expect((await browser.get('/me')).statusCode).toBe(401);
  });

  it('answers 204 without a session too', async () => {
    expect((await client().delete('/sessions')).statusCode).toBe(204);
  });

  it('is refused without the X-Branch header', async () => {
    expect((await client().withoutBranch().delete('/sessions')).statusCode).toBe(403);
  });
});

describe('POST /sessions/token and /sessions/guest_token', () => {
  it('refuses an unknown token with 401 invalid_token', async () => {
    const response = await client().post('/sessions/token', { token: 'made-up' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('invalid_token');
  });

  it('starts a guest session from a guest token, once', async () => {
    const now = new Date();
    await testApp()
      .database.db.insert(accessTokens)
      .values({
        tokenHash: hashSecret('guest-secret'),
        kind: 'guest',
        guestEmail: 'table7@example.com',
        expiresAt: new Date(now.getTime() + 60_000),
      });
    const browser = client();

    const response = await browser.post('/sessions/guest_token', { token: 'guest-secret' });
    const again = await client().post('/sessions/guest_token', { token: 'guest-secret' });

    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      type: 'guests',
      attributes: { email: 'table7@example.com' },
    });
    expect((await browser.get('/me')).statusCode).toBe(401);
    expect(again.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    await testApp()
      .database.db.insert(accessTokens)
      .values({
        tokenHash: hashSecret('old-secret'),
        kind: 'guest',
        guestEmail: 'late@example.com',
        expiresAt: new Date(Date.now() - 1000),
      });
    expect((await client().post('/sessions/guest_token', { token: 'old-secret' })).statusCode).toBe(
      401,
    );
  });

  it('does not accept a guest token for a customer sign-in', async () => {
    await testApp()
      .database.db.insert(accessTokens)
      .values({
        tokenHash: hashSecret('guest-only'),
        kind: 'guest',
        guestEmail: 'g@example.com',
        expiresAt: new Date(Date.now() + 60_000),
      });
    expect((await client().post('/sessions/token', { token: 'guest-only' })).statusCode).toBe(401);
  });
});

describe('development mailbox', () => {
  it('serves the mailbox page with the emailed links clickable', async () => {
    await client().post('/customers/password_reset', { email: DEMO_CUSTOMER.email });

    const page = await testApp().app.inject({ method: 'GET', url: '/dev/mailbox' });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Reset your Sfoglia password');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/reset-password\?token=[\w-]+">/);
  });
});
