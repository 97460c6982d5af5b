import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { timeSlotDates } from '../../domain/time-slots';

/** The targets of issue 13. */
export const TARGETS = { publicRatio: 0.5, publicP99Ms: 10, signedInP99Ms: 20 } as const;

export interface ApiBenchOptions {
  port: number;
  /** 0: any free port. */
  barePort: number;
  /** Seconds of each run at 10 connections. */
  durationS: number;
  /** Seconds of each run at 50 connections (counting errors). */
  heavyDurationS: number;
  log: (line: string) => void;
}

export interface ApiRow {
  name: string;
  kind: 'public' | 'signed-in';
  bytes: number;
  ours: { rps: number; p99: number };
  bare?: { rps: number; p99: number };
  /** Errors, timeouts and non-2xx answers at 50 connections. */
  errorsAt50: number;
  meetsTargets: boolean;
}

/** Seconds of warm-up before each measured run. */
const WARM_UP_S = 2;

const root = path.resolve(import.meta.dirname, '../..');
const API = '/api/v2';

async function waitFor(url: string, server: ChildProcess) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within 240 s`);
}

function startApp(port: number) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/api-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return server;
}

function startBare(
  answersFile: string,
  port: number,
): Promise<{ bare: ChildProcess; port: number }> {
  const bare = fork(path.join(root, 'scripts/bench/bare-server.ts'), [answersFile, String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    bare.once('message', (listening) => resolve({ bare, port: Number(listening) }));
    bare.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
}

async function signIn(base: string) {
  const headers = { 'x-branch': 'web', 'content-type': 'application/json' };
  const session = await fetch(`${base}${API}/sessions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'demo@sfoglia.test', password: 'pasta-fresca-2026' }),
  });
  if (session.status !== 201) throw new Error(`sign-in failed (${session.status})`);
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  const basket = await fetch(`${base}${API}/baskets`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      type: 'TakeawayBasket',
      restaurant_id: 16,
      fulfillment_type: 'delivery',
    }),
  });
  if (!basket.ok) throw new Error(`basket failed (${basket.status})`);
  const basketId = ((await basket.json()) as { data: { id: string } }).data.id;
  return { cookie, basketId };
}

const run = (url: string, connections: number, duration: number, headers = {}) =>
  autocannon({ url, connections, duration, headers });

const failures = (result: Result) => result.errors + result.timeouts + result.non2xx;

/**
 * Measures each public read against a bare node:http process answering the same bytes, and the
 * signed-in reads, on the production server with a fresh database.
 */
export async function benchApi(options: ApiBenchOptions): Promise<ApiRow[]> {
  const base = `http://127.0.0.1:${options.port}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-bench-bare-'));
  const app = startApp(options.port);
  let bare: ChildProcess | undefined;
  try {
    await waitFor(`${base}${API}/settings`, app);
    const today = timeSlotDates(new Date())[0];
    const publicReads: [string, string][] = [
      ['GET settings', '/settings'],
      ['GET restaurants/all', '/restaurants/all'],
      ['GET restaurants/16', '/restaurants/16'],
      ['GET restaurants/16/menu (delivery)', '/restaurants/16/menu?fulfillment_type=delivery'],
      [
        'GET restaurants/16/snoozed_products',
        '/restaurants/16/snoozed_products?fulfillment_type=delivery',
      ],
      [
        'GET restaurants/16/time_slots',
        `/restaurants/16/time_slots?date=${today}&fulfillment_type=delivery`,
      ],
      [
        'GET restaurants/16/time_slot_dates',
        '/restaurants/16/time_slot_dates?fulfillment_type=delivery',
      ],
      ['GET bundles', '/bundles'],
      ['GET delivery_fee_config', '/delivery_fee_config'],
    ];
    const answers: Record<string, { body: string; type: string }> = {};
    const sizes = new Map<string, number>();
    for (const [, url] of publicReads) {
      const response = await fetch(`${base}${API}${url}`);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      answers[`${API}${url}`] = {
        body: body.toString('base64'),
        type: response.headers.get('content-type') ?? 'application/json',
      };
      sizes.set(url, body.length);
    }
    const answersFile = path.join(tmp, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    const started = await startBare(answersFile, options.barePort);
    bare = started.bare;
    const bareBase = `http://127.0.0.1:${started.port}`;

    const rows: ApiRow[] = [];
    for (const [name, url] of publicReads) {
      options.log(`${name}: ours, bare, then 50 connections`);
      // A warm-up first: the JIT and the cache (its first request is a miss) settle.
      await run(`${base}${API}${url}`, 10, WARM_UP_S);
      await run(`${bareBase}${API}${url}`, 10, WARM_UP_S);
      const ours = await run(`${base}${API}${url}`, 10, options.durationS);
      const baseline = await run(`${bareBase}${API}${url}`, 10, options.durationS);
      const heavy = await run(`${base}${API}${url}`, 50, options.heavyDurationS);
      const ratio = ours.requests.average / baseline.requests.average;
      const errorsAt50 = failures(heavy) + failures(ours);
      rows.push({
        name,
        kind: 'public',
        bytes: sizes.get(url) ?? 0,
        ours: { rps: ours.requests.average, p99: ours.latency.p99 },
        bare: { rps: baseline.requests.average, p99: baseline.latency.p99 },
        errorsAt50,
        meetsTargets:
          ratio >= TARGETS.publicRatio &&
          ours.latency.p99 <= TARGETS.publicP99Ms &&
          errorsAt50 === 0,
      });
    }

    const { cookie, basketId } = await signIn(base);
    const signedIn: [string, string][] = [
      ['GET me', '/me'],
      ['GET baskets/{id}', `/baskets/${basketId}`],
      ['GET orders', '/orders'],
    ];
    for (const [name, url] of signedIn) {
      options.log(`${name}: signed in, then 50 connections`);
      const headers = { cookie };
      const probe = await fetch(`${base}${API}${url}`, { headers });
      if (!probe.ok) throw new Error(`${url}: ${probe.status}`);
      const bytes = (await probe.arrayBuffer()).byteLength;
      await run(`${base}${API}${url}`, 10, WARM_UP_S, headers);
      const ours = await run(`${base}${API}${url}`, 10, options.durationS, headers);
      const heavy = await run(`${base}${API}${url}`, 50, options.heavyDurationS, headers);
      const errorsAt50 = failures(heavy) + failures(ours);
      rows.push({
        name,
        kind: 'signed-in',
        bytes,
        ours: { rps: ours.requests.average, p99: ours.latency.p99 },
        errorsAt50,
        meetsTargets: ours.latency.p99 <= TARGETS.signedInP99Ms && errorsAt50 === 0,
      });
    }
    return rows;
  } finally {
    if (bare?.exitCode === null) bare.kill('SIGTERM');
    // A signal lets the server close and delete its database.
    if (app.exitCode === null) app.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const number = (value: number) => Math.round(value).toLocaleString('en-GB');

/** The table of a run, in Markdown. */
export function apiTable(rows: ApiRow[]): string {
  const lines = [
    '| read | body | ours req/s | ours p99 | bare req/s | bare p99 | ratio | errors at 50 conn. | targets |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const ratio = row.bare ? (row.ours.rps / row.bare.rps).toFixed(2) : '';
    lines.push(
      `| ${row.name} | ${kib(row.bytes)} | ${number(row.ours.rps)} | ${row.ours.p99} ms | ${
        row.bare ? number(row.bare.rps) : ''
      } | ${row.bare ? `${row.bare.p99} ms` : ''} | ${ratio} | ${row.errorsAt50} | ${
        row.meetsTargets ? 'met' : 'missed'
      } |`,
    );
  }
  return lines.join('\n');
}
