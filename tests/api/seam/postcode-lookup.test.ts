import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { listPostcodeAddresses } from '../../../src/api/postcode-lookup';
import { typedApiClient } from '../support/typed-client';
import { useTestApp } from '../support/test-app';

/** A postcode service that fails every lookup, as a provider outage does. */
async function startFailingService() {
  const server = http.createServer((_, response) => {
    response.statusCode = 500;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
// Started before the hooks so its address can go into the second app's configuration.
const failingService = await startFailingService();
afterAll(() => failingService.close());

const getApp = useTestApp();

describe('src/api/postcode-lookup against the server (product rules R3.13, R8.11, R8.12)', () => {
  it('lists the addresses of a listed postcode, typed in any case, and none for a district-only one', async () => {
    const client = typedApiClient(getApp().app);

    const listed = await listPostcodeAddresses('w4 2hd', client);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0]).toMatchObject({ zip: 'W4 2HD', city: 'London', countryCode: 'GB' });
    expect(await listPostcodeAddresses('SW1A 1AA', client)).toEqual([]);
  });

  it("fails with the server's words, naming the postcode, for an unknown one", async () => {
    await expect(listPostcodeAddresses('ZZ9 9ZZ', typedApiClient(getApp().app))).rejects.toEqual({
      status: 404,
      message: "We couldn't find any addresses for ZZ9 9ZZ. Check the postcode and try again.",
    });
  });

  it('fails with a message to try again when no answer comes', async () => {
    const offline = createApiClient({
      baseUrl: 'http://sfoglia.test/api/v2',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(listPostcodeAddresses('W4 2HD', offline)).rejects.toEqual({
      status: 0,
      message: "We couldn't look up W4 2HD just now. Try again.",
    });
  });

  describe('when the postcode service fails', () => {
    const serviceApp = useTestApp({ env: { POSTCODE_API_URL: failingService.url } });

    it('fails with a message to try again, not the fault', async () => {
      await expect(
        listPostcodeAddresses('W4 2HD', typedApiClient(serviceApp().app)),
      ).rejects.toEqual({
        status: 502,
        message: "We couldn't look up W4 2HD just now. Try again.",
      });
    });
  });
});
