import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimitEvents } from '../db/schema';

export interface RateLimit {
  /** Which limit, e.g. 'sign_up.address'. */
  bucket: string;
  limit: number;
  windowMinutes: number;
}

/** Per hour: password-reset requests per address, and per email (over it, silently no email). */
export const PASSWORD_RESET_LIMITS = {
  perAddress: { bucket: 'password_reset.address', limit: 10, windowMinutes: 60 },
  perEmail: { bucket: 'password_reset.email', limit: 3, windowMinutes: 60 },
} as const satisfies Record<string, RateLimit>;

/** Per hour: sign-in-link requests per address, and per email (over it, silently no email). */
export const SIGN_IN_LINK_LIMITS = {
  perAddress: { bucket: 'sign_in_link.address', limit: 10, windowMinutes: 60 },
  perEmail: { bucket: 'sign_in_link.email', limit: 3, windowMinutes: 60 },
} as const satisfies Record<string, RateLimit>;

export const signUpLimit = (perHour: number): RateLimit => ({
  bucket: 'sign_up.address',
  limit: perHour,
  windowMinutes: 60,
});

/**
 * Counts one request against the limit for `key` and returns null, or, when the window already
 * holds `limit` requests, records nothing and returns when the oldest of them leaves it. A lock
 * per bucket and key makes concurrent requests count one by one, on every instance.
 */
export async function takeRateLimit(
  db: Database,
  { bucket, limit, windowMinutes }: RateLimit,
  key: string,
  now: Date,
): Promise<Date | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${bucket}:${key}`}))`);
    const [limiting] = await tx
      .select({ at: rateLimitEvents.createdAt })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, bucket),
          eq(rateLimitEvents.key, key),
          gt(rateLimitEvents.createdAt, new Date(now.getTime() - windowMinutes * 60_000)),
        ),
      )
      .orderBy(desc(rateLimitEvents.createdAt))
      .offset(limit - 1)
      .limit(1);
    if (limiting) return new Date(limiting.at.getTime() + windowMinutes * 60_000);
    await tx.insert(rateLimitEvents).values({ bucket, key, createdAt: now });
    return null;
  });
}
