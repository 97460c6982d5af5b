import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addresses, customers } from '../../server/db/schema';
import { signupBody } from './support/customers';
import { signUp } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();

function expectError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json().errors[0]).toMatchObject({ status: String(status) });
}

/** A raw request as an attacker sends it: signed in, X-Branch set, anything else as given. */
function raw(
  browser: ApiClient,
  options: { method: string; url: string; headers?: Record<string, string>; payload?: unknown },
) {
  return testApp().app.inject({
    method: options.method as 'POST',
    url: `/api/v2${options.url}`,
    headers: { 'x-branch': 'web', cookie: browser.cookieHeader, ...options.headers },
    ...(options.payload !== undefined
      ? { payload: options.payload as string | Buffer | Record<string, unknown> }
      : {}),
  });
}

async function customerWithAddress() {
  const browser = new ApiClient(testApp().app);
  const customerId = await signUp(browser);
  const saved = await browser.post('/addresses', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address1: '12 Exmouth Market',
    city: 'London',
    zip: 'EC1R 4QE',
    phone: '07812 345678',
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return { browser, customerId, addressId: Number(saved.json().data.id) };
}

describe('no type coercion of bodies', () => {
  it('refuses a number for a name and a string, 1 or null for a boolean', async () => {
    const browser = new ApiClient(testApp().app);
    expectError(await browser.post('/customers', signupBody({ first_name: 12345 })), 400);
    for (const flag of ['true', 1, null]) {
      expectError(await browser.post('/customers', signupBody({ accepts_emails: flag })), 400);
    }
    const count = await testApp().database.db.select().from(customers);
    expect(count.every((row) => row.firstName !== '12345')).toBe(true);
  });
});

describe('path ids are strict decimal within int4', () => {
  it('never reads another notation of an address id as that id (DELETE addresses/0x10)', async () => {
    const { browser, customerId, addressId } = await customerWithAddress();
    const notations = [
      `0x${addressId.toString(16)}`,
      `${addressId}e0`,
      `+${addressId}`,
      `0${addressId}`,
      ` ${addressId}`,
      `${addressId}.0`,
      '-1',
      '0',
      '2147483648',
      '99999999999',
    ];
    for (const id of notations) {
      const response = await browser.delete(`/addresses/${encodeURIComponent(id)}`);
      expect([400, 404], `${id}: ${response.body}`).toContain(response.statusCode);
      expectError(response, response.statusCode);
    }
    const left = await testApp()
      .database.db.select()
      .from(addresses)
      .where(eq(addresses.customerId, customerId));
    expect(left.map((row) => row.id)).toEqual([addressId]);
    expect((await browser.delete(`/addresses/${addressId}`)).statusCode).toBe(204);
  });

  it('reads an integer path id and a query number only in plain decimal', async () => {
    const browser = new ApiClient(testApp().app);
    for (const id of ['0x10', '1e3', '2147483648', '1.0']) {
      expectError(await browser.get(`/restaurants/${id}`), 400);
    }
    expectError(await browser.get('/restaurants/nearest?lat=0x10&lon=0'), 400);
    expectError(await browser.get('/restaurants/nearest?lat=1e1&lon=0'), 400);
    expect((await browser.get('/restaurants/nearest?lat=51.5&lon=-0.1')).statusCode).toBe(200);
  });

  it('refuses an overlong path parameter with JSON:API', async () => {
    const browser = new ApiClient(testApp().app);
    expectError(await browser.get(`/baskets/${'x'.repeat(300)}`), 414);
  });
});

describe('request bodies are JSON in UTF-8', () => {
  const body = JSON.stringify(signupBody());

  it.each([
    ['text/plain', body],
    ['application/xml', '<customer/>'],
    ['application/json; charset=utf-16', Buffer.from(body, 'utf16le')],
    ['application/json; charset=iso-8859-1', body],
  ])('answers 415 to a body sent as %s', async (contentType, payload) => {
    const browser = new ApiClient(testApp().app);
    expectError(
      await raw(browser, {
        method: 'POST',
        url: '/customers',
        headers: { 'content-type': contentType },
        payload,
      }),
      415,
    );
  });

  it('answers 415 to a body with no content type, and accepts charset=utf-8', async () => {
    const browser = new ApiClient(testApp().app);
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/v2/customers',
      headers: { 'x-branch': 'web' },
      payload: Buffer.from(body),
    });
    expectError(response, 415);
    const accepted = await raw(browser, {
      method: 'POST',
      url: '/customers',
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      payload: body,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('answers 400 when a required body is missing (PUT addresses/{id})', async () => {
    const { browser, addressId } = await customerWithAddress();
    expectError(await raw(browser, { method: 'PUT', url: `/addresses/${addressId}` }), 400);
    expectError(await raw(browser, { method: 'POST', url: '/customers' }), 400);
  });

  it('answers 400 to malformed JSON', async () => {
    const browser = new ApiClient(testApp().app);
    expectError(
      await raw(browser, {
        method: 'POST',
        url: '/customers',
        headers: { 'content-type': 'application/json' },
        payload: '{"first_name":',
      }),
      400,
    );
  });
});

describe('NUL bytes are refused anywhere', () => {
  it('in a body string, a path, a query and a header', async () => {
    const { browser, addressId } = await customerWithAddress();
    expectError(await browser.post('/customers', signupBody({ first_name: 'A\u0000da' })), 400);
    expectError(await browser.get(`/addresses/${addressId}%00`), 400);
    expectError(await browser.get('/postcodes/EC1R%004QE'), 400);
    expectError(await browser.get('/restaurants/nearest?lat=51.5&lon=0&fulfillment_type=%00'), 400);
    expectError(
      await raw(browser, {
        method: 'POST',
        url: '/payments',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'a\u0000b' },
        payload: JSON.stringify({ order_id: '1' }),
      }),
      400,
    );
  });
});

describe('numbers are bounded by the contract', () => {
  it('refuses 1e308 and ids beyond int4 in a body', async () => {
    const { browser } = await customerWithAddress();
    const basket = await browser.post('/baskets', { type: 'TakeawayBasket', restaurant_id: 1e308 });
    expectError(basket, 400);
    expectError(await browser.post('/payments', { order_id: '2147483648' }), 400);
    expectError(await browser.post('/payments', { order_id: '0x10' }), 400);
  });
});

describe('a recipe-kit basket', () => {
  it('with an unknown restaurant is a 4xx and writes no basket', async () => {
    const browser = new ApiClient(testApp().app);
    await signUp(browser);
    const created = await browser.post('/baskets', {
      type: 'RecipeKitBasket',
      restaurant_id: 999999,
    });
    expectError(created, 400);
    expect((await browser.get('/baskets')).json().data).toEqual([]);
  });
});
