import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceMessages } from '../../../domain/order-page';
import { fetchOrderPage, giveOrderFeedback, sendOrderInvoice } from '../../../src/api/order-page';
import { isApiRequestError } from '../../../src/api/api-error';
import { orders } from '../../../server/db/schema';
import { pendingOrder } from '../support/payments';
import { signedUpClient } from '../support/typed-client';
import { useTestApp } from '../support/test-app';

const getApp = useTestApp();

/** A customer's order of £24.50, moved to `state` (paid unless payment failed). */
async function orderIn(state: string) {
  const { app, database } = getApp();
  const signedUp = await signedUpClient(app);
  const order = await pendingOrder(database, signedUp.customerId);
  await database.db
    .update(orders)
    .set({ state, paidAt: state === 'payment_pending' ? null : new Date() })
    .where(eq(orders.id, order.id));
  return { ...signedUp, orderId: String(order.id) };
}

describe('src/api/order-page against the server', () => {
  it('loads an order with its details, gives feedback and asks for the invoice', async () => {
    const { client, orderId } = await orderIn('collected');

    const before = await fetchOrderPage(orderId, client);
    const feedback = await giveOrderFeedback(
      { orderId, npsRating: 10, reason: 'Lovely', notes: null },
      client,
    );
    const invoice = await sendOrderInvoice(orderId, client);
    const after = await fetchOrderPage(orderId, client);

    expect(before.order.id).toBe(orderId);
    expect(before.lines).toEqual([]);
    expect(before.detail).toEqual({ payment: null, feedback: null, invoiceEmailedAt: null });
    expect(feedback).toMatchObject({ orderId, npsRating: 10, reason: 'Lovely', notes: null });
    expect(invoice.sent).toBe(true);
    expect(invoice.message).toBe(invoiceMessages.sent(invoice.email));
    expect(after.detail.feedback).toEqual(feedback);
    expect(after.detail.invoiceEmailedAt).toBe(invoice.emailedAt);
  });

  it("rejects with the server's status and message: another's order, an unpaid invoice", async () => {
    const { client, orderId } = await orderIn('payment_pending');
    const { client: stranger } = await signedUpClient(getApp().app);

    const notFound = await fetchOrderPage(orderId, stranger).catch((error: unknown) => error);
    const notPaid = await sendOrderInvoice(orderId, client).catch((error: unknown) => error);

    expect(isApiRequestError(notFound) && notFound.status).toBe(404);
    expect(isApiRequestError(notPaid) && notPaid.serverMessage).toBe(invoiceMessages.notPaid);
  });
});
