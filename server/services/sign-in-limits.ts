import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { signInAttempts } from '../db/schema';
import { ApiError } from '../http/jsonapi';

/** Failed sign-ins allowed in the window, per account and per address (stored in the database so every instance agrees). */
export const SIGN_IN_LIMITS = { windowMinutes: 15, perAccount: 5, perAddress: 20 } as const;

export async function assertSignInAllowed(
  db: Database,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - SIGN_IN_LIMITS.windowMinutes * 60_000);
  const failures = (
    column: typeof signInAttempts.email | typeof signInAttempts.ip,
    value: string,
  ) =>
    db
      .select({ n: count() })
      .from(signInAttempts)
      .where(
        and(
          eq(column, value),
          eq(signInAttempts.succeeded, false),
          gt(signInAttempts.createdAt, since),
        ),
      )
      .then(([row]) => row?.n ?? 0);
  const [byAccount, byAddress] = await Promise.all([
    failures(signInAttempts.email, email),
    failures(signInAttempts.ip, ip),
  ]);
  if (byAccount >= SIGN_IN_LIMITS.perAccount || byAddress >= SIGN_IN_LIMITS.perAddress) {
    throw new ApiError(429, 'too_many_attempts', 'Too many attempts', {
      detail: `Too many sign-in attempts. Wait ${SIGN_IN_LIMITS.windowMinutes} minutes and try again, or reset your password.`,
    });
  }
}

export async function recordSignInAttempt(
  db: Database,
  email: string,
  ip: string,
  succeeded: boolean,
  now: Date,
): Promise<void> {
  await db.insert(signInAttempts).values({ email, ip, succeeded, createdAt: now });
}
