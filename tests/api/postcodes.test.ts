import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('names the postcode when it finds nothing', async () => {
    const response = await client().get('/postcodes/ZZ9%209ZZ/addresses');

    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({ code: 'postcode_not_found' });
    expect(response.json().errors[0].detail).toContain('ZZ9 9ZZ');
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

describe('the HTTP postcode provider (postcodes.io shape)', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((request, response) => {
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
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('geocodes, with no address list', async () => {
    expect(await httpDirectory(base).lookup('W4 2HD')).toEqual({
      postcode: 'W4 2HD',
      lat: 51.4916,
      lon: -0.2555,
      addresses: [],
    });
  });

  it('gives undefined for an unknown postcode and throws when the service fails', async () => {
    expect(await httpDirectory(base).lookup('ZZ9 9ZZ')).toBeUndefined();
    await expect(httpDirectory(base).lookup('SW1A 1AA')).rejects.toThrow(
      'Postcode service answered 500',
    );
  });
});
