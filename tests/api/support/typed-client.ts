import type { FastifyInstance, InjectOptions } from 'fastify';
import { createApiClient, type ApiClient } from '../../../src/api/client';
import { signupBody } from './customers';

/** The host is never dialled: requests go into the app in-process. */
const BASE_URL = 'http://sfoglia.test/api/v2';

/**
 * The browser's own API modules (src/api) pointed at the test app: a fetch that hands each
 * request to Fastify's inject and keeps the session cookie between calls, as a browser does.
 */
export function typedApiClient(app: FastifyInstance): ApiClient {
  const cookies = new Map<string, string>();
  async function injectFetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (cookies.size)
      headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const body = request.body ? await request.text() : undefined;
    const injected = await app.inject({
      method: request.method as InjectOptions['method'],
      url: url.pathname + url.search,
      headers,
      ...(body !== undefined && { payload: body }),
    });
    for (const cookie of injected.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()))
        cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(injected.headers)) {
      for (const one of [value ?? []].flat()) responseHeaders.append(name, String(one));
    }
    // 204 and 304 may not carry a body.
    const hasBody = injected.rawPayload.length > 0 && ![204, 304].includes(injected.statusCode);
    return new Response(hasBody ? new Uint8Array(injected.rawPayload) : null, {
      status: injected.statusCode,
      headers: responseHeaders,
    });
  }
  return createApiClient({ baseUrl: BASE_URL, fetch: injectFetch });
}

/** A new customer signed up through the typed client, which now carries their session. */
export async function signedUpClient(app: FastifyInstance) {
  const client = typedApiClient(app);
  const { data, response } = await client.POST('/customers', { body: signupBody() });
  if (!data) throw new Error(`sign-up failed: ${response.status}`);
  return { client, customerId: Number(data.data.id) };
}
