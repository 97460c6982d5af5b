import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ukToday } from '../../domain/date-of-birth';
import { customers } from '../../server/db/schema';
import { signupBody } from './support/customers';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

async function signedUp() {
  const browser = client();
  const response = await browser.post('/customers', signupBody());
  const id = Number(response.json().data.id);
  const stored = async () =>
    (await testApp().database.db.select().from(customers).where(eq(customers.id, id)))[0];
  return { browser, stored };
}

/** Today in the UK, shifted by whole years (and days), as YYYY-MM-DD. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = ukToday(new Date()).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

describe('PUT /customers/date_of_birth (R2.13)', () => {
  it('stores a real past date for a customer of 18 or over and answers the customer', async () => {
    const { browser, stored } = await signedUp();

    const response = await browser.put('/customers/date_of_birth', { date_of_birth: '1985-03-07' });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes.date_of_birth).toBe('1985-03-07');
    expect((await stored())?.dateOfBirth).toBe('1985-03-07');
    expect((await browser.get('/me')).json().data.attributes.date_of_birth).toBe('1985-03-07');
  });

  it('accepts someone who turns 18 today, and null clears the date', async () => {
    const { browser, stored } = await signedUp();

    expect(
      (await browser.put('/customers/date_of_birth', { date_of_birth: yearsAgo(18) })).statusCode,
    ).toBe(200);
    expect((await stored())?.dateOfBirth).toBe(yearsAgo(18));

    const cleared = await browser.put('/customers/date_of_birth', { date_of_birth: null });
    expect(cleared.statusCode).toBe(200);
    expect((await stored())?.dateOfBirth).toBeNull();
  });

  it.each([
    ['1990-02-30', 'Date of birth must be a real date'],
    ['17/05/1990', 'Date of birth must be a real date'],
    ['', 'Enter your date of birth'],
    [yearsAgo(0, 1), 'Date of birth must be in the past'],
    [yearsAgo(0), 'Date of birth must be in the past'],
    [yearsAgo(18, 1), 'You must be 18 or over to have an account'],
    ['1899-12-31', 'Date of birth must be after 1 January 1900'],
  ])('refuses %s with "%s" and writes nothing', async (value, message) => {
    const { browser, stored } = await signedUp();
    await browser.put('/customers/date_of_birth', { date_of_birth: '1985-03-07' });

    const response = await browser.put('/customers/date_of_birth', { date_of_birth: value });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'invalid_date_of_birth',
      title: 'Invalid date of birth',
      detail: message,
      source: { pointer: '/date_of_birth' },
    });
    expect((await stored())?.dateOfBirth).toBe('1985-03-07');
  });

  it('answers 400 to a body of the wrong shape', async () => {
    const { browser } = await signedUp();
    for (const body of [{}, { date_of_birth: 19850307 }, { date_of_birth: '1985-03-07', x: 1 }]) {
      expect((await browser.put('/customers/date_of_birth', body)).statusCode).toBe(400);
    }
  });

  it('PUT /me applies the same rule', async () => {
    const { browser, stored } = await signedUp();
    const response = await browser.put('/me', { date_of_birth: yearsAgo(10) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].detail).toBe('You must be 18 or over to have an account');
    expect((await stored())?.dateOfBirth).toBeNull();
  });
});

describe('PUT /customers/phone (R2.14, R3.5)', () => {
  it.each([
    ['07812 345678', '+447812345678'],
    ['0044 7812 345678', '+447812345678'],
    ['+44 20 7946 0018', '+442079460018'],
  ])('stores %s as %s', async (phone, e164) => {
    const { browser, stored } = await signedUp();

    const response = await browser.put('/customers/phone', { phone });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes.phone).toBe(e164);
    expect((await stored())?.phone).toBe(e164);
  });

  it('clears the phone with null or an empty string', async () => {
    const { browser, stored } = await signedUp();
    await browser.put('/customers/phone', { phone: '07812 345678' });
    expect((await browser.put('/customers/phone', { phone: '' })).statusCode).toBe(200);
    expect((await stored())?.phone).toBeNull();
    await browser.put('/customers/phone', { phone: '07812 345678' });
    expect((await browser.put('/customers/phone', { phone: null })).statusCode).toBe(200);
    expect((await stored())?.phone).toBeNull();
  });

  it.each(['+33 1 42 68 53 00', '07911 12345', '12345', 'call me'])(
    'refuses %s with the UK hint and writes nothing',
    async (phone) => {
      const { browser, stored } = await signedUp();
      await browser.put('/customers/phone', { phone: '07812 345678' });

      const response = await browser.put('/customers/phone', { phone });

      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        code: 'invalid_phone',
        title: 'Invalid phone number',
        detail: 'Enter a UK phone number, like 07812 345678 or +44 7812 345678',
        source: { pointer: '/phone' },
      });
      expect((await stored())?.phone).toBe('+447812345678');
    },
  );

  it('answers 400 to a body of the wrong shape', async () => {
    const { browser } = await signedUp();
    for (const body of [{}, { phone: 7812345678 }, { phone: '0'.repeat(33) }]) {
      expect((await browser.put('/customers/phone', body)).statusCode).toBe(400);
    }
  });
});

describe('PUT /customers/paperless (R2.16)', () => {
  it('adds and removes the paperless tag, keeping the other tags', async () => {
    const { browser, stored } = await signedUp();
    const db = testApp().database.db;
    const id = (await stored())?.id ?? 0;
    await db
      .update(customers)
      .set({ tags: ['vip'] })
      .where(eq(customers.id, id));

    const on = await browser.put('/customers/paperless', { paperless: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.attributes.tags).toEqual(['vip', 'paperless']);

    // Setting the same value again changes nothing (no duplicate tag).
    await browser.put('/customers/paperless', { paperless: true });
    expect((await stored())?.tags).toEqual(['vip', 'paperless']);

    const off = await browser.put('/customers/paperless', { paperless: false });
    expect(off.json().data.attributes.tags).toEqual(['vip']);
    expect((await stored())?.tags).toEqual(['vip']);
  });

  it('answers 400 to a body of the wrong shape and writes nothing', async () => {
    const { browser, stored } = await signedUp();
    for (const body of [{}, { paperless: 'yes' }, { paperless: true, extra: 1 }]) {
      expect((await browser.put('/customers/paperless', body)).statusCode).toBe(400);
    }
    expect((await stored())?.tags).toEqual([]);
  });
});

describe('my details calls need a session', () => {
  it.each([
    ['/customers/date_of_birth', { date_of_birth: '1985-03-07' }],
    ['/customers/phone', { phone: '07812 345678' }],
    ['/customers/paperless', { paperless: true }],
  ])('PUT %s answers 401 without one', async (url, body) => {
    const response = await client().put(url, body);
    expect(response.statusCode).toBe(401);
  });
});
