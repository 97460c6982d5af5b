import { formatPrice } from '../../../domain/money';
import { paymentMethodText } from '../../../domain/order-page';
import type { orderLineItems, orders } from '../../db/schema';
import type { OutgoingEmail } from '../mailer';
import type { PaymentSummary } from './order-payment-summary';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLineItems.$inferSelect;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const money = (pence: number) => formatPrice(pence / 100);

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** Dishes with their extras, as the order page lists them: "2 × Cacio e Pepe (Extra Parmigiano)". */
function lineRows(lines: LineRow[]): [string, string][] {
  return lines
    .filter((line) => line.parentId === null)
    .map((line) => {
      const extras = lines.filter((sub) => sub.parentId === line.id);
      const unit = line.unitPricePence + extras.reduce((sum, sub) => sum + sub.unitPricePence, 0);
      const variant = line.variantTitle ? `, ${line.variantTitle}` : '';
      const withExtras = extras.length ? ` (${extras.map((sub) => sub.title).join(', ')})` : '';
      return [
        `${line.quantity} × ${line.title}${variant}${withExtras}`,
        money(unit * line.quantity),
      ];
    });
}

/**
 * Product rule R9.17: the invoice of a paid order, as the customer asked for it from the order
 * page: who and where it was billed to, its lines with their extras, what made up the total
 * (delivery, voucher, store credit) and how it was paid.
 */
export function invoiceEmail(
  order: OrderRow,
  lines: LineRow[],
  payment: PaymentSummary | null,
  customer: { email: string; firstName: string; lastName: string },
  publicUrl: string,
): OutgoingEmail {
  const billedTo = [
    `${customer.firstName} ${customer.lastName}`,
    ...(order.address
      ? [order.address.address1, order.address.address2, order.address.city, order.address.zip]
      : []),
  ].filter((part): part is string => Boolean(part));
  const totals: [string, string][] = [
    ['Subtotal', money(order.subtotalPence)],
    ...(order.deliveryPence > 0
      ? [['Delivery', money(order.deliveryPence)] as [string, string]]
      : []),
    ...(order.discountPence > 0
      ? [
          [
            order.voucherCode ? `Voucher ${order.voucherCode}` : 'Discount',
            `-${money(order.discountPence)}`,
          ] as [string, string],
        ]
      : []),
    ['Total', money(order.totalPence)],
    ...(order.storeCreditPence > 0
      ? [['Paid with store credit', money(order.storeCreditPence)] as [string, string]]
      : []),
  ];
  const charged = order.totalPence - order.storeCreditPence;
  if (charged > 0) {
    const method = payment
      ? paymentMethodText(payment.methodType, payment.brand, payment.last4)
      : 'Card';
    totals.push([`Paid by ${method}`, money(charged)]);
  }
  const issued = order.paidAt ? longDate.format(order.paidAt) : longDate.format(order.createdAt);
  const link = `${publicUrl}/order/${order.id}`;
  const heading = `Invoice for order ${order.reference}`;
  const text = [
    heading,
    `Date: ${issued}`,
    '',
    'Billed to:',
    ...billedTo,
    '',
    ...lineRows(lines).map(([what, price]) => `${what}: ${price}`),
    '',
    ...totals.map(([what, price]) => `${what}: ${price}`),
    '',
    'Sfoglia',
    `See your order: ${link}`,
  ].join('\n');
  const row = ([what, price]: [string, string]) =>
    `<tr><td>${escapeHtml(what)}</td><td>${escapeHtml(price)}</td></tr>`;
  const html = [
    `<h1>${escapeHtml(heading)}</h1>`,
    `<p>Date: ${escapeHtml(issued)}</p>`,
    `<p>Billed to:<br>${billedTo.map(escapeHtml).join('<br>')}</p>`,
    `<table>${lineRows(lines).map(row).join('')}</table>`,
    `<table>${totals.map(row).join('')}</table>`,
    `<p>Sfoglia · <a href="${escapeHtml(link)}">See your order</a></p>`,
  ].join('');
  return {
    to: customer.email,
    subject: `Your Sfoglia invoice for order ${order.reference}`,
    text,
    html,
  };
}
