import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessTokens, customers, emailOutbox } from '../../server/db/schema';
import { ACCOUNT_SETUP_MESSAGE } from '../../server/services/account-setup';
import { signupBody } from './support/customers';
import { ApiClient, useTestApp } from './support/test-app';

let clock = new Date();
const testApp = useTestApp({ overrides: { now: () => clock } });
const client = (ip?: string) =>
  ip ? new ApiClient(testApp().app).fromIp(ip) : new ApiClient(testApp().app);
const db = () => testApp().database.db;

/** A customer record without a password: a guest who ordered with an email (product rule R2.17). */
async function guest() {
  const email = `guest.${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await db()
    .insert(customers)
    .values({
      email,
      firstName: 'Giulia',
      lastName: 'Rossi',
      referralToken: randomBytes(9).toString('base64url'),
    })
    .returning();
  return { id: row!.id, email };
}

const setupEmails = async (to: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.subject, 'Set up your Sfoglia account')));

/** A fresh network address per test: the per-address limit is the same for every test. */
const ip = () => `198.51.100.${Math.floor(Math.random() * 200) + 20}`;

describe('POST /customers/account_setup (product rule R2.17)', () => {
  it('emails a password-less customer a one-time link; following it lets them choose a password and sign in', async () => {
    clock = new Date();
    const customer = await guest();

    const response = await client(ip()).post('/customers/account_setup', {
      customer_id: String(customer.id),
    });

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ meta: { message: ACCOUNT_SETUP_MESSAGE } });
    const [email] = await setupEmails(customer.email);
    expect(email!.text).toContain('Ciao Giulia,');
    const token = email!.text.match(/reset-password\?token=([\w-]+)/)?.[1] ?? '';
    expect(token).not.toBe('');

    const browser = client();
    const signedIn = await browser.post('/sessions/token', { token });
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json().meta.password_reset).toBe(true);
    expect(
      (await browser.put('/customers/password', { password: 'orecchiette-9' })).statusCode,
    ).toBe(204);
    const signIn = await client().post('/sessions', {
      email: customer.email,
      password: 'orecchiette-9',
    });
    expect(signIn.statusCode).toBe(201);
    // The link works once.
    expect((await client().post('/sessions/token', { token })).statusCode).toBe(401);
  });

  it('answers the same for an unknown id and for a customer who has a password, and emails neither', async () => {
    const body = signupBody();
    const signedUp = (await client().post('/customers', body)).json().data.id as string;
    const known = await client(ip()).post('/customers/account_setup', { customer_id: signedUp });
    const unknown = await client(ip()).post('/customers/account_setup', {
      customer_id: '2147483000',
    });

    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(await setupEmails(body.email)).toHaveLength(0);
  });

  it('the link expires after 24 hours', async () => {
    clock = new Date();
    const customer = await guest();
    await client(ip()).post('/customers/account_setup', { customer_id: String(customer.id) });
    const [token] = await db()
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.customerId, customer.id));

    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(24 * 60 * 60_000);
    const [email] = await setupEmails(customer.email);
    const secret = email!.text.match(/token=([\w-]+)/)?.[1] ?? '';
    clock = new Date(Date.now() + 24 * 60 * 60_000 + 60_000);
    const late = await client().post('/sessions/token', { token: secret });
    clock = new Date();
    expect(late.statusCode).toBe(401);
  });

  it('sends at most 3 emails an hour to one customer, answering 202 all the same', async () => {
    const customer = await guest();
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(
        (await client(ip()).post('/customers/account_setup', { customer_id: String(customer.id) }))
          .statusCode,
      );

    expect(answers).toEqual([202, 202, 202, 202, 202]);
    expect(await setupEmails(customer.email)).toHaveLength(3);
  });

  it('refuses an 11th request an hour from one network address with 429 and Retry-After', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < 10; i += 1)
      expect(
        (await client(from).post('/customers/account_setup', { customer_id: '2147483001' }))
          .statusCode,
      ).toBe(202);

    const refused = await client(from).post('/customers/account_setup', {
      customer_id: '2147483001',
    });

    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().errors[0].detail).toMatch(
      /^Too many account set-up requests\. Try again in /,
    );
  });

  it('two requests at once send one email each within the limit, never more', async () => {
    const customer = await guest();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        client(ip()).post('/customers/account_setup', { customer_id: String(customer.id) }),
      ),
    );

    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
    expect(await setupEmails(customer.email)).toHaveLength(3);
  });

  it.each([
    [{}, 'no id'],
    [{ customer_id: 'abc' }, 'not a number'],
    [{ customer_id: '0x10' }, 'hex'],
    [{ customer_id: '1', email: 'x@example.com' }, 'an unknown field'],
  ] as [Record<string, string>, string][])(
    'refuses %j (%s) with 400 and sends nothing',
    async (body) => {
      const before = (await db().select({ n: count() }).from(emailOutbox))[0]!.n;

      const response = await client(ip()).post('/customers/account_setup', body);

      expect(response.statusCode).toBe(400);
      expect((await db().select({ n: count() }).from(emailOutbox))[0]!.n).toBe(before);
    },
  );

  it('needs the X-Branch header like every state-changing call (403)', async () => {
    const response = await client(ip())
      .withoutBranch()
      .post('/customers/account_setup', { customer_id: '1' });

    expect(response.statusCode).toBe(403);
  });
});
