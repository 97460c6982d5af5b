import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { formatPrice } from '../../../domain/money';
import { orderStatusText } from '../../../domain/order-status';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { customers, orderLineItems, orders } from '../../db/schema';
import { startIntervalJob } from '../interval-job';
import type { Mailer, OutgoingEmail } from '../mailer';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLineItems.$inferSelect;

/** An order paid longer ago than this is no news: its confirmation is not sent late. */
export const CONFIRMATION_WINDOW_MS = 24 * 60 * 60_000;
const BATCH = 50;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Dishes with their extras, as the tracking page lists them. */
function lineTexts(lines: LineRow[]): string[] {
  return lines
    .filter((line) => line.parentId === null)
    .map((line) => {
      const extras = lines.filter((sub) => sub.parentId === line.id);
      const pence =
        (line.unitPricePence + extras.reduce((sum, sub) => sum + sub.unitPricePence, 0)) *
        line.quantity;
      const withExtras = extras.length ? ` (${extras.map((sub) => sub.title).join(', ')})` : '';
      return `${line.quantity} × ${line.title}${withExtras}: ${formatPrice(pence / 100)}`;
    });
}

/** Product rule R9.9: the order confirmation the sign-in step promises, with its reference. */
export function orderConfirmationEmail(
  order: Pick<OrderRow, 'id' | 'reference' | 'type' | 'state' | 'totalPence' | 'deliveryDate'>,
  lines: LineRow[],
  customer: { email: string; firstName: string },
  publicUrl: string,
): OutgoingEmail {
  const takeaway = order.type === 'takeaway';
  const link = takeaway
    ? `${publicUrl}/takeaway/track/${order.id}`
    : `${publicUrl}/account/upcoming-orders`;
  const greeting = `Ciao ${customer.firstName},`;
  const thanks = takeaway
    ? `Thank you for your order ${order.reference}. We have sent it to the kitchen.`
    : `Thank you for your order ${order.reference}. Your box is ordered${
        order.deliveryDate ? ` for ${order.deliveryDate}` : ''
      }.`;
  // Sent for an order placed, before any payment could fail: never 'Payment failed' (R9.28).
  const status = `Status: ${orderStatusText(order.state, false)}`;
  const items = lineTexts(lines);
  const total = `Total paid: ${formatPrice(order.totalPence / 100)}`;
  const follow = takeaway ? 'Follow your order:' : 'See your upcoming boxes:';
  const text = [greeting, '', thanks, status, '', ...items, total, '', follow, link].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(thanks)}<br>${escapeHtml(status)}</p>`,
    items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '',
    `<p><strong>${escapeHtml(total)}</strong></p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(takeaway ? 'Follow your order' : 'See your upcoming boxes')}</a></p>`,
  ].join('');
  return {
    to: customer.email,
    subject: `Your Sfoglia order ${order.reference} is confirmed`,
    text,
    html,
  };
}

/**
 * Queues the confirmation of every order paid since the last run, each exactly once: the order
 * rows are locked (SKIP LOCKED, so instances share the work) and marked in the transaction that
 * writes their email to the outbox, so a crash sends neither and a second run finds nothing.
 * Every way an order gets paid (card, 3-D Secure return, webhook, reconciler, store credit, the
 * billing job) is covered without those paths knowing about email. Answers how many were queued.
 */
export async function queueOrderConfirmations(deps: {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  now: () => Date;
}): Promise<number> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ order: orders, customer: customers })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(
        and(
          isNotNull(orders.paidAt),
          isNull(orders.confirmationEmailedAt),
          gt(orders.paidAt, new Date(at.getTime() - CONFIRMATION_WINDOW_MS)),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true });
    if (due.length === 0) return 0;
    const lines = await tx
      .select()
      .from(orderLineItems)
      .where(
        inArray(
          orderLineItems.orderId,
          due.map(({ order }) => order.id),
        ),
      )
      .orderBy(asc(orderLineItems.id));
    let queued = 0;
    for (const { order, customer } of due) {
      // Claimed first: only the run that marks the order writes its email.
      const [claimed] = await tx
        .update(orders)
        .set({ confirmationEmailedAt: at })
        .where(and(eq(orders.id, order.id), isNull(orders.confirmationEmailedAt)))
        .returning({ id: orders.id });
      if (!claimed) continue;
      await deps.mailer.enqueue(
        tx,
        orderConfirmationEmail(
          order,
          lines.filter((line) => line.orderId === order.id),
          { email: order.customerEmail ?? customer.email, firstName: customer.firstName },
          deps.config.publicUrl,
        ),
      );
      queued += 1;
    }
    return queued;
  });
}

export function startOrderConfirmations(
  deps: Parameters<typeof queueOrderConfirmations>[0],
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  return startIntervalJob(() => queueOrderConfirmations(deps), intervalMs, onError);
}
