import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/database';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/**
 * Registers hooks that start the real app on a private database for this test file.
 * Returns a getter, because the app exists only once beforeAll has run.
 */
export function useTestApp(
  options: Pick<AppOptions, 'overrides' | 'apiReferenceFile'> & { env?: NodeJS.ProcessEnv } = {},
): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    // Every test signs up from 127.0.0.1: the per-address sign-up limit is lifted unless a test sets it.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SIGN_UP_LIMIT: '1000',
      ...options.env,
    });
    const app = await buildApp({
      config,
      database,
      serveSpa: false,
      overrides: options.overrides,
      apiReferenceFile: options.apiReferenceFile,
    });
    await app.ready();
    current = { app, database };
  });
  afterAll(async () => {
    await current?.app.close();
    await current?.database.close();
  });
  return () => {
    if (!current)
      throw new Error('useTestApp: the app is not ready (call it at the top of the file)');
    return current;
  };
}

/** A form the browser posts outside the API (the sandbox bank's page): URL-encoded, no session. */
export function submitForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser-like client: sends X-Branch: web and JSON, and keeps the session cookie between calls.
 * `withoutBranch()` drops the header to test the CSRF guard.
 */
export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: { branch: boolean; ip?: string } = { branch: true },
  ) {}

  withoutBranch(): ApiClient {
    const client = new ApiClient(this.app, { ...this.options, branch: false });
    client.cookies = this.cookies;
    return client;
  }

  fromIp(ip: string): ApiClient {
    const client = new ApiClient(this.app, { ...this.options, ip });
    client.cookies = this.cookies;
    return client;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(
    method: Method,
    url: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.options.branch) headers['x-branch'] = 'web';
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    const request: InjectOptions = { method, url: `/api/v2${url}`, headers };
    // The socket's address: no proxy is trusted by default, so X-Forwarded-For would be ignored.
    if (this.options.ip) request.remoteAddress = this.options.ip;
    if (body !== undefined) request.payload = body as InjectOptions['payload'];
    const response = await this.app.inject(request);
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string) => this.call('GET', url);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.call('POST', url, body ?? {}, headers);
  put = (url: string, body?: unknown) => this.call('PUT', url, body ?? {});
  delete = (url: string) => this.call('DELETE', url);
}
