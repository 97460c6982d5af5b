import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTCODES } from '../../server/db/seed-data/postcodes';
import { RESTAURANTS } from '../../server/db/seed-data/restaurants';
import { signUp } from './support/payments';
import { httpDirectory } from '../../server/services/postcode-directory/http-directory';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

describe('GET /postcodes/{postcode}/addresses', () => {
  it('finds the addresses of a postcode typed in any case and spacing', async () => {
    const response = await client().get('/postcodes/%20w42hd%20/addresses');

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ postcode: 'W4 2HD' });
    expect(
      body.data.map((a: { attributes: { address1: string } }) => a.attributes.address1),
    ).toContain('12 Devonshire Road');
    expect(body.data[0].attributes).toMatchObject({
      zip: 'W4 2HD',
      city: 'London',
      country_code: 'GB',
    });
  });

  it('accepts any spacing inside the postcode', async () => {
    const response = await client().get('/postcodes/ec1n%20%20%208ss/addresses');

    expect(response.statusCode).toBe(200);
    expect(response.json().meta.postcode).toBe('EC1N 8SS');
  });

  it('names the postcode, as typed but normalised, when it finds nothing', async () => {
    const response = await client().get('/postcodes/zz99zz/addresses');

    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({
      code: 'postcode_not_found',
      detail: "We couldn't find any addresses for ZZ9 9ZZ. Check the postcode and try again.",
      source: { parameter: 'postcode' },
    });
  });

  it('refuses something that is not shaped like a postcode', async () => {
    const response = await client().get('/postcodes/hello/addresses');

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      detail: 'Enter a real postcode, like W4 2HD',
      source: { parameter: 'postcode' },
    });
  });
});

describe('GET /postcodes/{postcode}', () => {
  it('geocodes a known postcode', async () => {
    const response = await client().get('/postcodes/ec1n8ss');

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: 'EC1N 8SS',
      attributes: { postcode: 'EC1N 8SS', lat: 51.5197, lon: -0.108 },
    });
  });

  it('answers "Can\'t find lat/long for postcode {postcode}" for an unknown one', async () => {
    const response = await client().get('/postcodes/ZZ9%209ZZ');

    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].detail).toBe("Can't find lat/long for postcode ZZ9 9ZZ");
  });
});

describe('the seeded directory', () => {
  const nearestDelivering = async (postcode: string) => {
    const place = (await client().get(`/postcodes/${encodeURIComponent(postcode)}`)).json().data
      .attributes;
    const nearest = await client().get(
      `/restaurants/nearest?lat=${place.lat}&lon=${place.lon}&fulfillment_type=delivery`,
    );
    return nearest.json().data as { id: string }[];
  };

  it('has every postcode with 3 to 6 addresses', async () => {
    for (const { postcode } of POSTCODES) {
      const response = await client().get(`/postcodes/${encodeURIComponent(postcode)}/addresses`);
      expect(response.json().data.length, postcode).toBeGreaterThanOrEqual(3);
      expect(response.json().data.length, postcode).toBeLessThanOrEqual(6);
    }
  });

  it('lets a customer near each delivering restaurant find it first', async () => {
    const delivering = RESTAURANTS.filter((r) => r.fulfillmentTypes?.includes('delivery'));
    const firstFound = new Set<string>();
    for (const { postcode } of POSTCODES) {
      const [first] = await nearestDelivering(postcode);
      if (first) firstFound.add(first.id);
    }

    expect([...firstFound].sort()).toEqual(delivering.map((r) => String(r.id)).sort());
  });

  it('finds no delivering restaurant for Edinburgh, Cardiff, Norwich, York or Manchester Airport', async () => {
    for (const postcode of ['EH1 1YZ', 'CF10 1EP', 'NR2 1NH', 'YO1 7HH', 'M90 3NZ']) {
      expect(await nearestDelivering(postcode), postcode).toEqual([]);
    }
  });
});

describe('any real UK postcode is placed (product rule R3.13)', () => {
  const place = async (postcode: string) =>
    (await client().get(`/postcodes/${encodeURIComponent(postcode)}`)).json().data.attributes;
  const nearest = async (postcode: string) => {
    const { lat, lon } = await place(postcode);
    const response = await client().get(
      `/restaurants/nearest?lat=${lat}&lon=${lon}&fulfillment_type=delivery`,
    );
    return (response.json().data as { attributes: { site: string } }[]).map(
      (restaurant) => restaurant.attributes.site,
    );
  };

  it.each([
    ['SW1A 1AA', 51.50265, -0.13111, 'New Oxford Street'],
    ['W4 2PH', 51.49118, -0.26268, 'Chiswick'],
    ['EC1M 6BQ', 51.52106, -0.10152, 'Farringdon'],
    ['SE10 9HT', 51.48162, -0.00089, 'Greenwich'],
  ])(
    '%s, not in the address table, is placed at its district and lists no addresses, so the customer types the street',
    async (postcode, lat, lon, firstSite) => {
      const addresses = await client().get(
        `/postcodes/${encodeURIComponent(postcode.toLowerCase())}/addresses`,
      );

      expect(addresses.statusCode).toBe(200);
      expect(addresses.json()).toEqual({ data: [], meta: { postcode, lat, lon } });
      const geocoded = await client().get(`/postcodes/${encodeURIComponent(postcode)}`);
      expect(geocoded.statusCode).toBe(200);
      expect(geocoded.json().data.attributes).toEqual({ postcode, lat, lon });
      expect((await nearest(postcode))[0]).toBe(firstSite);
    },
  );

  it('places IV1 1AA in Inverness, far from every restaurant: no delivering restaurant, not an error', async () => {
    const response = await client().get('/postcodes/IV1%201AA/addresses');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [],
      meta: { postcode: 'IV1 1AA', lat: 57.4874, lon: -4.23059 },
    });
    expect(await nearest('IV1 1AA')).toEqual([]);
  });

  it('still lists the addresses of a postcode in the address table rather than its district', async () => {
    const response = await client().get('/postcodes/W4%202HD');

    expect(response.json().data.attributes).toEqual({
      postcode: 'W4 2HD',
      lat: 51.4916,
      lon: -0.2555,
    });
  });

  it('answers 404 for a postcode shaped right whose district does not exist, and 400 for a malformed one', async () => {
    const unknown = await client().get('/postcodes/QQ1%201AA/addresses');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({
      code: 'postcode_not_found',
      detail: "We couldn't find any addresses for QQ1 1AA. Check the postcode and try again.",
    });

    const malformed = await client().get('/postcodes/SW1A%201A/addresses');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({
      code: 'invalid_postcode',
      detail: 'Enter a real postcode, like W4 2HD',
    });
  });

  it('saves an address at a district-placed postcode with its coordinates', async () => {
    const api = client();
    await signUp(api);
    const response = await api.post('/addresses', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '07812 345678',
      address1: '1 Horse Guards Road',
      city: 'London',
      zip: 'sw1a1aa',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes).toMatchObject({
      zip: 'SW1A 1AA',
      lat: 51.50265,
      lon: -0.13111,
    });
  });
});

/** A postcodes.io stand-in: knows W4 2HD, fails for SW1A 1AA, knows nothing else. */
async function startPostcodeService() {
  const server = http.createServer((request, response) => {
    if (request.url === '/postcodes/W4%202HD') {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          status: 200,
          result: { postcode: 'W4 2HD', latitude: 51.4916, longitude: -0.2555 },
        }),
      );
    } else if (request.url === '/postcodes/SW1A%201AA') {
      response.statusCode = 500;
      response.end();
    } else {
      response.statusCode = 404;
      response.end(JSON.stringify({ status: 404, error: 'Postcode not found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Started before the hooks so its address can go into the second app's configuration.
const postcodeService = await startPostcodeService();
afterAll(() => postcodeService.close());

describe('the HTTP postcode provider (postcodes.io shape)', () => {
  it('geocodes, with no address list', async () => {
    expect(await httpDirectory(postcodeService.url).lookup('W4 2HD')).toEqual({
      postcode: 'W4 2HD',
      lat: 51.4916,
      lon: -0.2555,
      addresses: [],
    });
  });

  it('gives undefined for an unknown postcode and throws when the service fails', async () => {
    expect(await httpDirectory(postcodeService.url).lookup('ZZ9 9ZZ')).toBeUndefined();
    await expect(httpDirectory(postcodeService.url).lookup('SW1A 1AA')).rejects.toThrow(
      'Postcode service answered 500',
    );
  });
});

describe('with POSTCODE_API_URL set, the API uses that service', () => {
  const serviceApp = useTestApp({ env: { POSTCODE_API_URL: postcodeService.url } });
  const serviceClient = () => new ApiClient(serviceApp().app);

  it('geocodes through the service', async () => {
    const response = await serviceClient().get('/postcodes/w42hd');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toEqual({
      postcode: 'W4 2HD',
      lat: 51.4916,
      lon: -0.2555,
    });
  });

  it('lists no addresses, so the customer types the street', async () => {
    const response = await serviceClient().get('/postcodes/W4%202HD/addresses');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [], meta: { postcode: 'W4 2HD' } });
  });

  it('answers the message of product rule R3.7 for a postcode the service does not know', async () => {
    const response = await serviceClient().get('/postcodes/EC1N%208SS');

    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].detail).toBe("Can't find lat/long for postcode EC1N 8SS");
  });

  it('answers 502 naming the postcode when the service fails', async () => {
    const response = await serviceClient().get('/postcodes/sw1a1aa/addresses');

    expect(response.statusCode).toBe(502);
    expect(response.json().errors[0]).toMatchObject({
      code: 'postcode_service_unavailable',
      detail: "We couldn't look up SW1A 1AA just now. Try again in a moment.",
    });
  });
});
