import { and, count, desc, eq, gt, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { signInAttempts } from '../db/schema';
import { ApiError } from '../http/jsonapi';

/**
 * Failed sign-ins, counted in the database so every instance agrees. An attempt with a valid
 * device cookie for the account is limited per cookie only; any other attempt is limited per
 * (account, address) and per address, and the account as a whole is slowed, never locked.
 */
export const SIGN_IN_LIMITS = {
  windowMinutes: 15,
  /** Failures per device cookie; past it the cookie counts for nothing (a stolen one is no bypass). */
  perDevice: 10,
  perAccountAndAddress: 5,
  perAddress: 20,
  /** Untrusted failures on an account in this window make each next untrusted attempt wait... */
  accountWindowMinutes: 60,
  accountFreeFailures: 5,
  /** ...1 s, 2 s, 4 s... up to 5 minutes after the last one: a few a minute at most, then 12 an hour. */
  accountBaseDelaySeconds: 1,
  accountMaxDelaySeconds: 300,
} as const;

/** "Try again in 3 minutes": whole minutes from a minute up, else seconds. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A 429 with Retry-After, its message saying when to try again. */
export function tooManyRequests(
  reply: FastifyReply,
  retryAt: Date,
  now: Date,
  code: string,
  message: (wait: string) => string,
): ApiError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  reply.header('retry-after', String(seconds));
  return new ApiError(429, code, 'Too many attempts', { detail: message(waitText(seconds)) });
}

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/**
 * When the limit-th most recent failure matching `where` leaves the window, or null when fewer
 * than `limit` failures are in it.
 */
async function limitLiftsAt(
  db: Queryable,
  where: SQL | undefined,
  limit: number,
  now: Date,
): Promise<Date | null> {
  const since = minutesBefore(now, SIGN_IN_LIMITS.windowMinutes);
  const [row] = await db
    .select({ at: signInAttempts.createdAt })
    .from(signInAttempts)
    .where(and(where, eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)))
    .orderBy(desc(signInAttempts.createdAt))
    .offset(limit - 1)
    .limit(1);
  return row ? new Date(row.at.getTime() + SIGN_IN_LIMITS.windowMinutes * 60_000) : null;
}

/** The growing wait between untrusted attempts on one account. */
async function accountSlowedUntil(db: Queryable, email: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ n: count(), last: max(signInAttempts.createdAt) })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, email),
        isNull(signInAttempts.device),
        eq(signInAttempts.succeeded, false),
        gt(signInAttempts.createdAt, minutesBefore(now, SIGN_IN_LIMITS.accountWindowMinutes)),
      ),
    );
  const failures = row?.n ?? 0;
  if (!row?.last || failures < SIGN_IN_LIMITS.accountFreeFailures) return null;
  const exponent = Math.min(failures - SIGN_IN_LIMITS.accountFreeFailures, 20);
  const delay = Math.min(
    SIGN_IN_LIMITS.accountBaseDelaySeconds * 2 ** exponent,
    SIGN_IN_LIMITS.accountMaxDelaySeconds,
  );
  return new Date(new Date(row.last).getTime() + delay * 1000);
}

export interface SignInAttempt {
  email: string;
  ip: string;
  /** The nonce of a valid device cookie for this account, if the request carried one. */
  device: string | null;
}

/**
 * Checks the limits and records the attempt as failed, in one transaction under a lock on the
 * account, so a burst of concurrent attempts is counted one by one. Returns the attempt's id
 * (marked succeeded once the password matches) or, when a limit is reached, when to try again.
 */
export async function beginSignInAttempt(
  db: Database,
  attempt: SignInAttempt,
  now: Date,
): Promise<{ id: number } | { retryAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${attempt.email}`}))`);
    let device = attempt.device;
    if (
      device &&
      (await limitLiftsAt(tx, eq(signInAttempts.device, device), SIGN_IN_LIMITS.perDevice, now))
    )
      device = null;
    if (!device) {
      const untrusted = isNull(signInAttempts.device);
      const waits = await Promise.all([
        limitLiftsAt(
          tx,
          and(
            untrusted,
            eq(signInAttempts.email, attempt.email),
            eq(signInAttempts.ip, attempt.ip),
          ),
          SIGN_IN_LIMITS.perAccountAndAddress,
          now,
        ),
        limitLiftsAt(
          tx,
          and(untrusted, eq(signInAttempts.ip, attempt.ip)),
          SIGN_IN_LIMITS.perAddress,
          now,
        ),
        accountSlowedUntil(tx, attempt.email, now),
      ]);
      const retryAt = waits
        .filter((at): at is Date => at !== null && at > now)
        .sort((a, b) => b.getTime() - a.getTime())[0];
      if (retryAt) return { retryAt };
    }
    const [row] = await tx
      .insert(signInAttempts)
      .values({ email: attempt.email, ip: attempt.ip, device, succeeded: false, createdAt: now })
      .returning({ id: signInAttempts.id });
    if (!row) throw new Error('sign-in attempt not recorded');
    return { id: row.id };
  });
}

export async function markSignInSucceeded(db: Database, id: number): Promise<void> {
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, id));
}
