/**
 * Is the database reachable? Classifies the errors of an outage (as opposed to a bad query) and
 * keeps one flag per process, so an outage is logged once when it starts and once when it ends
 * rather than on every request and every job tick.
 */

/** SQLSTATEs of a server going away: admin_shutdown, crash_shutdown, cannot_connect_now. */
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a connection that cannot be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /the database system is (shutting down|starting up|in recovery mode)/i,
];

/**
 * True when `error` (or any error in its `cause` chain: drizzle wraps the driver's error in a
 * DrizzleQueryError) says the database cannot be reached, rather than that a query was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      // Class 08: connection exceptions.
      if (SHUTDOWN_CODES.has(code) || SOCKET_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    }
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export interface AvailabilityLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** The process's view of the database: down from the first outage error until a connection is made again. */
export class DatabaseAvailability {
  private downSince: Date | undefined;
  private log: AvailabilityLog | undefined;

  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  /** Where the start and the end of an outage are logged (the app's logger, once it exists). */
  useLog(log: AvailabilityLog) {
    this.log = log;
  }

  /** Records an outage error; answers whether it was the first of this outage. */
  reportDown(error: unknown): boolean {
    if (this.downSince) return false;
    this.downSince = new Date();
    const reason = error instanceof Error ? error.message : String(error);
    this.log?.warn({ reason }, 'database unavailable: answering 503 until it returns');
    return true;
  }

  /** A connection was made or a query answered: the outage, if any, is over. */
  reportUp() {
    if (!this.downSince) return;
    const seconds = (Date.now() - this.downSince.getTime()) / 1000;
    this.downSince = undefined;
    this.log?.info({ outageSeconds: seconds }, 'database available again');
  }
}

/**
 * An error reporter for an in-process job: outage errors only mark the database down (logged once
 * per outage), so a job ticking every few seconds through an outage does not flood the log.
 */
export function jobErrorReporter(
  availability: DatabaseAvailability,
  logError: (error: unknown) => void,
): (error: unknown) => void {
  return (error) => {
    if (isDatabaseUnavailable(error)) availability.reportDown(error);
    else logError(error);
  };
}
