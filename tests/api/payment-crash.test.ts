import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fromPostgres, openDatabase, type DatabaseHandle } from '../../server/db/database';
import {
  customers,
  orders,
  paymentMethods,
  payments,
  sandboxIntents,
  sessions,
} from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed';
import { newSecret } from '../../server/services/tokens';
import { withDatabase } from './global-setup';
import { nextYear, pendingOrder } from './support/payments';

/**
 * Issue 9 item 3: the real server, killed with SIGKILL at each step of POST payments (crash points,
 * server/services/crash-points.ts), then restarted without one: no payment is left processing,
 * an order is paid iff the gateway charged it, the customer can pay again if not, and nothing is
 * charged twice. On PGlite in a temporary directory, or (TEST_DATABASE_URL, the PostgreSQL pass)
 * on a fresh database created for this file and dropped afterwards.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
// This engineer's own ports (never 3000, 4173 or 5432); one per pass so the two may overlap.
const PORT = serverUrl ? 4313 : 4303;
const BASE = `http://127.0.0.1:${PORT}`;
const CRASH_POINTS = ['payments.before-charge', 'payments.after-charge', 'payments.after-record'];
const root = path.resolve(import.meta.dirname, '../..');

let dataDir: string;
let databaseName: string | undefined;
let child: ChildProcess | undefined;
let output = '';

function databaseEnv(): NodeJS.ProcessEnv {
  return serverUrl && databaseName
    ? { DATABASE_URL: withDatabase(serverUrl, databaseName) }
    : { DATA_DIR: dataDir };
}

/** The server as `npm start` runs it (migrate, seed, listen), with a crash point or none. */
async function startServer(crashPoint?: string) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    LOG_LEVEL: 'error',
    // The reconciler settles anything in flight for 300 ms, and looks every 200 ms.
    PAYMENT_PROCESSING_TIMEOUT_MS: '300',
    PAYMENT_RECONCILE_INTERVAL_MS: '200',
    ...databaseEnv(),
    ...(crashPoint ? { SFOGLIA_CRASH_POINT: crashPoint } : {}),
  };
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Generous: a start takes a few seconds, far longer on a machine busy with other test runs.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (started.exitCode !== null || started.signalCode !== null)
      throw new Error(`server exited on start:\n${output}`);
    const ready = await fetch(`${BASE}/api/v2/settings`).catch(() => undefined);
    if (ready?.ok) return started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${output}`);
}

function exited(process: ChildProcess) {
  if (process.exitCode !== null || process.signalCode !== null)
    return Promise.resolve(process.signalCode);
  return new Promise<NodeJS.Signals | null>((resolve) =>
    process.once('exit', (_code, signal) => resolve(signal)),
  );
}

async function stopServer() {
  if (!child) return;
  const running = child;
  child = undefined;
  if (running.exitCode === null && running.signalCode === null) running.kill('SIGTERM');
  await exited(running);
}

interface PaymentDocument {
  data?: { id: string; attributes: { state: string } };
}

/** A browser's calls: X-Branch, JSON and the session cookie. */
let cookie = '';
async function call(method: string, url: string, body?: unknown, headers = {}) {
  const response = await fetch(`${BASE}/api/v2${url}`, {
    method,
    headers: {
      'x-branch': 'web',
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith('sfoglia_session='));
  if (session) cookie = session.split(';')[0]!;
  return { status: response.status, json: (await response.json()) as PaymentDocument };
}

/** The database, opened by this process while the server is down (PGlite has one owner). */
async function withDatabase_<T>(use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({
    databaseUrl: databaseEnv().DATABASE_URL,
    dataDir,
  });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/**
 * A customer signed in (this process's cookie) with a saved sandbox card, written directly: each
 * start of the server costs seconds, and sign-up and card setup have tests of their own.
 */
async function signedInCustomerWithCard({ db }: DatabaseHandle) {
  const tag = randomBytes(4).toString('hex');
  const [customer] = await db
    .insert(customers)
    .values({
      email: `crash.${tag}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      referralToken: `crash-${tag}`,
    })
    .returning();
  const { secret, hash } = newSecret();
  await db.insert(sessions).values({
    tokenHash: hash,
    kind: 'customer',
    customerId: customer!.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  cookie = `sfoglia_session=${secret}`;
  const processorId = `pm_crash${tag}`;
  await db.insert(sandboxIntents).values({
    id: processorId,
    kind: 'payment_method',
    status: 'active',
    data: {
      customerId: customer!.id,
      type: 'CreditCard',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: nextYear,
      email: null,
      declineCode: null,
      threeDSecure: false,
    },
  });
  const [card] = await db
    .insert(paymentMethods)
    .values({
      customerId: customer!.id,
      type: 'CreditCard',
      processor: 'sandbox',
      processorId,
      isDefault: true,
      last4: '4242',
      brand: 'visa',
      expMonth: 12,
      expYear: nextYear,
    })
    .returning();
  return { id: customer!.id, cardId: String(card!.id) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sfoglia-crash-'));
  if (serverUrl) {
    // PostgreSQL: a database of our own, built from scratch by the migrations and the seed.
    databaseName = `sfoglia_crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const handle = fromPostgres(withDatabase(serverUrl, databaseName));
    await handle.migrate();
    await seedDatabase(handle.db);
    await handle.close();
  } else {
    // PGlite: DATA_DIR holds a copy of the run's migrated, seeded template (a fresh initdb is slow).
    const dump = await readFile(inject('pgliteTemplatePath'));
    const client = await PGlite.create(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([dump]),
    });
    await client.close();
  }
}, 120_000);

afterAll(async () => {
  await stopServer();
  await rm(dataDir, { recursive: true, force: true });
  if (serverUrl && databaseName) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
}, 120_000);

describe('a kill -9 at each step of POST payments', () => {
  it('leaves no payment processing, an order paid iff charged, and never two charges', async () => {
    const { cardId, orderIds } = await withDatabase_(async (handle) => {
      const customer = await signedInCustomerWithCard(handle);
      const ids: number[] = [];
      for (const _point of CRASH_POINTS) ids.push((await pendingOrder(handle, customer.id)).id);
      return { cardId: customer.cardId, orderIds: ids };
    });

    // Each step: the request dies with the process.
    for (const [i, point] of CRASH_POINTS.entries()) {
      const server = await startServer(point);
      const paying = call('POST', '/payments', {
        order_id: String(orderIds[i]),
        payment_method_id: cardId,
      });
      await expect(paying).rejects.toThrow();
      expect(await exited(server)).toBe('SIGKILL');
      child = undefined;
    }

    // Restarted without a crash point: the reconciler settles what was left in flight, and the
    // customer's retry (a new Idempotency-Key) is answered from the settled state.
    await startServer();
    const retries: { status: number; paymentState: string }[] = [];
    for (const [i, orderId] of orderIds.entries()) {
      let answer = await call(
        'POST',
        '/payments',
        { order_id: String(orderId), payment_method_id: cardId },
        { 'idempotency-key': `retry-${i}` },
      );
      const deadline = Date.now() + 10_000;
      while (answer.status === 202 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await call(
          'POST',
          '/payments',
          { order_id: String(orderId), payment_method_id: cardId },
          { 'idempotency-key': `retry-${i}` },
        );
      }
      retries.push({
        status: answer.status,
        paymentState: answer.json.data?.attributes.state ?? '',
      });
    }
    await stopServer();

    // Before the charge: nothing charged, so the retry paid (201). After it: the reconciler found
    // the charge and the order was already paid (200).
    expect(retries).toEqual([
      { status: 201, paymentState: 'succeeded' },
      { status: 200, paymentState: 'succeeded' },
      { status: 200, paymentState: 'succeeded' },
    ]);
    await withDatabase_(async ({ db }) => {
      const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds));
      expect(rows.filter((p) => p.state === 'processing')).toEqual([]);
      const interrupted = rows.filter((p) => p.orderId === orderIds[0] && p.state === 'failed');
      expect(interrupted.map((p) => p.declineCode)).toEqual(['payment_interrupted']);
      const intents = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.kind, 'payment_intent'));
      for (const orderId of orderIds) {
        const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
        expect(order!.state).toBe('paid');
        const keys = rows.filter((p) => p.orderId === orderId).map((p) => p.idempotencyKey);
        // One charge at the gateway per order, and it is the order's one succeeded payment.
        const charges = intents.filter((intent) =>
          keys.includes(String(intent.data.idempotencyKey)),
        );
        expect(charges.map((c) => c.status)).toEqual(['succeeded']);
        const succeeded = rows.filter((p) => p.orderId === orderId && p.state === 'succeeded');
        expect(succeeded.map((p) => p.processorPaymentId)).toEqual([charges[0]!.id]);
      }
    });
  }, 600_000);
});
