import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessTokens, customers, emailOutbox } from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { EMAIL_VERIFICATION_MESSAGES } from '../../server/services/email-verification';
import { hashSecret } from '../../server/services/tokens';
import { signupBody } from './support/customers';
import { verificationTokenFor } from './support/email-verification';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

async function signedUp() {
  const browser = client();
  const body = signupBody();
  const response = await browser.post('/customers', body);
  expect(response.statusCode).toBe(201);
  return { browser, email: body.email, customerId: Number(response.json().data.id) };
}

const confirm = (token: string) =>
  client().post('/customers/email_verification/confirm', { token });
const isVerified = async (browser: ApiClient) =>
  (await browser.get('/me')).json().data.attributes.email_verified;
const verificationEmails = async (email: string) =>
  (
    await testApp()
      .database.db.select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, 'Verify your email address')))
  )[0]?.n;

describe('email verification', () => {
  it('sends a link at sign-up that verifies the email, in any browser, without a session', async () => {
    const { browser, email } = await signedUp();
    expect(await isVerified(browser)).toBe(false);
    const token = await verificationTokenFor(testApp().database, email);

    const response = await confirm(token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ meta: { message: EMAIL_VERIFICATION_MESSAGES.verified } });
    expect(await isVerified(browser)).toBe(true);
  });

  it('shows the seeded demo customer as verified', async () => {
    const browser = client();
    await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    expect(await isVerified(browser)).toBe(true);
  });

  it('refuses a link used before (400 verification_link_used)', async () => {
    const { email } = await signedUp();
    const token = await verificationTokenFor(testApp().database, email);
    await confirm(token);

    const again = await confirm(token);

    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({
      code: 'verification_link_used',
      detail: EMAIL_VERIFICATION_MESSAGES.used,
    });
  });

  it('refuses an expired link and leaves the email unverified (400 verification_link_expired)', async () => {
    const { browser, email } = await signedUp();
    const token = await verificationTokenFor(testApp().database, email);
    await testApp()
      .database.db.update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.tokenHash, hashSecret(token)));

    const response = await confirm(token);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'verification_link_expired',
      detail: EMAIL_VERIFICATION_MESSAGES.expired,
    });
    expect(await isVerified(browser)).toBe(false);
  });

  it('refuses an unknown token, and a password-reset token, as not valid', async () => {
    const { browser, email } = await signedUp();
    await client().post('/customers/password_reset', { email });
    const resetText = (
      await testApp()
        .database.db.select()
        .from(emailOutbox)
        .where(
          and(eq(emailOutbox.to, email), eq(emailOutbox.subject, 'Reset your Sfoglia password')),
        )
    )[0]!.text;
    const resetToken = resetText.match(/token=([\w-]+)/)![1]!;

    for (const token of ['not-a-token', resetToken]) {
      const response = await confirm(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('verification_link_invalid');
    }
    expect(await isVerified(browser)).toBe(false);
  });

  it('verifies once when the same link is opened twice at the same time', async () => {
    const { browser, email } = await signedUp();
    const token = await verificationTokenFor(testApp().database, email);

    const answers = await Promise.all([confirm(token), confirm(token)]);

    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await isVerified(browser)).toBe(true);
  });

  it('sends a new link on request, at most 3 an hour counting sign-up’s, and the new link works', async () => {
    const { browser, email } = await signedUp();

    const second = await browser.post('/customers/email_verification');
    const third = await browser.post('/customers/email_verification');
    const fourth = await browser.post('/customers/email_verification');

    expect([second.statusCode, third.statusCode]).toEqual([202, 202]);
    expect(second.json()).toEqual({ meta: { message: EMAIL_VERIFICATION_MESSAGES.sent } });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().errors[0]).toMatchObject({
      code: 'too_many_verification_emails',
      detail: EMAIL_VERIFICATION_MESSAGES.tooMany,
    });
    expect(await verificationEmails(email)).toBe(3);
    expect((await confirm(await verificationTokenFor(testApp().database, email))).statusCode).toBe(
      200,
    );
  });

  it('holds the hourly limit when requests race', async () => {
    const { browser, email } = await signedUp();

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => browser.post('/customers/email_verification')),
    );

    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(2);
    expect(await verificationEmails(email)).toBe(3);
  });

  it('answers 400 when already verified, 401 without a session, 403 without X-Branch', async () => {
    const { browser, email, customerId } = await signedUp();
    await confirm(await verificationTokenFor(testApp().database, email));

    const verified = await browser.post('/customers/email_verification');
    const anonymous = await client().post('/customers/email_verification');
    const forged = await client()
      .withoutBranch()
      .post('/customers/email_verification/confirm', { token: 'x' });

    expect(verified.statusCode).toBe(400);
    expect(verified.json().errors[0].code).toBe('email_already_verified');
    expect(anonymous.statusCode).toBe(401);
    expect(forged.statusCode).toBe(403);
    const [row] = await testApp()
      .database.db.select({ at: customers.emailVerifiedAt })
      .from(customers)
      .where(eq(customers.id, customerId));
    expect(row?.at).toBeInstanceOf(Date);
  });
});
