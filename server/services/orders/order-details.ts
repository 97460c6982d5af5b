import { and, eq, getTableColumns, isNull, lte, or, sql } from 'drizzle-orm';
import {
  canGiveFeedback,
  FEEDBACK_MESSAGES,
  INVOICE_RESEND_MINUTES,
  invoiceMessages,
  optionalText,
} from '../../../domain/order-page';
import type { Database, Queryable } from '../../db/database';
import { orderFeedback, orderLineItems, orders } from '../../db/schema';
import { ApiError } from '../../http/jsonapi';
import type { Mailer } from '../mailer';
import { invoiceEmail } from './order-invoice-email';
import { latestPayment } from './order-payment-summary';
import { requireOrderRow } from './takeaway-orders';

export type FeedbackRow = typeof orderFeedback.$inferSelect;

export async function feedbackOf(db: Queryable, orderId: number): Promise<FeedbackRow | null> {
  const [row] = await db.select().from(orderFeedback).where(eq(orderFeedback.orderId, orderId));
  return row ?? null;
}

/**
 * Product rule R9.16: one feedback per order, sending it again replaces it. An upsert on the
 * order's unique key, so two tabs sending at once leave one row (the later one's words).
 */
export async function giveFeedback(
  db: Database,
  customerId: number,
  orderId: number,
  input: { npsRating: number; reason?: string | null; notes?: string | null },
  now: Date,
): Promise<{ feedback: FeedbackRow; created: boolean }> {
  const order = await requireOrderRow(db, customerId, orderId);
  if (!canGiveFeedback(order.state)) {
    throw new ApiError(409, 'order_not_finished', 'Order not finished', {
      detail: FEEDBACK_MESSAGES.notFinished,
    });
  }
  const fields = {
    npsRating: input.npsRating,
    reason: optionalText(input.reason),
    notes: optionalText(input.notes),
    updatedAt: now,
  };
  const [feedback] = await db
    .insert(orderFeedback)
    .values({ orderId, customerId, ...fields, createdAt: now })
    .onConflictDoUpdate({ target: orderFeedback.orderId, set: fields })
    .returning({
      ...getTableColumns(orderFeedback),
      // xmax is 0 for a freshly inserted row and the updating transaction's id otherwise.
      inserted: sql<boolean>`(xmax = 0)`,
    });
  if (!feedback) throw new Error('order feedback not written');
  const { inserted, ...row } = feedback;
  return { feedback: row, created: inserted };
}

/**
 * Product rule R9.17: emails the invoice of a paid order to the customer, at most once every 10
 * minutes. The order's invoice_emailed_at is claimed by a conditional update in the transaction
 * that writes the email to the outbox: of two clicks racing, one claims and sends, the other
 * finds it claimed and sends nothing.
 */
export async function sendInvoice(
  deps: { db: Database; mailer: Mailer; publicUrl: string },
  customer: { id: number; email: string; firstName: string; lastName: string },
  orderId: number,
  now: Date,
): Promise<{ sent: boolean; emailedAt: Date; message: string }> {
  const order = await requireOrderRow(deps.db, customer.id, orderId);
  if (order.paidAt === null) {
    throw new ApiError(409, 'order_not_paid', 'Order not paid', {
      detail: invoiceMessages.notPaid,
    });
  }
  return deps.db.transaction(async (tx) => {
    const windowStart = new Date(now.getTime() - INVOICE_RESEND_MINUTES * 60_000);
    const [claimed] = await tx
      .update(orders)
      .set({ invoiceEmailedAt: now })
      .where(
        and(
          eq(orders.id, order.id),
          or(isNull(orders.invoiceEmailedAt), lte(orders.invoiceEmailedAt, windowStart)),
        ),
      )
      .returning();
    if (!claimed) {
      const [current] = await tx
        .select({ at: orders.invoiceEmailedAt })
        .from(orders)
        .where(eq(orders.id, order.id));
      const emailedAt = current?.at ?? now;
      return { sent: false, emailedAt, message: invoiceMessages.alreadySent(customer.email) };
    }
    const [lines, payment] = await Promise.all([
      tx
        .select()
        .from(orderLineItems)
        .where(eq(orderLineItems.orderId, order.id))
        .orderBy(orderLineItems.id),
      latestPayment(tx, order.id),
    ]);
    await deps.mailer.enqueue(tx, invoiceEmail(claimed, lines, payment, customer, deps.publicUrl));
    return { sent: true, emailedAt: now, message: invoiceMessages.sent(customer.email) };
  });
}
