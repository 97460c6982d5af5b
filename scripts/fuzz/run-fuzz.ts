import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../server/db/database';
import { loadOperations, type Operation } from './contract';
import { changedTables, listTables, tableFingerprint } from './fingerprint';
import { requestsFor, type FuzzRequest } from './generate';

export interface FuzzOptions {
  app: FastifyInstance;
  db: Database;
  specificationPath: string;
  seed: number;
  invalidPerOperation: number;
  validPerOperation: number;
  /** Only operations whose id passes (a smaller sample); all by default. */
  filter?: (operation: Operation) => boolean;
  log?: (line: string) => void;
}

export interface FuzzFailure {
  request: FuzzRequest;
  status: number;
  reason: string;
  body: string;
}

export interface FuzzReport {
  operations: number;
  sent: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
}

/**
 * Writes a refused request may make by design: a failed sign-in or reset is counted against the
 * address and account it came for (the throttle is the point of the refusal).
 */
const WRITES_ALLOWED_ON_REFUSAL: Record<string, string[]> = {
  createSession: ['sign_in_attempts'],
};

const PASSWORD = 'fuzz-tagliatelle-42';

/** A signed-in customer's browser: keeps cookies, sends X-Branch: web, signs in again if out. */
class Browser {
  private cookies = new Map<string, string>();
  private address = 0;
  private email = '';

  constructor(private readonly app: FastifyInstance) {}

  async send(request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { 'x-branch': 'web', ...(cookie ? { cookie } : {}), ...request.headers },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      remoteAddress: `10.9.${Math.floor(this.address / 250)}.${(this.address % 250) + 1}`,
    });
    for (const set of response.cookies) {
      if (set.value === '' || (set.expires && set.expires.getTime() < Date.now()))
        this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  /** Signed in as the fuzzing customer: signs up once, signs in again when a request ended it. */
  async ensureSignedIn(): Promise<void> {
    if (this.email && (await this.send({ method: 'GET', url: '/api/v2/me' })).statusCode === 200)
      return;
    // A fresh address each time, so the sign-in and sign-up limits of one address never apply.
    this.address += 1;
    this.cookies.clear();
    const body = this.email
      ? { email: this.email, password: PASSWORD }
      : {
          first_name: 'Fuzz',
          last_name: 'Tester',
          email: `fuzz.${Date.now()}.${this.address}@example.com`,
          password: PASSWORD,
          accepts_emails: false,
          accepts_sms: false,
          accepts_mail: false,
        };
    const response = await this.send({
      method: 'POST',
      url: this.email ? '/api/v2/sessions' : '/api/v2/customers',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (response.statusCode >= 300) {
      // The password may have been changed by a request: start over as a new customer.
      if (this.email) {
        this.email = '';
        return this.ensureSignedIn();
      }
      throw new Error(`fuzz: could not sign up (${response.statusCode}): ${response.body}`);
    }
    if (!this.email) this.email = body.email as string;
  }
}

/**
 * Sends every operation of the contract its invalid and valid-shaped requests, signed in, and
 * records each 5xx, each invalid request that was accepted, and each refused request that wrote.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const operations = loadOperations(options.specificationPath).filter(
    options.filter ?? (() => true),
  );
  const tables = await listTables(options.db);
  const browser = new Browser(options.app);
  const report: FuzzReport = { operations: operations.length, sent: 0, byStatus: {}, failures: [] };
  for (const operation of operations) {
    await browser.ensureSignedIn();
    const requests = requestsFor(operation, options.seed, {
      invalid: options.invalidPerOperation,
      valid: options.validPerOperation,
    });
    let before: Map<string, string> | undefined;
    for (const request of requests) {
      before ??= await tableFingerprint(options.db, tables);
      const response = await browser.send(request);
      report.sent += 1;
      const status = response.statusCode;
      const bucket = `${Math.floor(status / 100)}xx`;
      report.byStatus[bucket] = (report.byStatus[bucket] ?? 0) + 1;
      const fail = (reason: string) => {
        report.failures.push({ request, status, reason, body: response.body.slice(0, 300) });
        options.log?.(`FAIL ${operation.operationId} ${request.kind}: ${reason}`);
      };
      if (status >= 500) fail(`answered ${status}`);
      else if (!request.valid && status < 400) fail(`accepted although invalid (${status})`);
      else if (status >= 400 && !isErrorDocument(response)) fail('4xx without a JSON:API error');
      if (status >= 400 && status < 500) {
        const after = await tableFingerprint(options.db, tables);
        const allowed = WRITES_ALLOWED_ON_REFUSAL[operation.operationId] ?? [];
        const written = changedTables(before, after).filter((table) => !allowed.includes(table));
        if (written.length) fail(`refused with ${status} but wrote ${written.join(', ')}`);
        before = after;
      } else {
        before = undefined;
        // A valid-shaped request may sign out, delete the account's password or rotate the
        // session: sign in again before the next one.
        if (request.method !== 'GET') await browser.ensureSignedIn();
      }
    }
  }
  return report;
}

function isErrorDocument(response: LightMyRequestResponse): boolean {
  if (response.statusCode === 401 && response.body === '') return false;
  try {
    const document = response.json() as { errors?: { status?: unknown }[] };
    return Array.isArray(document.errors) && document.errors.length > 0;
  } catch {
    return false;
  }
}

export function summarise(report: FuzzReport): string {
  const lines = [
    `${report.sent} requests over ${report.operations} operations: ${Object.entries(report.byStatus)
      .sort()
      .map(([bucket, count]) => `${count} ${bucket}`)
      .join(', ')}`,
  ];
  for (const failure of report.failures.slice(0, 50)) {
    const { request } = failure;
    lines.push(
      `  ${request.operationId} [${request.kind}] ${request.method} ${request.url.slice(0, 120)} -> ${failure.reason}: ${failure.body.slice(0, 160)}`,
    );
  }
  if (report.failures.length > 50) lines.push(`  ... and ${report.failures.length - 50} more`);
  return lines.join('\n');
}
