import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { customers, orders, payments } from '../../db/schema';
import {
  declineMessage,
  GatewayUnavailableError,
  type PaymentGateway,
  type PaymentOutcome,
} from './gateway';
import { INTERRUPTED_DECLINE_CODE } from './payment-attempt-limits';
import { gatewayCustomer, recordOutcome, type PaymentRow } from './payment-service';
import { startIntervalJob } from '../interval-job';

export interface ReconcileDeps {
  db: Database;
  paymentGateway: PaymentGateway;
  now: () => Date;
  /** A `processing` payment older than this lost its request (a crash): ask the gateway. */
  processingTimeoutMs: number;
  /** A 3-D Secure challenge or wallet approval older than this was abandoned: cancel it. */
  actionTimeoutMs: number;
}

export interface ReconcileResult {
  /** Payments settled succeeded (the order paid) and failed (the order payable again). */
  succeeded: number;
  failed: number;
  /** Left as they were: still waiting at the gateway, or the gateway unreachable. */
  unchanged: number;
}

const BATCH = 20;

/**
 * Settles payments left in flight (issue 9: a kill -9 between the gateway's charge and recording
 * it left a customer charged and the order unpaid). Each stale payment is leased under a row lock
 * (SKIP LOCKED, then `updated_at` moved on so another instance leaves it for a whole timeout),
 * looked up or cancelled at the gateway outside any transaction, and recorded with recordOutcome,
 * which changes nothing once a payment is final: running it twice, or on two instances, is safe.
 */
export async function reconcilePayments(deps: ReconcileDeps): Promise<ReconcileResult> {
  const result: ReconcileResult = { succeeded: 0, failed: 0, unchanged: 0 };
  for (;;) {
    const leased = await leaseStale(deps);
    for (const { payment, customer } of leased) {
      let outcome: PaymentOutcome | null;
      try {
        outcome = await ask(deps.paymentGateway, payment, customer);
      } catch (error) {
        // Leased: tried again after the timeout. Anything else (the database) stops this run.
        if (!(error instanceof GatewayUnavailableError)) throw error;
        outcome = null;
      }
      if (!outcome || outcome.status === 'requires_action') {
        // A charge found waiting for the customer is recorded so, with its action URL.
        if (outcome && payment.state === 'processing')
          await recordOutcome(deps.db, payment.id, outcome, deps.now);
        result.unchanged += 1;
        continue;
      }
      const settled = await recordOutcome(deps.db, payment.id, outcome, deps.now);
      if (settled.state === 'succeeded') result.succeeded += 1;
      else if (settled.state === 'failed') result.failed += 1;
      else result.unchanged += 1;
    }
    if (leased.length < BATCH) return result;
  }
}

async function leaseStale({
  db,
  paymentGateway,
  now,
  processingTimeoutMs,
  actionTimeoutMs,
}: ReconcileDeps) {
  const at = now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ payment: payments, customer: customers })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(
        and(
          // A payment made through another gateway cannot be asked here.
          eq(payments.processor, paymentGateway.name),
          or(
            and(
              eq(payments.state, 'processing'),
              lt(payments.updatedAt, new Date(at.getTime() - processingTimeoutMs)),
            ),
            and(
              eq(payments.state, 'requires_action'),
              lt(payments.updatedAt, new Date(at.getTime() - actionTimeoutMs)),
            ),
          ),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(BATCH)
      .for('update', { of: payments, skipLocked: true });
    if (rows.length)
      await tx
        .update(payments)
        .set({ updatedAt: at })
        .where(
          inArray(
            payments.id,
            rows.map((row) => row.payment.id),
          ),
        );
    return rows;
  });
}

/** The gateway's answer for a stale payment; failed `payment_interrupted` if it never got it. */
async function ask(
  gateway: PaymentGateway,
  payment: PaymentRow,
  customer: typeof customers.$inferSelect,
): Promise<PaymentOutcome> {
  if (payment.state === 'requires_action' && payment.processorPaymentId)
    return gateway.cancel(payment.processorPaymentId);
  const found = await gateway.retrieve({
    id: payment.processorPaymentId,
    idempotencyKey: payment.idempotencyKey,
    customer: gatewayCustomer(customer),
    createdAt: payment.createdAt,
  });
  // A stale charge still waiting with no answer recorded was abandoned as well: cancel it.
  if (found?.status === 'requires_action' && payment.state === 'requires_action')
    return gateway.cancel(found.id);
  return (
    found ?? {
      status: 'failed',
      id: null,
      declineCode: INTERRUPTED_DECLINE_CODE,
      message: declineMessage(INTERRUPTED_DECLINE_CODE),
    }
  );
}

/**
 * The reconciler in process: a run at start and every `intervalMs`; runs never overlap within a
 * process. A failed run (the database down) is reported and the next tick tries again.
 */
export function startPaymentReconciler(
  deps: ReconcileDeps,
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  return startIntervalJob(() => reconcilePayments(deps), intervalMs, onError);
}
