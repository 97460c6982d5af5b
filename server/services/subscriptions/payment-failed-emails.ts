import { and, asc, eq, exists, gte, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { formatPrice } from '../../../domain/money';
import { dayAndDate } from '../../../domain/pasta-plan';
import { isoDate } from '../../../domain/weeks';
import { customers, orders, payments, subscriptions } from '../../db/schema';
import type { OutgoingEmail } from '../mailer';
import type { PlanRecipient } from './pasta-plan-emails';
import type { PlanNoticeDeps } from './reminders';

const BATCH = 50;

export function paymentFailedEmail(
  to: PlanRecipient,
  order: { id: number; reference: string | null; deliveryDate: string | null; amountPence: number },
  needsAction: boolean,
  publicUrl: string,
): OutgoingEmail {
  const box = order.deliveryDate ? `your box for ${dayAndDate(order.deliveryDate)}` : 'your box';
  const link = `${publicUrl}/payment/${order.id}`;
  return {
    to: to.email,
    subject: `Payment failed for ${box}`,
    text: [
      to.firstName ? `Hello ${to.firstName},` : 'Hello,',
      '',
      needsAction
        ? `Your bank wants you to confirm the ${formatPrice(order.amountPence / 100)} payment for ${box}${order.reference ? ` (order ${order.reference})` : ''}.`
        : `We couldn't take the ${formatPrice(order.amountPence / 100)} payment for ${box}${order.reference ? ` (order ${order.reference})` : ''}: your card was declined.`,
      'Pay for it here so we can pack and deliver it:',
      link,
    ].join('\n'),
  };
}

/**
 * Product rule R10.30: a plan's billing charge that was declined (`not_authorized`) or waits for
 * 3-D Secure (`payment_pending` with a payment needing action) is emailed once, with the link
 * to pay it. The order rows are claimed with SKIP LOCKED and marked (`payment_failed_emailed_at`)
 * in the transaction that queues the email, so a second run, or one racing it, sends nothing.
 * Boxes already delivered and cancelled plans get none.
 */
export async function queuePaymentFailedEmails(
  deps: PlanNoticeDeps,
  asOf: Date,
  scope: { customerId?: number } = {},
): Promise<number> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const needsAction = tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orders.id), eq(payments.state, 'requires_action')));
    const due = await tx
      .select({ order: orders, customer: customers })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(subscriptions, eq(subscriptions.id, orders.subscriptionId))
      .where(
        and(
          isNotNull(orders.scheduleWeekId),
          isNull(orders.paymentFailedEmailedAt),
          ne(subscriptions.state, 'cancelled'),
          gte(orders.deliveryDate, isoDate(asOf)),
          or(
            eq(orders.state, 'not_authorized'),
            and(eq(orders.state, 'payment_pending'), exists(needsAction)),
          ),
          scope.customerId === undefined ? undefined : eq(orders.customerId, scope.customerId),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true });
    let queued = 0;
    for (const { order, customer } of due) {
      const [claimed] = await tx
        .update(orders)
        .set({ paymentFailedEmailedAt: at })
        .where(and(eq(orders.id, order.id), isNull(orders.paymentFailedEmailedAt)))
        .returning({ id: orders.id });
      if (!claimed) continue;
      await deps.mailer.enqueue(
        tx,
        paymentFailedEmail(
          { email: order.customerEmail ?? customer.email, firstName: customer.firstName },
          {
            id: order.id,
            reference: order.reference,
            deliveryDate: order.deliveryDate,
            amountPence: order.totalPence - order.storeCreditPence,
          },
          // The filter above: a pending order here waits for 3-D Secure.
          order.state === 'payment_pending',
          deps.publicUrl,
        ),
      );
      queued += 1;
    }
    return queued;
  });
}
