import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { isHardDecline } from '../../../domain/payment';
import { isoDate } from '../../../domain/weeks';
import type { Database, Queryable } from '../../db/database';
import { orders, paymentMethods, payments, subscriptions } from '../../db/schema';
import { ApiError, notFound } from '../../http/jsonapi';
import { crashPoint } from '../crash-points';
import type { CustomerRow } from '../sessions';
import {
  GatewayUnavailableError,
  withQuery,
  type GatewayCustomer,
  type PaymentGateway,
  type PaymentOutcome,
} from './gateway';
import {
  assertAttemptAllowed,
  INTERRUPTED_DECLINE_CODE,
  type AttemptLimits,
} from './payment-attempt-limits';
import { grantReferralRewards } from '../rewards/referrals';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** Order states a payment can settle: waiting for its first payment, or after a failed one. */
export const PAYABLE_STATES = ['payment_pending', 'not_authorized'];
/** A charge under way, or a 3-D Secure challenge still open: either may yet succeed. */
export const IN_FLIGHT: PaymentRow['state'][] = ['processing', 'requires_action'];

export const HARD_DECLINE_MESSAGE = 'Your card was declined. Please use a different card.';

export const gatewayCustomer = (customer: CustomerRow): GatewayCustomer => ({
  id: customer.id,
  email: customer.email,
  name: `${customer.firstName} ${customer.lastName}`,
});

export const gatewayUnavailable = () =>
  new ApiError(502, 'gateway_unavailable', 'Payment provider unavailable', {
    detail: "We couldn't reach our payment provider. Please try again.",
  });

/** 402 with the decline in the error's meta, so the browser can ask for another card. */
export class PaymentDeclinedError extends ApiError {
  constructor(payment: PaymentRow, methodRemoved = false) {
    const declineCode = payment.declineCode ?? 'generic_decline';
    super(402, 'card_declined', 'Payment declined', {
      detail: payment.failureMessage ?? 'Your card was declined.',
    });
    Object.assign(this.errors[0]!, {
      meta: {
        decline_code: declineCode,
        hard_decline: isHardDecline(declineCode),
        payment_id: String(payment.id),
        // Product rule R11.5: the card paid with was not kept (its first payment was declined).
        payment_method_removed: methodRemoved,
      },
    });
  }
}

export type PayMethod = { paymentMethodId: number } | { wallet: 'PaypalAccount' };

export interface PayRequest {
  customer: CustomerRow;
  orderId: number;
  method: PayMethod;
  /** Same-site path the customer comes back to after a challenge or an approval. */
  returnPath: string;
  idempotencyKey: string | undefined;
  /** Caps on declined attempts for a customer's own payments (the billing job has none). */
  limits?: AttemptLimits;
}

/** What the handler answers: 200 an already paid order, 201 succeeded, 202 waiting, 402 declined. */
export type PayResult = { status: 200 | 201 | 202; payment: PaymentRow };

/**
 * Pays an order without ever charging twice. Transaction 1 locks the order row and either answers
 * an existing payment (same idempotency key, one in flight, the order already paid) or claims the
 * attempt as a `processing` payment. The gateway is called outside any transaction, with the
 * idempotency key, and transaction 2 records its answer (and marks the order paid).
 */
export async function payOrder(
  db: Database,
  gateway: PaymentGateway,
  now: () => Date,
  request: PayRequest,
): Promise<PayResult> {
  // A challenge or wallet approval finished since: learn it first, so it is not "in flight".
  const waiting = await db
    .select()
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.orderId, request.orderId),
        eq(orders.customerId, request.customer.id),
        eq(payments.state, 'requires_action'),
      ),
    );
  for (const row of waiting) await refreshPayment(db, gateway, now, row.payments);

  const claim = await db.transaction((tx) => claimAttempt(tx, gateway, now, request));
  if (claim.kind !== 'new')
    return claim.kind === 'paid'
      ? { status: 200, payment: claim.payment }
      : answer(db, claim.payment);

  const { payment, method } = claim;
  const returnUrl = withQuery(request.returnPath, { payment_id: String(payment.id) });
  // Fault tests kill the process at each step; reconcilePayments settles what is left processing.
  crashPoint('payments.before-charge');
  let outcome: PaymentOutcome;
  try {
    outcome = method
      ? await gateway.charge({
          customer: gatewayCustomer(request.customer),
          paymentMethodId: method.processorId,
          amountPence: payment.amountPence,
          idempotencyKey: payment.idempotencyKey,
          returnUrl,
        })
      : await gateway.startWalletPayment({
          customer: gatewayCustomer(request.customer),
          amountPence: payment.amountPence,
          idempotencyKey: payment.idempotencyKey,
          returnUrl,
        });
  } catch (error) {
    // The gateway may have charged before failing. Freeing the claim lets a retry ask it again
    // with the same idempotency key, and the gateway then answers its first result.
    await db
      .delete(payments)
      .where(and(eq(payments.id, payment.id), eq(payments.state, 'processing')));
    if (error instanceof GatewayUnavailableError) throw gatewayUnavailable();
    throw error;
  }
  crashPoint('payments.after-charge');
  const recorded = await recordOutcome(db, payment.id, outcome, now);
  crashPoint('payments.after-record');
  return answer(db, recorded);
}

async function answer(db: Queryable, payment: PaymentRow): Promise<PayResult> {
  if (payment.state === 'failed')
    throw new PaymentDeclinedError(payment, await isForgotten(db, payment.paymentMethodId));
  return { status: payment.state === 'succeeded' ? 201 : 202, payment };
}

type Claim =
  | { kind: 'paid' | 'existing'; payment: PaymentRow }
  | { kind: 'new'; payment: PaymentRow; method: PaymentMethodRow | undefined };

async function claimAttempt(
  tx: Queryable,
  gateway: PaymentGateway,
  now: () => Date,
  request: PayRequest,
): Promise<Claim> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, request.orderId), eq(orders.customerId, request.customer.id)))
    .for('update');
  if (!order) throw notFound('Order');
  const [succeeded] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.state, 'succeeded')));
  if (succeeded) return { kind: 'paid', payment: succeeded };
  if (!PAYABLE_STATES.includes(order.state)) {
    throw new ApiError(400, 'order_not_payable', 'Order cannot be paid', {
      detail: `This order is ${order.state.replace(/_/g, ' ')} and cannot be paid.`,
      pointer: '/order_id',
    });
  }
  // Product rule R9.29: on its delivery day a box can no longer be packed, so it is not paid
  // (the billing job drops it on its next run).
  if (
    order.type !== 'takeaway' &&
    order.deliveryDate !== null &&
    order.deliveryDate <= isoDate(now())
  )
    throw new ApiError(400, 'order_not_payable', 'Order cannot be paid', {
      detail: "This box's delivery day has come: it can no longer be paid.",
      pointer: '/order_id',
    });

  let method: PaymentMethodRow | undefined;
  if ('paymentMethodId' in request.method) {
    [method] = await tx
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, request.method.paymentMethodId),
          eq(paymentMethods.customerId, request.customer.id),
        ),
      );
    if (!method) throw notFound('Payment method');
    if (method.processor !== gateway.name) {
      throw new ApiError(400, 'payment_method_unavailable', 'Payment method unavailable', {
        detail: 'This payment method was saved with another payment provider. Add it again.',
        pointer: '/payment_method_id',
      });
    }
  }

  const methodKey = method ? `pm-${method.id}` : 'wallet-paypal';
  // Keys go to the gateway too, so they must be unique beyond this database: a customer's own
  // key is namespaced by customer, a derived one carries the order's creation time.
  let key = request.idempotencyKey && `customer-${request.customer.id}-${request.idempotencyKey}`;
  if (!key) {
    // Derived from the order and the method; a new attempt after a decline gets a new key.
    const [failed] = await tx
      .select({ n: count() })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.state, 'failed'),
          method
            ? eq(payments.paymentMethodId, method.id)
            : eq(payments.paymentMethodType, 'PaypalAccount'),
        ),
      );
    key = `order-${order.id}-${order.createdAt.getTime()}-${methodKey}-${failed?.n ?? 0}`;
  }
  const [same] = await tx.select().from(payments).where(eq(payments.idempotencyKey, key));
  if (same) {
    if (same.orderId !== order.id) {
      throw new ApiError(400, 'idempotency_key_reused', 'Idempotency key reused', {
        detail: 'This Idempotency-Key was already used for another order. Send a new key.',
        parameter: 'Idempotency-Key',
      });
    }
    return { kind: 'existing', payment: same };
  }
  const [inFlight] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), inArray(payments.state, IN_FLIGHT)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (inFlight) return { kind: 'existing', payment: inFlight };
  // Checked before the gateway is called: a refused attempt never reaches it.
  if (request.limits)
    await assertAttemptAllowed(tx, request.limits, {
      customerId: request.customer.id,
      orderId: order.id,
      now: now(),
    });

  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      paymentMethodId: method?.id ?? null,
      paymentMethodType: method?.type ?? 'PaypalAccount',
      processor: gateway.name,
      idempotencyKey: key,
      // Store credit (recipe kits) was spent when the order was written: the card pays the rest.
      amountPence: order.totalPence - order.storeCreditPence,
      state: 'processing',
    })
    .returning();
  return { kind: 'new', payment: payment!, method };
}

/**
 * Records the gateway's answer in one transaction: the payment, and on success the order paid.
 * A payment already final is left as it is (a late or duplicate answer changes nothing).
 */
export async function recordOutcome(
  db: Database,
  paymentId: number,
  outcome: PaymentOutcome,
  now: () => Date,
): Promise<PaymentRow> {
  return db.transaction((tx) => recordOutcomeIn(tx, paymentId, outcome, now));
}

export async function recordOutcomeIn(
  tx: Queryable,
  paymentId: number,
  outcome: PaymentOutcome,
  now: () => Date,
): Promise<PaymentRow> {
  const [found] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!found) throw notFound('Payment');
  // Order first, then payment: the same lock order as payOrder, so the two never deadlock.
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  const [current] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (!current || !order || current.state === 'succeeded' || current.state === 'failed')
    return current ?? found;
  const at = now();
  const processorPaymentId = outcome.id ?? current.processorPaymentId;
  if (outcome.status === 'succeeded') {
    const [updated] = await tx
      .update(payments)
      .set({ state: 'succeeded', processorPaymentId, actionUrl: null, updatedAt: at })
      .where(eq(payments.id, paymentId))
      .returning();
    // Product rule R11.5: a card that paid is kept (one not kept after a decline comes back).
    if (current.paymentMethodId !== null)
      await tx
        .update(paymentMethods)
        .set({ saved: true })
        .where(
          and(eq(paymentMethods.id, current.paymentMethodId), eq(paymentMethods.saved, false)),
        );
    if (PAYABLE_STATES.includes(order.state)) {
      await tx
        .update(orders)
        .set({ state: 'paid', paidAt: at, updatedAt: at })
        .where(eq(orders.id, order.id));
      // Product rule R12.11: a referred friend's first paid order rewards both, once.
      await grantReferralRewards(tx, order, at);
      // A plan follows its order's payment (as settleSubscription does for the checkout and the
      // billing job): a failed week paid later (/payment/{id}, a 3-D Secure challenge completed,
      // a webhook) brings a failed or new plan back to active. Paused and cancelled plans stay so.
      if (order.subscriptionId !== null) {
        await tx
          .update(subscriptions)
          .set({ state: 'active', updatedAt: at })
          .where(
            and(
              eq(subscriptions.id, order.subscriptionId),
              inArray(subscriptions.state, ['created', 'failed']),
            ),
          );
      }
    }
    return updated!;
  }
  if (outcome.status === 'requires_action') {
    const [updated] = await tx
      .update(payments)
      .set({
        state: 'requires_action',
        processorPaymentId,
        actionUrl: outcome.actionUrl,
        updatedAt: at,
      })
      .where(eq(payments.id, paymentId))
      .returning();
    return updated!;
  }
  const [updated] = await tx
    .update(payments)
    .set({
      state: 'failed',
      processorPaymentId,
      declineCode: outcome.declineCode,
      failureMessage: isHardDecline(outcome.declineCode) ? HARD_DECLINE_MESSAGE : outcome.message,
      actionUrl: null,
      updatedAt: at,
    })
    .where(eq(payments.id, paymentId))
    .returning();
  // An attempt we interrupted (a crash before the gateway answered) says nothing of the card.
  if (
    current.paymentMethodId !== null &&
    order.customerId !== null &&
    outcome.declineCode !== INTERRUPTED_DECLINE_CODE
  )
    await forgetUnprovenCard(tx, order.customerId, current.paymentMethodId);
  return updated!;
}

/** Whether a payment's card is one not kept (product rule R11.5). */
async function isForgotten(db: Queryable, methodId: number | null): Promise<boolean> {
  if (methodId === null) return false;
  const [method] = await db
    .select({ saved: paymentMethods.saved })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, methodId));
  return method?.saved === false;
}

/**
 * Product rule R11.5: a card whose first payment is declined (a failed 3-D Secure challenge
 * included) is not kept: it never paid, so it is neither listed nor the default afterwards, and a
 * plan that named it moves to the default (as when a card is deleted). Its payments keep naming
 * it (the attempt caps count them). A card that has paid before stays after a decline.
 */
async function forgetUnprovenCard(tx: Queryable, customerId: number, methodId: number) {
  const [method] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.type, 'CreditCard')));
  if (!method?.saved) return;
  const [paid] = await tx
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.paymentMethodId, method.id), eq(payments.state, 'succeeded')));
  if ((paid?.n ?? 0) > 0) return;
  await tx
    .update(paymentMethods)
    .set({ saved: false, isDefault: false })
    .where(eq(paymentMethods.id, method.id));
  await tx
    .update(subscriptions)
    .set({ paymentMethodId: null })
    .where(eq(subscriptions.paymentMethodId, method.id));
  if (!method.isDefault) return;
  const [next] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.saved, true)))
    .orderBy(asc(paymentMethods.id))
    .limit(1);
  if (next)
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
}

/** A payment waiting for the customer, brought up to date from the gateway. */
export async function refreshPayment(
  db: Database,
  gateway: PaymentGateway,
  now: () => Date,
  payment: PaymentRow,
): Promise<PaymentRow> {
  if (payment.state !== 'requires_action' || !payment.processorPaymentId) return payment;
  if (payment.processor !== gateway.name) return payment;
  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.retrievePayment(payment.processorPaymentId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayUnavailable();
    throw error;
  }
  if (outcome.status === 'requires_action') return payment;
  return recordOutcome(db, payment.id, outcome, now);
}

/** The customer's payment, or 404 (another customer's payment is not found either). */
export async function requirePayment(
  db: Database,
  customerId: number,
  id: string,
): Promise<PaymentRow> {
  const paymentId = Number(id);
  if (!Number.isSafeInteger(paymentId) || paymentId < 1) throw notFound('Payment');
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(orders.customerId, customerId)));
  if (!row) throw notFound('Payment');
  return row.payment;
}
