import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, sessions } from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { signupBody } from './support/customers';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp({ env: { DEV_TOOLS: 'true' } });

/** Asks for a password reset and reads the one-time token from the emailed link. */
async function resetTokenFor(email: string): Promise<string> {
  await client().post('/customers/password_reset', { email });
  const text: string = (await client().get(`/dev/emails?to=${encodeURIComponent(email)}`)).json()
    .data[0].attributes.text;
  return text.match(/token=([\w-]+)/)?.[1] ?? '';
}
const client = () => new ApiClient(testApp().app);
const customerCount = async () =>
  (await testApp().database.db.select({ n: count() }).from(customers))[0]?.n;

describe('POST /customers (sign-up)', () => {
  it('creates the customer, signs them in and answers 201 with the customer', async () => {
    const browser = client();
    const body = signupBody({ email: '  New.Customer@Example.COM ' });

    const response = await browser.post('/customers', body);

    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      type: 'customers',
      attributes: {
        email: 'new.customer@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
        accepts_emails: true,
        store_credits: 0,
      },
    });
    const cookie = response.cookies.find((c) => c.name === 'sfoglia_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await browser.get('/me')).json().data.attributes.email).toBe(
      'new.customer@example.com',
    );
  });

  it("answers 400 invalid_email with 'Invalid email' and writes nothing", async () => {
    const before = await customerCount();

    const response = await client().post('/customers', signupBody({ email: 'not-an-email' }));

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'invalid_email',
      title: 'Invalid email',
      source: { pointer: '/email' },
    });
    expect(await customerCount()).toBe(before);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const response = await client().post(
      '/customers',
      signupBody({ email: DEMO_CUSTOMER.email.toUpperCase() }),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('email_taken');
  });

  it('requires every field of product rule R2.3, the marketing preference included', async () => {
    const before = await customerCount();
    const { accepts_sms: _omitted, ...withoutPreference } = signupBody();

    const response = await client().post('/customers', withoutPreference);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      detail: 'accepts_sms is required',
      source: { pointer: '/accepts_sms' },
    });
    expect(await customerCount()).toBe(before);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const response = await client().post('/customers', signupBody({ password: 'short' }));

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source).toEqual({ pointer: '/password' });
  });
});

describe('GET /me and PUT /me', () => {
  it('answers 401 without a session', async () => {
    expect((await client().get('/me')).statusCode).toBe(401);
    expect((await client().put('/me', { first_name: 'X' })).statusCode).toBe(401);
  });

  it('updates names, marketing flags and a UK phone, stored in E.164', async () => {
    const browser = client();
    await browser.post('/customers', signupBody());

    const response = await browser.put('/me', {
      first_name: 'Augusta',
      phone: '07812 345678',
      accepts_sms: true,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({
      first_name: 'Augusta',
      phone: '+447812345678',
      accepts_sms: true,
    });
  });

  it('refuses a phone that is not a GB number and changes nothing', async () => {
    const browser = client();
    await browser.post('/customers', signupBody());

    const response = await browser.put('/me', {
      first_name: 'Changed',
      phone: '+33 1 42 68 53 00',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'invalid_phone',
      source: { pointer: '/phone' },
    });
    expect((await browser.get('/me')).json().data.attributes.first_name).toBe('Ada');
  });
});

describe('PUT /customers/password', () => {
  it('needs the current password, then ends the other sessions', async () => {
    const body = signupBody();
    const first = client();
    await first.post('/customers', body);
    const second = client();
    await second.post('/sessions', { email: body.email, password: body.password });

    const wrong = await first.put('/customers/password', {
      password: 'pappardelle-77',
      current_password: 'nope-nope',
    });
    const right = await first.put('/customers/password', {
      password: 'pappardelle-77',
      current_password: body.password,
    });

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({
      code: 'invalid_current_password',
      source: { pointer: '/current_password' },
    });
    expect(right.statusCode).toBe(204);
    expect((await first.get('/me')).statusCode).toBe(200);
    expect((await second.get('/me')).statusCode).toBe(401);
    expect(
      (await client().post('/sessions', { email: body.email, password: 'pappardelle-77' }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 401 without a session', async () => {
    expect(
      (await client().put('/customers/password', { password: 'pappardelle-77' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /customers/password_reset', () => {
  it('gives the same answer for a known and an unknown email, and emails only the customer', async () => {
    const body = signupBody();
    await client().post('/customers', body);

    const known = await client().post('/customers/password_reset', { email: body.email });
    const unknown = await client().post('/customers/password_reset', {
      email: 'nobody@example.com',
    });

    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const mailbox = await client().get(`/dev/emails?to=${encodeURIComponent(body.email)}`);
    // Sign-up's verification email is there too; one reset email follows it.
    const resets = mailbox
      .json()
      .data.filter(
        (e: { attributes: { subject: string } }) =>
          e.attributes.subject === 'Reset your Sfoglia password',
      );
    expect(resets).toHaveLength(1);
    expect(resets[0].attributes.text).toMatch(/\/reset-password\?token=[\w-]+/);
    expect((await client().get('/dev/emails?to=nobody@example.com')).json().data).toHaveLength(0);
  });

  it('signs in once with the emailed link and then lets the customer choose a password without the old one', async () => {
    const body = signupBody();
    await client().post('/customers', body);
    const token = await resetTokenFor(body.email);
    const browser = client();

    const signedIn = await browser.post('/sessions/token', { token });
    const changed = await browser.put('/customers/password', { password: 'orecchiette-9' });
    const reused = await client().post('/sessions/token', { token });

    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json().meta.password_reset).toBe(true);
    expect(changed.statusCode).toBe(204);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().errors[0].code).toBe('invalid_token');
    expect(
      (await client().post('/sessions', { email: body.email, password: 'orecchiette-9' }))
        .statusCode,
    ).toBe(201);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const body = signupBody();
    await client().post('/customers', body);
    const token = await resetTokenFor(body.email);

    const answers = await Promise.all([
      client().post('/sessions/token', { token }),
      client().post('/sessions/token', { token }),
    ]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 401]);
  });

  it('sends at most 3 reset emails an hour to one account', async () => {
    const body = signupBody();
    await client().post('/customers', body);

    for (let i = 0; i < 5; i += 1)
      await client().post('/customers/password_reset', { email: body.email });

    expect(
      (await client().get(`/dev/emails?to=${encodeURIComponent(body.email)}`))
        .json()
        .data.filter(
          (e: { attributes: { subject: string } }) =>
            e.attributes.subject === 'Reset your Sfoglia password',
        ),
    ).toHaveLength(3);
  });
});

describe('sessions table', () => {
  it('stores only a hash of the session token', async () => {
    const browser = client();
    await browser.post('/customers', signupBody());
    const secret = browser.cookieHeader.split('=')[1] ?? '';

    const rows = await testApp()
      .database.db.select()
      .from(sessions)
      .where(eq(sessions.tokenHash, secret));

    expect(secret.length).toBeGreaterThan(20);
    expect(rows).toHaveLength(0);
  });
});
