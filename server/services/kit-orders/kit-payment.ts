import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { subscriptions } from '../../db/schema';
import type { PaymentGateway } from '../payments/gateway';
import type { AttemptLimits } from '../payments/payment-attempt-limits';
import { PaymentDeclinedError, payOrder, type PaymentRow } from '../payments/payment-service';
import type { CustomerRow } from '../sessions';

export interface KitCharge {
  /** null when nothing was charged (store credit covered the order). */
  payment: PaymentRow | null;
  status: 200 | 201 | 202;
}

/** A subscription moves with its order's payment: active once paid, failed when declined. */
export async function settleSubscription(
  db: Database,
  subscriptionId: number | null,
  outcome: 'paid' | 'failed',
  now: Date,
): Promise<void> {
  if (subscriptionId === null) return;
  await db
    .update(subscriptions)
    .set({ state: outcome === 'paid' ? 'active' : 'failed', updatedAt: now })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        // A paused or cancelled plan stays so; only a new or failing one follows its payment.
        inArray(
          subscriptions.state,
          outcome === 'paid' ? ['created', 'failed'] : ['created', 'active'],
        ),
      ),
    );
}

/**
 * A plan whose first card was declined (and so not kept, product rule R11.5) pays its later weeks
 * with the card that paid its first box.
 */
async function planPaysWith(db: Database, subscriptionId: number | null, methodId: number) {
  if (subscriptionId === null) return;
  await db
    .update(subscriptions)
    .set({ paymentMethodId: methodId })
    .where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.paymentMethodId)));
}

/**
 * Charges a kit order's amount to charge with the payments capability (never twice: payOrder's
 * idempotency), outside any transaction, and moves the subscription with the outcome. A decline
 * rethrows the 402 after marking the subscription failed; 3-D Secure (202) leaves it created.
 */
export async function chargeKitOrder(
  db: Database,
  gateway: PaymentGateway,
  now: () => Date,
  request: {
    customer: CustomerRow;
    orderId: number;
    subscriptionId: number | null;
    paymentMethodId: number;
    idempotencyKey?: string;
    limits?: AttemptLimits;
  },
): Promise<KitCharge> {
  try {
    const result = await payOrder(db, gateway, now, {
      customer: request.customer,
      orderId: request.orderId,
      method: { paymentMethodId: request.paymentMethodId },
      // Back to the kit checkout, which confirms the payment from ?payment_id= (3-D Secure).
      returnPath: '/checkout/payment',
      idempotencyKey: request.idempotencyKey,
      limits: request.limits,
    });
    if (result.payment.state === 'succeeded') {
      await settleSubscription(db, request.subscriptionId, 'paid', now());
      await planPaysWith(db, request.subscriptionId, request.paymentMethodId);
    }
    return result;
  } catch (error) {
    if (error instanceof PaymentDeclinedError)
      await settleSubscription(db, request.subscriptionId, 'failed', now());
    throw error;
  }
}
