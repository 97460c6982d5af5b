import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, subscriptions } from '../../server/db/schema';
import { ADDRESS_IN_USE_MESSAGE } from '../../server/routes/addresses/addresses.handlers';
import { signUp } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

const home = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '07812 345678',
  address1: '12 Chiswick High Road',
  city: 'London',
  zip: 'w4 2hd',
  ...overrides,
});

async function addressCount(customerId: number) {
  const [row] = await testApp()
    .database.db.select({ n: count() })
    .from(addresses)
    .where(eq(addresses.customerId, customerId));
  return row!.n;
}

async function customerWithAddress() {
  const browser = client();
  const customerId = await signUp(browser);
  const created = await browser.post('/addresses', home());
  return { browser, customerId, address: created.json().data as { id: string } };
}

describe('addresses need a signed-in customer', () => {
  it.each([
    ['GET', '/addresses', undefined],
    ['POST', '/addresses', home()],
    ['PUT', '/addresses/1', home()],
    ['DELETE', '/addresses/1', undefined],
    ['POST', '/addresses/1/default', {}],
  ] as const)('%s %s answers 401 without a session', async (method, url, body) => {
    const response = await client().call(method, url, body);

    expect(response.statusCode).toBe(401);
  });
});

describe('POST /addresses', () => {
  it('saves a UK address: phone as +44, postcode normalised, lat/lon from the directory, first one default', async () => {
    const browser = client();
    await signUp(browser);

    const response = await browser.post('/addresses', home({ address2: '  ', company: 'Sfoglia' }));

    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.type).toBe('addresses');
    expect(data.attributes).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+447812345678',
      address1: '12 Chiswick High Road',
      address2: null,
      city: 'London',
      zip: 'W4 2HD',
      company: 'Sfoglia',
      country: 'United Kingdom',
      country_code: 'GB',
      is_default: true,
    });
    expect(data.attributes.lat).toEqual(expect.any(Number));
    expect(data.attributes.lon).toEqual(expect.any(Number));
  });

  it('accepts a 0044 phone and UK as the country code; a postcode the directory does not know saves without coordinates', async () => {
    const browser = client();
    await signUp(browser);

    // ZZ9 is no district: since product rule R3.13 the directory places every real one.
    const response = await browser.post(
      '/addresses',
      home({ phone: '0044 7812 345678', zip: 'ZZ9 9ZZ', country_code: 'UK' }),
    );

    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes).toMatchObject({
      phone: '+447812345678',
      zip: 'ZZ9 9ZZ',
      country_code: 'GB',
      lat: null,
      lon: null,
    });
  });

  it('keeps the first default; a later one sent with is_default takes over, one default in all', async () => {
    const { browser } = await customerWithAddress();

    const second = await browser.post('/addresses', home({ address1: '1 Turnham Green' }));
    const third = await browser.post(
      '/addresses',
      home({ address1: '2 Turnham Green', is_default: true }),
    );

    expect(second.json().data.attributes.is_default).toBe(false);
    expect(third.json().data.attributes.is_default).toBe(true);
    const list = (await browser.get('/addresses')).json().data as {
      id: string;
      attributes: { is_default: boolean };
    }[];
    expect(list.filter((a) => a.attributes.is_default).map((a) => a.id)).toEqual([
      third.json().data.id,
    ]);
    expect(list[0]!.id).toBe(third.json().data.id);
  });

  it.each([
    [{ phone: '+33 6 12 34 56 78' }, '/phone'],
    [{ phone: '0770' }, '/phone'],
    [{ zip: '12345' }, '/zip'],
    [{ first_name: '  ' }, '/first_name'],
    [{ last_name: ' ' }, '/last_name'],
    [{ address1: 'ignore_me' }, '/address1'],
    [{ city: ' ' }, '/city'],
    [{ lat: 51.5 }, '/lat'],
    [{ country_code: 'FR' }, '/country_code'],
  ])('refuses %j with 400 at %s and writes nothing', async (change, pointer) => {
    const browser = client();
    const customerId = await signUp(browser);

    const response = await browser.post('/addresses', home(change));

    expect(response.statusCode).toBe(400);
    const [error] = response.json().errors;
    expect(error.source.pointer).toBe(pointer);
    expect(error.detail ?? error.title).toBeTruthy();
    expect(await addressCount(customerId)).toBe(0);
  });
});

describe('GET /addresses', () => {
  it('lists only the signed-in customer’s own addresses', async () => {
    const { browser, address } = await customerWithAddress();
    const other = await customerWithAddress();

    const list = (await browser.get('/addresses')).json().data as { id: string }[];

    expect(list.map((a) => a.id)).toEqual([address.id]);
    expect(list.map((a) => a.id)).not.toContain(other.address.id);
  });
});

describe('PUT /addresses/{id}', () => {
  it('replaces the address with the same rules', async () => {
    const { browser, address } = await customerWithAddress();

    const response = await browser.put(
      `/addresses/${address.id}`,
      home({ address1: '3 Devonshire Road', phone: '020 7946 0018' }),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({
      address1: '3 Devonshire Road',
      phone: '+442079460018',
      is_default: true,
    });
  });

  it('refuses a bad phone with 400 and leaves the address as it was', async () => {
    const { browser, address } = await customerWithAddress();

    const response = await browser.put(`/addresses/${address.id}`, home({ phone: '12' }));

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source.pointer).toBe('/phone');
    const [row] = await testApp()
      .database.db.select()
      .from(addresses)
      .where(eq(addresses.id, Number(address.id)));
    expect(row!.phone).toBe('+447812345678');
  });

  it('answers 404 for another customer’s address and changes nothing', async () => {
    const owner = await customerWithAddress();
    const intruder = client();
    await signUp(intruder);

    const response = await intruder.put(`/addresses/${owner.address.id}`, home({ city: 'Leeds' }));

    expect(response.statusCode).toBe(404);
    const list = (await owner.browser.get('/addresses')).json().data;
    expect(list[0].attributes.city).toBe('London');
  });
});

describe('POST /addresses/{id}/default', () => {
  it('switches the one default and answers the list', async () => {
    const { browser, address } = await customerWithAddress();
    const second = (await browser.post('/addresses', home({ address1: '9 Bath Road' }))).json()
      .data as { id: string };

    const response = await browser.post(`/addresses/${second.id}/default`);

    expect(response.statusCode).toBe(200);
    const list = response.json().data as { id: string; attributes: { is_default: boolean } }[];
    expect(list.map((a) => [a.id, a.attributes.is_default])).toEqual([
      [second.id, true],
      [address.id, false],
    ]);
  });

  it('answers 404 for another customer’s address', async () => {
    const owner = await customerWithAddress();
    const intruder = await customerWithAddress();

    const response = await intruder.browser.post(`/addresses/${owner.address.id}/default`);

    expect(response.statusCode).toBe(404);
    const list = (await intruder.browser.get('/addresses')).json().data;
    expect(list[0].attributes.is_default).toBe(true);
  });
});

describe('DELETE /addresses/{id}', () => {
  it('removes it; the oldest remaining becomes the default when the default goes', async () => {
    const { browser, customerId, address } = await customerWithAddress();
    const second = (await browser.post('/addresses', home({ address1: '9 Bath Road' }))).json()
      .data as { id: string };

    const response = await browser.delete(`/addresses/${address.id}`);

    expect(response.statusCode).toBe(204);
    expect(await addressCount(customerId)).toBe(1);
    const list = (await browser.get('/addresses')).json().data;
    expect(list).toMatchObject([{ id: second.id, attributes: { is_default: true } }]);
  });

  it('answers 404 for another customer’s address and deletes nothing', async () => {
    const owner = await customerWithAddress();
    const intruder = client();
    await signUp(intruder);

    const response = await intruder.delete(`/addresses/${owner.address.id}`);

    expect(response.statusCode).toBe(404);
    expect(await addressCount(owner.customerId)).toBe(1);
  });

  it('answers 400 for an id that is not a number (the contract refuses it)', async () => {
    const { browser } = await customerWithAddress();

    expect((await browser.delete('/addresses/abc')).statusCode).toBe(400);
  });
});

/** A plan shipping and billing to the address, as the kit checkout writes one. */
async function planOn(
  customerId: number,
  addressId: string,
  state: 'active' | 'cancelled' = 'active',
) {
  const [plan] = await testApp()
    .database.db.insert(subscriptions)
    .values({
      customerId,
      name: 'Pasta plan',
      state,
      numberOfRecipes: 3,
      shippingAddressId: Number(addressId),
      billingAddressId: Number(addressId),
    })
    .returning();
  return plan!.id;
}

async function planAddresses(planId: number) {
  const [plan] = await testApp()
    .database.db.select()
    .from(subscriptions)
    .where(eq(subscriptions.id, planId));
  return [plan!.shippingAddressId, plan!.billingAddressId];
}

describe('DELETE /addresses/{id} with a pasta plan on it (product rule R3.14)', () => {
  it('moves the plan to the default address, in the same transaction', async () => {
    const { browser, customerId } = await customerWithAddress();
    const second = (await browser.post('/addresses', home({ address1: '9 Bath Road' }))).json()
      .data as { id: string };
    const plan = await planOn(customerId, second.id);
    const theDefault = (await browser.get('/addresses')).json().data[0].id as string;

    const response = await browser.delete(`/addresses/${second.id}`);

    expect(response.statusCode).toBe(204);
    expect(await planAddresses(plan)).toEqual([Number(theDefault), Number(theDefault)]);
  });

  it('moves the plan to the next default when its address was the default', async () => {
    const { browser, customerId, address } = await customerWithAddress();
    const second = (await browser.post('/addresses', home({ address1: '9 Bath Road' }))).json()
      .data as { id: string };
    const plan = await planOn(customerId, address.id);

    expect((await browser.delete(`/addresses/${address.id}`)).statusCode).toBe(204);

    expect(await planAddresses(plan)).toEqual([Number(second.id), Number(second.id)]);
    expect((await browser.get('/addresses')).json().data).toMatchObject([
      { id: second.id, attributes: { is_default: true } },
    ]);
  });

  it('refuses to delete the only address a plan uses: 409 with the message, nothing changed', async () => {
    const { browser, customerId, address } = await customerWithAddress();
    const plan = await planOn(customerId, address.id);

    const response = await browser.delete(`/addresses/${address.id}`);

    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatchObject({
      code: 'address_in_use',
      detail: ADDRESS_IN_USE_MESSAGE,
    });
    expect(await addressCount(customerId)).toBe(1);
    expect(await planAddresses(plan)).toEqual([Number(address.id), Number(address.id)]);
  });

  it('a cancelled plan does not hold its address', async () => {
    const { browser, customerId, address } = await customerWithAddress();
    await planOn(customerId, address.id, 'cancelled');

    expect((await browser.delete(`/addresses/${address.id}`)).statusCode).toBe(204);
    expect(await addressCount(customerId)).toBe(0);
  });
});

describe('addresses: concurrent requests take effect once', () => {
  it('two "make default" at once leave exactly one default', async () => {
    const { browser } = await customerWithAddress();
    const b = (await browser.post('/addresses', home({ address1: '1 Bath Road' }))).json().data.id;
    const c = (await browser.post('/addresses', home({ address1: '2 Bath Road' }))).json().data.id;

    const answers = await Promise.all([
      browser.post(`/addresses/${b}/default`),
      browser.post(`/addresses/${c}/default`),
    ]);

    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const list = (await browser.get('/addresses')).json().data as {
      attributes: { is_default: boolean };
    }[];
    expect(list.filter((a) => a.attributes.is_default)).toHaveLength(1);
  });

  it('two deletes of the same address at once: one 204, one 404, one default left', async () => {
    const { browser, customerId, address } = await customerWithAddress();
    await browser.post('/addresses', home({ address1: '1 Bath Road' }));

    const answers = await Promise.all([
      browser.delete(`/addresses/${address.id}`),
      browser.delete(`/addresses/${address.id}`),
    ]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    expect(await addressCount(customerId)).toBe(1);
    expect((await browser.get('/addresses')).json().data[0].attributes.is_default).toBe(true);
  });

  it('deleting the last two addresses at once while a plan uses one: the plan keeps an address', async () => {
    const { browser, customerId, address } = await customerWithAddress();
    const second = (await browser.post('/addresses', home({ address1: '9 Bath Road' }))).json()
      .data as { id: string };
    const plan = await planOn(customerId, address.id);

    const answers = await Promise.all([
      browser.delete(`/addresses/${address.id}`),
      browser.delete(`/addresses/${second.id}`),
    ]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    expect(await addressCount(customerId)).toBe(1);
    const [shipping] = await planAddresses(plan);
    expect(shipping).not.toBeNull();
  });
});
