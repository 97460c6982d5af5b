import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it, vi } from 'vitest';
import {
  DatabaseAvailability,
  isDatabaseUnavailable,
  jobErrorReporter,
} from '../../server/db/availability';

const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', pgError('ECONNRESET', 'read ECONNRESET')],
    ['an administrator shutdown (57P01)', pgError('57P01', 'terminating connection')],
    ['a crash shutdown (57P02)', pgError('57P02')],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', pgError('08006')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a full pool timing out', new Error('timeout exceeded when trying to connect')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks through drizzle’s DrizzleQueryError to the driver error it wraps', () => {
    const wrapped = new DrizzleQueryError('select 1', [], pgError('ECONNREFUSED'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a missing table', pgError('42P01', 'relation "x" does not exist')],
    ['a serialization failure', pgError('40001')],
    ['a bug', new TypeError('Cannot read properties of undefined')],
    ['a non-error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s (a real error stays a 500 and is logged)', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('ends on a cause chain that loops', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    const b: Error & { cause?: unknown } = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('DatabaseAvailability', () => {
  it('logs an outage once when it starts and once when it ends', () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const availability = new DatabaseAvailability();
    availability.useLog(log);

    const first = availability.reportDown(pgError('ECONNREFUSED'));
    const again = availability.reportDown(pgError('ECONNREFUSED'));
    availability.reportDown(pgError('57P01'));

    expect([first, again, availability.isDown]).toEqual([true, false, true]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    availability.reportUp();
    availability.reportUp();
    expect(availability.isDown).toBe(false);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(availability.reportDown(pgError('ECONNRESET'))).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});

describe('jobErrorReporter', () => {
  it('keeps outage errors out of the error log of a job that ticks through the outage', () => {
    const availability = new DatabaseAvailability();
    const logError = vi.fn();
    const report = jobErrorReporter(availability, logError);

    for (let tick = 0; tick < 50; tick += 1) report(pgError('ECONNREFUSED'));
    report(pgError('23505'));

    expect(availability.isDown).toBe(true);
    expect(logError).toHaveBeenCalledTimes(1);
  });
});
