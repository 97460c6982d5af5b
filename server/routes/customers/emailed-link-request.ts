import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/database';
import { customers } from '../../db/schema';
import type { Deps } from '../../deps';
import { addressKey } from '../../services/client-address';
import type { OutgoingEmail } from '../../services/mailer';
import { takeRateLimit, type RateLimit } from '../../services/rate-limits';
import type { CustomerRow } from '../../services/sessions';
import { tooManyRequests } from '../../services/sign-in-limits';
import { invalidEmail, isEmailShape, normaliseEmail } from './customer-resource';

export interface EmailedLink {
  /** Per network address (429 past it) and per email (past it, silently no email). */
  limits: { perAddress: RateLimit; perEmail: RateLimit };
  /** The 429's detail, given the wait ("60 minutes"). */
  tooMany: (wait: string) => string;
  /** Issues the link, in the transaction that enqueues its email, and writes that email. */
  email: (tx: Transaction, customer: CustomerRow, at: Date) => Promise<OutgoingEmail>;
}

/**
 * A request to email a link to whoever has an account for `rawEmail`. A malformed email is a 400
 * and too many requests from one address a 429; otherwise the caller answers the same 202 whether
 * an email was sent or not (no account, or past the per-email limit), so it reveals nothing.
 */
export async function requestEmailedLink(
  { db, mailer, now }: Pick<Deps, 'db' | 'mailer' | 'now'>,
  request: Pick<FastifyRequest, 'ip' | 'log'>,
  reply: FastifyReply,
  rawEmail: string,
  { limits, tooMany, email: compose }: EmailedLink,
): Promise<void> {
  const at = now();
  const email = normaliseEmail(rawEmail);
  if (!isEmailShape(email)) throw invalidEmail();
  const retryAt = await takeRateLimit(db, limits.perAddress, addressKey(request.ip), at);
  if (retryAt) throw tooManyRequests(reply, retryAt, at, 'too_many_requests', tooMany);
  // Counted for every email, known or not; over the limit the answer is the one an unknown
  // email gets and no email is sent, so the limit reveals nothing about who has an account.
  if (await takeRateLimit(db, limits.perEmail, email, at)) return;
  const [customer] = await db.select().from(customers).where(eq(customers.email, email));
  if (!customer) return;
  await db.transaction(async (tx) => mailer.enqueue(tx, await compose(tx, customer, at)));
  void mailer.deliverPending().catch((error: unknown) => request.log.error(error));
}
