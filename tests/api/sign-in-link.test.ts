import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, emailOutbox } from '../../server/db/schema';
import {
  SIGN_IN_LINK_MESSAGE,
  SIGN_IN_LINK_MINUTES,
} from '../../server/routes/sessions/sign-in-link.handlers';
import { SIGN_IN_LINK_LIMITS } from '../../server/services/rate-limits';
import { expectApiError, expectTooManyRequests } from './support/api-errors';
import { signupBody } from './support/customers';
import { ApiClient, useTestApp } from './support/test-app';

// A still clock the tests set: the windows' arithmetic is exact, and a link can be made old.
let clock = new Date();
const testApp = useTestApp({ overrides: { now: () => clock } });
const client = (ip?: string) =>
  ip ? new ApiClient(testApp().app).fromIp(ip) : new ApiClient(testApp().app);

/** A fresh network address per call: the per-address limit is its own test's subject. */
let lastOctet = 20;
const ip = () => `198.51.100.${(lastOctet += 1)}`;

const requestLink = (body: { email: string; return_to?: string }, from = ip()) =>
  client(from).post('/sessions/sign_in_link', body);

/** A signed-up customer's email; sign-up also sends a verification email, which is not counted. */
async function customerEmail(): Promise<string> {
  const body = signupBody();
  await client().post('/customers', body);
  return body.email;
}

const signInLinkEmails = (to: string) =>
  testApp()
    .database.db.select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.subject, 'Your Sfoglia sign-in link')))
    .orderBy(emailOutbox.id);

/** The link in the newest sign-in email to `to`, and its one-time token. */
async function linkTo(to: string) {
  const text = (await signInLinkEmails(to)).at(-1)?.text ?? '';
  const link = text.match(/http\S*\/login\?token=\S+/)?.[0] ?? '';
  return { link, token: link.match(/token=([\w-]+)/)?.[1] ?? '' };
}

describe('POST /sessions/sign_in_link (product rule R2.21)', () => {
  it('emails a known customer a one-time link to /login that signs them in', async () => {
    clock = new Date();
    const email = await customerEmail();

    const response = await requestLink({ email });

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      meta: { message: 'If an account exists for this email, we have sent a sign-in link to it.' },
    });
    const sent = await signInLinkEmails(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/http:\/\/localhost:3000\/login\?token=[\w-]+/);
    expect(sent[0]!.text).toContain('works once');
    expect(sent[0]!.text).toContain('15 minutes');
    const browser = client();
    const signedIn = await browser.post('/sessions/token', { token: (await linkTo(email)).token });
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json().meta.password_reset).toBe(false);
    const me = await browser.get('/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes.email).toBe(email);
  });

  it('verifies the email it reached, once signed in with it (R2.22)', async () => {
    clock = new Date();
    const email = await customerEmail();
    const verifiedAt = async () =>
      (
        await testApp()
          .database.db.select({ at: customers.emailVerifiedAt })
          .from(customers)
          .where(eq(customers.email, email))
      )[0]?.at;
    expect(await verifiedAt()).toBeNull();
    await requestLink({ email });

    const browser = client();
    const signedIn = await browser.post('/sessions/token', { token: (await linkTo(email)).token });

    expect(signedIn.json().data.attributes.email_verified).toBe(true);
    expect((await browser.get('/me')).json().data.attributes.email_verified).toBe(true);
    expect(await verifiedAt()).toEqual(clock);
  });

  it('refuses the same link a second time (401 invalid_token)', async () => {
    clock = new Date();
    const email = await customerEmail();
    await requestLink({ email });
    const { token } = await linkTo(email);

    const first = await client().post('/sessions/token', { token });
    const reused = await client().post('/sessions/token', { token });

    expect(first.statusCode).toBe(201);
    expectApiError(reused, 401, {
      code: 'invalid_token',
      detail: 'This link has expired or has already been used. Ask for a new one.',
    });
  });

  it('refuses a link older than 15 minutes, and takes one a second younger', async () => {
    const asked = new Date();
    const email = await customerEmail();
    clock = asked;
    await requestLink({ email });
    const late = (await linkTo(email)).token;
    await requestLink({ email });
    const inTime = (await linkTo(email)).token;

    clock = new Date(asked.getTime() + SIGN_IN_LINK_MINUTES * 60_000 - 1_000);
    const justInTime = await client().post('/sessions/token', { token: inTime });
    clock = new Date(asked.getTime() + SIGN_IN_LINK_MINUTES * 60_000 + 1_000);
    const tooLate = await client().post('/sessions/token', { token: late });
    clock = new Date();

    expect(SIGN_IN_LINK_MINUTES).toBe(15);
    expect(justInTime.statusCode).toBe(201);
    expectApiError(tooLate, 401, { code: 'invalid_token' });
  });

  it('answers an unknown email exactly as a known one, and emails nobody', async () => {
    clock = new Date();
    const known = await requestLink({ email: await customerEmail() });

    const unknown = await requestLink({ email: 'nobody.signs.in@example.com' });

    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ meta: { message: SIGN_IN_LINK_MESSAGE } });
    expect(unknown.body).toBe(known.body);
    expect(await signInLinkEmails('nobody.signs.in@example.com')).toHaveLength(0);
  });

  it("answers 400 invalid_email with 'Invalid email' for a malformed email", async () => {
    const response = await requestLink({ email: 'not-an-email' });

    expectApiError(response, 400, {
      code: 'invalid_email',
      title: 'Invalid email',
      detail: 'Enter an email address in the correct format, like name@example.com',
      source: { pointer: '/email' },
    });
  });

  it('sends at most 3 links an hour to one email, answering the 4th the same with no email', async () => {
    clock = new Date();
    const email = await customerEmail();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await requestLink({ email }));

    expect(SIGN_IN_LINK_LIMITS.perEmail.limit).toBe(3);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
    expect(answers[3]!.json()).toEqual({ meta: { message: SIGN_IN_LINK_MESSAGE } });
    expect(await signInLinkEmails(email)).toHaveLength(3);
  });

  it('answers the 11th request in an hour from one address 429, saying when to try again', async () => {
    clock = new Date();
    const from = ip();
    const statuses = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await requestLink({ email: `asker${i}@example.com` }, from)).statusCode);

    const refused = await requestLink({ email: 'asker10@example.com' }, from);
    const elsewhere = await requestLink({ email: 'asker10@example.com' });

    expect(statuses).toEqual(Array(10).fill(202));
    expectTooManyRequests(refused, 3600, {
      code: 'too_many_requests',
      detail: 'Too many sign-in link requests. Try again in 60 minutes.',
    });
    expect(elsewhere.statusCode).toBe(202);
  });

  it('carries a same-site return_to into the link as returnTo, and drops one to another site', async () => {
    clock = new Date();
    const email = await customerEmail();

    await requestLink({ email, return_to: '/checkout' });
    const toCheckout = (await linkTo(email)).link;
    const offSite = await requestLink({ email, return_to: '//evil.example' });
    const offSiteLink = (await linkTo(email)).link;
    await requestLink({ email, return_to: 'https://evil.example' });
    const otherSiteLink = (await linkTo(email)).link;

    expect(toCheckout).toMatch(/\/login\?token=[\w-]+&returnTo=%2Fcheckout$/);
    expect(offSite.statusCode).toBe(202);
    for (const link of [offSiteLink, otherSiteLink]) {
      expect(link).toMatch(/\/login\?token=[\w-]+$/);
      expect(link).not.toContain('evil');
    }
  });
});
