import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signupBody, type Answer } from './support/browser';
import { PrivatePostgres } from './support/databases';
import { ROUNDS } from './support/rounds';
import { startServer, stopGracefully, type ServerProcess } from './support/server';

const OUTAGE_MS = 10_000;

interface Sample extends Answer {
  kind: 'read' | 'sign-up' | 'ready';
  startedAt: number;
}

/** A steady load (reads, sign-ups and readiness probes) recording every answer until `stop`. */
function steadyLoad(baseUrl: string, stop: { now: boolean }) {
  const samples: Sample[] = [];
  const failures: string[] = [];
  const loop = async (kind: Sample['kind'], every: number) => {
    while (!stop.now) {
      const browser = new Browser(baseUrl, 10_000);
      const startedAt = Date.now();
      try {
        const answer =
          kind === 'read'
            ? await browser.get('/bundles')
            : kind === 'sign-up'
              ? await browser.post('/customers', signupBody())
              : await browser.call('GET', '/health/ready');
        samples.push({ ...answer, kind, startedAt });
      } catch (error) {
        // A refused connection or a request hanging past 10 s: the process died or stalled.
        failures.push(`${kind} at ${startedAt}: ${String(error)}`);
      }
      await sleep(every);
    }
  };
  const done = Promise.all([
    loop('read', 50),
    loop('read', 80),
    loop('sign-up', 150),
    loop('ready', 250),
  ]);
  return { samples, failures, done };
}

describe('a 10 s stop of PostgreSQL under a steady load', () => {
  const postgres = new PrivatePostgres();
  let server: ServerProcess | undefined;
  beforeAll(() => {
    postgres.init();
  });
  afterAll(async () => {
    if (server) await stopGracefully(server);
    postgres.teardown();
  });

  for (let round = 1; round <= ROUNDS; round += 1) {
    const mode = round % 2 === 1 ? 'fast' : 'immediate';
    it(`round ${round} (pg_ctl stop -m ${mode}): 503 with Retry-After during, service back within 5 s after`, async () => {
      server ??= await startServer({
        DATABASE_URL: postgres.url,
        KITCHEN_SIMULATOR: 'true',
        KITCHEN_TICK_MS: '200',
      });
      const stop = { now: false };
      const load = steadyLoad(server.url, stop);
      await sleep(2000);
      const stoppedAt = Date.now();
      postgres.stop(mode);
      await sleep(OUTAGE_MS);
      postgres.start();
      const backAt = Date.now();
      await sleep(8000);
      stop.now = true;
      await load.done;

      expect(server.child.exitCode, 'the process is still running').toBeNull();
      expect(load.failures, 'no refused or hanging request').toEqual([]);
      const { samples } = load;
      const api = samples.filter((s) => s.kind !== 'ready');
      // Only 2xx or a 503 with Retry-After ever: never a 500.
      const wrong = api.filter(
        (s) =>
          !(s.status >= 200 && s.status < 300) &&
          !(
            s.status === 503 &&
            s.retryAfter &&
            s.body?.errors?.[0]?.code === 'database_unavailable'
          ),
      );
      expect(wrong.map((s) => `${s.kind} ${s.status} ${JSON.stringify(s.body)}`)).toEqual([]);
      // During the outage (after the first second) every call that needs the database is a
      // quick 503; a public read may still be a 200 from the cache (R13.4), with the bytes the
      // database gave before it stopped.
      const during = samples.filter(
        (s) => s.startedAt > stoppedAt + 1000 && s.startedAt + s.ms < backAt,
      );
      expect(during.length).toBeGreaterThan(20);
      const needsDatabase = during.filter((s) => s.kind !== 'read');
      expect(needsDatabase.filter((s) => s.status !== 503)).toEqual([]);
      expect(needsDatabase.some((s) => s.kind === 'sign-up')).toBe(true);
      const readBefore = samples.find((s) => s.kind === 'read' && s.status === 200);
      const cachedReads = during.filter((s) => s.kind === 'read' && s.status === 200);
      expect(cachedReads.filter((s) => !isDeepStrictEqual(s.body, readBefore?.body))).toEqual([]);
      expect(
        Math.max(...during.map((s) => s.ms)),
        'slowest answer during the outage (ms)',
      ).toBeLessThan(3000);
      expect(during.some((s) => s.kind === 'ready')).toBe(true);
      // Within 5 s of the database returning, every call succeeds again (no restart).
      const after = samples.filter((s) => s.startedAt > backAt + 5000);
      expect(after.length).toBeGreaterThan(10);
      expect(
        after.filter((s) => s.status < 200 || s.status >= 300).map((s) => `${s.kind} ${s.status}`),
      ).toEqual([]);
      expect(after.filter((s) => s.kind === 'ready').every((s) => s.status === 200)).toBe(true);
      // The outage is logged once when it starts, not per request or per job tick.
      const logged = server
        .output()
        .split('\n')
        .filter((line) => line.includes('database unavailable'));
      expect(logged.length).toBeLessThanOrEqual(round);
      expect(server.output()).not.toMatch(/"level":50.*ECONNREFUSED/);
    });
  }
});
