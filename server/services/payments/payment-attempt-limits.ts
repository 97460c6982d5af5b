import { and, eq, gte, inArray, min, ne, or, count, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { customers, orders, payments } from '../../db/schema';
import { ApiError } from '../../http/jsonapi';

/**
 * Declined payments allowed in a sliding hour before another attempt reaches the gateway (issue 9:
 * 50 declines in one burst reached it, card testing). Counted from `payments`, so every instance
 * agrees; checked under the order's and the customer's row locks, so a burst cannot slip through.
 */
export interface AttemptLimits {
  perOrder: number;
  perCustomer: number;
}

export const ATTEMPT_WINDOW_MS = 60 * 60_000;

/** A charge that never reached the gateway (a crash, settled by reconcilePayments) is no decline. */
export const INTERRUPTED_DECLINE_CODE = 'payment_interrupted';

/** 429 with the wait in minutes; the handler sends it as Retry-After too. */
export class PaymentAttemptsExceededError extends ApiError {
  constructor(
    scope: 'order' | 'account',
    readonly retryAfterSeconds: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    const what = scope === 'order' ? 'this order' : 'your account';
    super(429, 'too_many_payment_attempts', 'Too many declined payments', {
      detail: `Too many payments for ${what} were declined. Please check your card details with your bank, then try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    });
  }
}

/** Throws PaymentAttemptsExceededError when a new attempt would pass either limit. */
export async function assertAttemptAllowed(
  tx: Queryable,
  limits: AttemptLimits,
  input: { customerId: number; orderId: number; now: Date },
): Promise<void> {
  // Attempts on the customer's other orders are serialised too (the order lock covers only one).
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, input.customerId))
    .for('no key update');
  const since = new Date(input.now.getTime() - ATTEMPT_WINDOW_MS);
  const declined = and(
    eq(payments.state, 'failed'),
    gte(payments.updatedAt, since),
    // NULL codes count: `ne` alone would skip them.
    or(sql`${payments.declineCode} is null`, ne(payments.declineCode, INTERRUPTED_DECLINE_CODE)),
  );
  const retryAfter = (oldest: Date | null) =>
    Math.max(
      1,
      Math.ceil(((oldest?.getTime() ?? 0) + ATTEMPT_WINDOW_MS - input.now.getTime()) / 1000),
    );

  const [order] = await tx
    .select({ n: count(), oldest: min(payments.updatedAt) })
    .from(payments)
    .where(and(eq(payments.orderId, input.orderId), declined));
  if ((order?.n ?? 0) >= limits.perOrder)
    throw new PaymentAttemptsExceededError('order', retryAfter(order?.oldest ?? null));

  // Charges still on their way may be declines too: they count, so a burst across orders cannot
  // exceed the limit before its answers come back.
  const [customer] = await tx
    .select({ n: count(), oldest: min(payments.updatedAt) })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.customerId, input.customerId),
        or(declined, inArray(payments.state, ['processing'])),
      ),
    );
  if ((customer?.n ?? 0) >= limits.perCustomer)
    throw new PaymentAttemptsExceededError('account', retryAfter(customer?.oldest ?? null));
}
