import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES, SUPPORT_TEAM_EMAIL } from '../../domain/support-request';
import { emailOutbox, supportRequests } from '../../server/db/schema';
import { signupBody } from './support/customers';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = (ip?: string) => {
  const browser = new ApiClient(testApp().app);
  return ip ? browser.fromIp(ip) : browser;
};

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Giulia Rossi',
  email: 'giulia@example.com',
  topic: 'order',
  order_reference: 'abc-def',
  message: 'My tagliatelle arrived without the sauce.',
  ...overrides,
});

const rowCount = async () => {
  const { db } = testApp().database;
  const [requests] = await db.select({ n: count() }).from(supportRequests);
  const [emails] = await db.select({ n: count() }).from(emailOutbox);
  return { requests: requests?.n ?? 0, emails: emails?.n ?? 0 };
};

const emailsTo = (to: string) =>
  testApp().database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe('POST /support_requests (product rule R1.16)', () => {
  it('stores a visitor’s message and queues the team’s copy and the acknowledgement', async () => {
    const email = 'visitor-happy@example.com';

    const response = await client('10.0.0.1').post('/support_requests', message({ email }));

    expect(response.statusCode).toBe(201);
    const id = response.json().data.id as string;
    expect(response.json().data).toMatchObject({
      type: 'support_requests',
      attributes: { topic: 'order' },
    });
    const [row] = await testApp()
      .database.db.select()
      .from(supportRequests)
      .where(eq(supportRequests.id, Number(id)));
    expect(row).toMatchObject({
      customerId: null,
      name: 'Giulia Rossi',
      email,
      orderReference: 'ABC-DEF',
      message: 'My tagliatelle arrived without the sauce.',
    });
    const [acknowledgement] = await emailsTo(email);
    expect(acknowledgement?.subject).toBe('We have your message');
    expect(acknowledgement?.text).toContain(`SR-${id}`);
    const team = (await emailsTo(SUPPORT_TEAM_EMAIL)).find((e) => e.subject.includes(`SR-${id}`));
    expect(team?.subject).toBe(`Support request SR-${id}: An order I placed`);
    expect(team?.text).toContain(`From: Giulia Rossi <${email}> (not signed in)`);
    expect(team?.text).toContain('Order reference: ABC-DEF');
    expect(team?.text).toContain('My tagliatelle arrived without the sauce.');
  });

  it('links a signed-in customer’s message to their account', async () => {
    const browser = client('10.0.0.2');
    const signup = await browser.post('/customers', signupBody());
    const customerId = Number(signup.json().data.id);

    const response = await browser.post(
      '/support_requests',
      message({ email: 'signed-in@example.com', order_reference: null, topic: 'pasta_plan' }),
    );

    expect(response.statusCode).toBe(201);
    const [row] = await testApp()
      .database.db.select()
      .from(supportRequests)
      .where(eq(supportRequests.id, Number(response.json().data.id)));
    expect(row).toMatchObject({ customerId, orderReference: null, topic: 'pasta_plan' });
  });

  it('answers every field’s problem with its message and writes nothing', async () => {
    const before = await rowCount();

    const response = await client('10.0.0.3').post(
      '/support_requests',
      message({
        name: '  ',
        email: 'not-an-email',
        topic: 'complaint',
        order_reference: 'X'.repeat(21),
        message: 'x'.repeat(2001),
      }),
    );

    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((error: { detail: string; source: { pointer: string } }) => [
          error.source.pointer,
          error.detail,
        ]),
    ).toEqual([
      ['/name', SUPPORT_MESSAGES.nameMissing],
      ['/email', SUPPORT_MESSAGES.emailInvalid],
      ['/topic', SUPPORT_MESSAGES.topicMissing],
      ['/order_reference', SUPPORT_MESSAGES.orderReferenceTooLong],
      ['/message', SUPPORT_MESSAGES.messageTooLong],
    ]);
    expect(await rowCount()).toEqual(before);
  });

  it.each([
    ['a missing message', { message: undefined }],
    ['a number for a name', { name: 42 }],
    ['an unknown field', { website: 'http://spam.example' }],
    ['a message past the contract’s bound', { message: 'x'.repeat(10_001) }],
  ])('refuses %s with a 400 and writes nothing', async (_, overrides) => {
    const before = await rowCount();

    const response = await client('10.0.0.4').post('/support_requests', message(overrides));

    expect(response.statusCode).toBe(400);
    expect(await rowCount()).toEqual(before);
  });

  it('refuses the sixth message in an hour from one address with a 429 and writes nothing', async () => {
    const browser = client('10.0.0.5');
    for (let sent = 0; sent < 5; sent += 1) {
      const response = await browser.post('/support_requests', message());
      expect(response.statusCode).toBe(201);
    }
    const before = await rowCount();

    const response = await browser.post('/support_requests', message());

    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(3500);
    expect(response.json().errors[0].detail).toBe(SUPPORT_MESSAGES.tooMany('60 minutes'));
    expect(await rowCount()).toEqual(before);
    const elsewhere = await client('10.0.0.6').post('/support_requests', message());
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses a message without the X-Branch header (403)', async () => {
    const response = await client('10.0.0.7').withoutBranch().post('/support_requests', message());

    expect(response.statusCode).toBe(403);
  });
});
