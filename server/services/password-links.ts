import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { accessTokens } from '../db/schema';
import { newSecret } from './tokens';

/**
 * A one-time link to `/reset-password` that signs the customer in and lets them choose a password
 * without the old one (`POST sessions/token`, then `PUT customers/password`). Both a password reset
 * and an account set-up (product rule R2.17) send one; only its lifetime and its email differ.
 */
export async function issuePasswordLink(
  tx: Queryable,
  config: Pick<Config, 'publicUrl'>,
  customerId: number,
  at: Date,
  minutes: number,
): Promise<string> {
  const { secret, hash } = newSecret();
  await tx.insert(accessTokens).values({
    tokenHash: hash,
    kind: 'password_reset',
    customerId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + minutes * 60_000),
  });
  return `${config.publicUrl}/reset-password?token=${secret}`;
}
