import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from './db/availability';
import type { DatabaseHandle } from './db/database';

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (Fastify's close;
 * its onClose hooks stop the jobs), then close the pool and exit 0. A request that does not
 * finish within `timeoutMs` does not keep the process from exiting (exit 1 then).
 */
export function drainOnSignals(app: FastifyInstance, database: DatabaseHandle, timeoutMs: number) {
  const drain = createDrain(app, database, timeoutMs, (code) => process.exit(code));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void drain(signal));
}

/** The drain itself, once per process however many signals arrive; `exit` is injectable for tests. */
export function createDrain(
  app: Pick<FastifyInstance, 'close' | 'log'>,
  database: Pick<DatabaseHandle, 'close'>,
  timeoutMs: number,
  exit: (code: number) => void,
) {
  let draining = false;
  return async (signal: string) => {
    if (draining) return;
    draining = true;
    app.log.info({ signal, timeoutMs }, 'draining in-flight requests before exit');
    const forced = setTimeout(() => {
      app.log.error({ timeoutMs }, 'requests still in flight after the drain timeout: exiting');
      exit(1);
    }, timeoutMs);
    forced.unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(forced);
      exit(0);
    } catch (error) {
      clearTimeout(forced);
      app.log.error(error);
      exit(1);
    }
  };
}

/**
 * Last-resort safety: a database error nobody awaited (a pool or client event raced with an
 * outage) is logged, not fatal. Any other uncaught exception still ends the process, as the state
 * it leaves behind is unknown.
 */
export function surviveDatabaseErrors(app: FastifyInstance, database: DatabaseHandle) {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) database.availability.reportDown(reason);
    else app.log.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (error) => {
    if (isDatabaseUnavailable(error)) {
      database.availability.reportDown(error);
      return;
    }
    app.log.fatal(error, 'uncaught exception');
    process.exit(1);
  });
}
