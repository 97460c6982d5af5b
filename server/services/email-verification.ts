import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/database';
import { accessTokens, customers } from '../db/schema';
import { ApiError } from '../http/jsonapi';
import { verificationEmail } from './verification-email';
import type { Mailer } from './mailer';
import type { CustomerRow } from './sessions';
import { hashSecret, newSecret } from './tokens';

export const VERIFICATION_LINK_HOURS = 24;
/** Sign-up's email counts: a fourth link within the hour is refused (the mailbox is not a pager). */
export const VERIFICATIONS_PER_HOUR = 3;

export const EMAIL_VERIFICATION_MESSAGES = {
  sent: 'We have sent a verification link to your email address. The link works for 24 hours.',
  verified: 'Your email address is verified.',
  alreadyVerified: 'Your email address is already verified.',
  tooMany:
    'You have asked for 3 verification emails in the last hour. Use the link in the latest one, or try again in an hour.',
  expired:
    'This verification link has expired: links work for 24 hours. Sign in and send a new link from your account.',
  used: 'This verification link has already been used. If your account does not show your email as verified, send a new link from your account.',
  invalid:
    'This verification link is not valid. Check you copied the whole link from the email, or send a new link from your account.',
} as const;

/** Writes a verification link's token and its email in the caller's transaction. */
export async function enqueueVerificationEmail(
  tx: Queryable,
  deps: { mailer: Mailer; config: Config },
  customer: CustomerRow,
  at: Date,
): Promise<void> {
  const { secret, hash } = newSecret();
  await tx.insert(accessTokens).values({
    tokenHash: hash,
    kind: 'email_verification',
    customerId: customer.id,
    createdAt: at,
    expiresAt: new Date(at.getTime() + VERIFICATION_LINK_HOURS * 60 * 60_000),
  });
  await deps.mailer.enqueue(
    tx,
    verificationEmail(customer, `${deps.config.publicUrl}/verify-email?token=${secret}`),
  );
}

/**
 * Sends the signed-in customer a new link, at most VERIFICATIONS_PER_HOUR an hour. The customer
 * row is locked so that concurrent requests count each other's links.
 */
export async function requestVerification(
  db: Database,
  deps: { mailer: Mailer; config: Config },
  customerId: number,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer) throw new Error('customer not found');
    if (customer.emailVerifiedAt)
      throw new ApiError(400, 'email_already_verified', 'Email already verified', {
        detail: EMAIL_VERIFICATION_MESSAGES.alreadyVerified,
      });
    const [recent] = await tx
      .select({ n: count() })
      .from(accessTokens)
      .where(
        and(
          eq(accessTokens.customerId, customer.id),
          eq(accessTokens.kind, 'email_verification'),
          gt(accessTokens.createdAt, new Date(at.getTime() - 60 * 60_000)),
        ),
      );
    if ((recent?.n ?? 0) >= VERIFICATIONS_PER_HOUR)
      throw new ApiError(429, 'too_many_verification_emails', 'Too many verification emails', {
        detail: EMAIL_VERIFICATION_MESSAGES.tooMany,
      });
    await enqueueVerificationEmail(tx, deps, customer, at);
  });
}

/**
 * Marks the customer's email verified at `at`, unless it already is: by its verification link, or
 * by signing in with any other emailed link (product rule R2.22).
 */
export async function markEmailVerified(tx: Queryable, customerId: number, at: Date) {
  await tx
    .update(customers)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(customers.id, customerId), isNull(customers.emailVerifiedAt)));
}

const linkProblem = (code: string, detail: string) =>
  new ApiError(400, code, 'Verification link not valid', { detail, pointer: '/token' });

/**
 * Spends a verification link and marks its customer's email verified, in one transaction. Of two
 * concurrent uses only one updates the token row; the other reads it used.
 */
export async function confirmVerification(db: Database, token: string, at: Date): Promise<void> {
  const tokenHash = hashSecret(token);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(accessTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(accessTokens.tokenHash, tokenHash),
          eq(accessTokens.kind, 'email_verification'),
          isNull(accessTokens.usedAt),
          gt(accessTokens.expiresAt, at),
        ),
      )
      .returning();
    if (spent?.customerId) {
      await markEmailVerified(tx, spent.customerId, at);
      return;
    }
    const [known] = await tx
      .select()
      .from(accessTokens)
      .where(
        and(eq(accessTokens.tokenHash, tokenHash), eq(accessTokens.kind, 'email_verification')),
      );
    if (!known) throw linkProblem('verification_link_invalid', EMAIL_VERIFICATION_MESSAGES.invalid);
    if (known.usedAt) throw linkProblem('verification_link_used', EMAIL_VERIFICATION_MESSAGES.used);
    throw linkProblem('verification_link_expired', EMAIL_VERIFICATION_MESSAGES.expired);
  });
}
