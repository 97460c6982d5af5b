import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, onUnauthorized, unwrap } from '../../src/api/client';
import { toEntity } from '../../src/api/json-api';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('the API client', () => {
  const requests: Request[] = [];
  beforeEach(() => {
    requests.length = 0;
    vi.stubGlobal('window', {
      dataLayer: [] as Record<string, unknown>[],
      location: { origin: 'http://localhost' },
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  // The platform's fetch, answered locally: each call passes it as openapi-fetch's per-request fetch.
  let fetch: (request: Request) => Promise<Response>;
  const respondWith = (response: Response) => {
    fetch = async (request: Request) => {
      requests.push(request);
      return response;
    };
  };

  it('sends the fixed X-Branch header and cookie credentials, with a snake_case body', async () => {
    respondWith(
      answer(201, { data: { type: 'customers', id: '1', attributes: { first_name: 'Ada' } } }),
    );

    await api.POST('/sessions', {
      baseUrl: 'http://localhost/api/v2',
      fetch,
      body: { email: 'a@b.co', password: 'x', target_url: '/account' },
    });

    const [request] = requests;
    expect(request?.headers.get('X-Branch')).toBe('web');
    expect(request?.credentials).toBe('include');
    expect(await request?.json()).toEqual({
      email: 'a@b.co',
      password: 'x',
      target_url: '/account',
    });
  });

  it('flattens a JSON:API resource and camelCases its attributes', () => {
    expect(
      toEntity({
        type: 'customers',
        id: '7',
        attributes: { first_name: 'Ada', store_credits: 5, accepts_sms: true },
      }),
    ).toEqual({
      id: '7',
      firstName: 'Ada',
      storeCredits: 5,
      acceptsSms: true,
    });
  });

  it('tells the session about a 401 from any call but its own read of the customer', async () => {
    const refused = () =>
      respondWith(
        answer(401, {
          errors: [{ status: '401', code: 'unauthorized', title: 'Sign in to continue' }],
        }),
      );
    const listener = vi.fn();
    const stop = onUnauthorized(listener);

    refused();
    await expect(
      unwrap(api.GET('/orders', { baseUrl: 'http://localhost/api/v2', fetch })),
    ).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);

    // The session's read of /me answers "nobody" itself (product rule R2.5: the same reset).
    refused();
    await expect(
      unwrap(api.GET('/me', { baseUrl: 'http://localhost/api/v2', fetch })),
    ).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reports other API errors to analytics as error_reported with the message', async () => {
    respondWith(
      answer(404, {
        errors: [{ status: '404', code: 'not_found', title: 'Restaurant not found' }],
      }),
    );

    await expect(
      unwrap(
        api.GET('/restaurants/{id}', {
          baseUrl: 'http://localhost/api/v2',
          fetch,
          params: { path: { id: 9 } },
        }),
      ),
    ).rejects.toMatchObject({
      status: 404,
      serverMessage: 'Restaurant not found',
    });

    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toContainEqual(
      expect.objectContaining({
        event: 'error_reported',
        message: 'Restaurant not found',
        status: 404,
      }),
    );
  });
});
