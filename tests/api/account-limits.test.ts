import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../server/db/schema';
import { PASSWORD_RESET_LIMITS } from '../../server/services/rate-limits';
import { signupBody } from './support/customers';
import { useTestApp } from './support/test-app';

// A still clock: the windows' arithmetic is exact.
const testApp = useTestApp({
  env: { SIGN_UP_LIMIT: '10' },
  overrides: { now: () => new Date('2026-11-23T09:00:00Z') },
});
const SIGN_UPS_PER_HOUR = 10;

function post(
  url: string,
  payload: object,
  from: string,
  forwardedFor?: string,
): Promise<LightMyRequestResponse> {
  return testApp().app.inject({
    method: 'POST',
    url: `/api/v2${url}`,
    remoteAddress: from,
    headers: { 'x-branch': 'web', ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
    payload,
  });
}

/** Password-reset emails only: sign-up also sends a verification email. */
const emailsTo = async (to: string) =>
  (
    await testApp()
      .database.db.select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), eq(emailOutbox.subject, 'Reset your Sfoglia password')))
  )[0]?.n;

describe('sign-ups per address', () => {
  it('allows 10 an hour from one address, then answers 429 saying when to try again', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_UPS_PER_HOUR; i += 1)
      statuses.push((await post('/customers', signupBody(), '198.51.100.30')).statusCode);

    const refused = await post('/customers', signupBody(), '198.51.100.30', '192.0.2.1');
    const elsewhere = await post('/customers', signupBody(), '198.51.100.31');

    expect(statuses).toEqual(Array(SIGN_UPS_PER_HOUR).fill(201));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().errors[0]).toMatchObject({
      code: 'too_many_sign_ups',
      detail: 'Too many accounts have been created from your network. Try again in 60 minutes.',
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('password reset limits', () => {
  it('answers 429 per address, for known and unknown emails alike', async () => {
    const customer = signupBody();
    await post('/customers', customer, '198.51.100.40');
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perAddress.limit; i += 1)
      expect(
        (await post('/customers/password_reset', { email: `x${i}@example.com` }, '198.51.100.41'))
          .statusCode,
      ).toBe(202);

    const known = await post(
      '/customers/password_reset',
      { email: customer.email },
      '198.51.100.41',
    );
    const unknown = await post(
      '/customers/password_reset',
      { email: 'nobody.here@example.com' },
      '198.51.100.41',
      '192.0.2.2',
    );

    expect(known.statusCode).toBe(429);
    expect(known.headers['retry-after']).toBe('3600');
    expect(known.json().errors[0]).toMatchObject({
      code: 'too_many_requests',
      detail: 'Too many password reset requests. Try again in 60 minutes.',
    });
    expect(unknown.body).toBe(known.body);
    expect(await emailsTo(customer.email)).toBe(0);
  });

  it('sends at most 3 emails an hour per email, answering past that exactly as for an unknown email', async () => {
    const customer = signupBody();
    await post('/customers', customer, '198.51.100.50');
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(
        await post('/customers/password_reset', { email: customer.email }, `198.51.100.${60 + i}`),
      );
    const unknown = await post(
      '/customers/password_reset',
      { email: 'nobody.else@example.com' },
      '198.51.100.70',
    );

    for (const answer of answers) {
      expect(answer.statusCode).toBe(unknown.statusCode);
      expect(answer.body).toBe(unknown.body);
    }
    expect(await emailsTo(customer.email)).toBe(PASSWORD_RESET_LIMITS.perEmail.limit);
  });
});
