import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import { reportError } from '../analytics/report-error';
import { ApiRequestError, type ApiErrorObject } from './api-error';

export const API_BASE = '/api/v2';

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Product rule R2.5: a 401 from any call resets the customer state; the session actor listens here. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The session's own read of the customer: it reads a 401 as nobody itself (session-context). */
const isSessionRead = (request: Request) =>
  request.method === 'GET' && new URL(request.url).pathname === `${API_BASE}/me`;

const statusMiddleware: Middleware = {
  async onResponse({ response, request }) {
    if (response.ok) return undefined;
    if (response.status === 401) {
      if (!isSessionRead(request)) unauthorizedListeners.forEach((listener) => listener());
    } else {
      const message = await response
        .clone()
        .json()
        .then(
          (body: { errors?: ApiErrorObject[] }) =>
            body.errors?.[0]?.detail ?? body.errors?.[0]?.title,
        )
        .catch(() => undefined);
      reportError(message ?? response.statusText, {
        status: response.status,
        url: new URL(request.url).pathname,
      });
    }
    return undefined;
  },
};

export type ApiClient = Client<paths>;

/**
 * A typed client for openapi/openapi.yaml: the fixed X-Branch header on every call. Request
 * bodies are written in snake_case, as the contract types them. The browser's `api` uses the
 * page's cookies on relative URLs; a node test passes a base URL and a fetch that keeps cookies,
 * and calls the same modules with it.
 */
export function createApiClient(
  options: { baseUrl?: string; fetch?: (request: Request) => Promise<Response> } = {},
): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? API_BASE,
    credentials: 'include',
    headers: { 'X-Branch': 'web' },
    ...(options.fetch && { fetch: options.fetch }),
  });
  client.use(statusMiddleware);
  return client;
}

/** The browser's client: every src/api call uses it unless given another. */
export const api = createApiClient();

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Unwraps an openapi-fetch result: the data, or an ApiRequestError carrying the server's errors.
 * `fallback` is the product rules' message for failures without a usable server message.
 */
export async function unwrap<T>(
  call: Promise<FetchResult<T>>,
  fallback = 'Something went wrong',
): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch {
    throw new ApiRequestError(0, [], fallback);
  }
  if (result.response.ok) return result.data as T;
  const errors = (result.error as { errors?: ApiErrorObject[] } | undefined)?.errors ?? [];
  throw new ApiRequestError(result.response.status, errors, fallback);
}
