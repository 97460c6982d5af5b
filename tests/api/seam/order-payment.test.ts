import { describe, expect, it } from 'vitest';
import { loadPayableOrder, payOrder } from '../../../src/api/order-payment';
import { paymentDetails, paymentGateway, saveChosenCard } from '../../../src/api/payments';
import { checkoutCall } from '../../../src/views/checkout-shared/checkout-call';
import { pendingOrder } from '../support/payments';
import { signedUpClient } from '../support/typed-client';
import { submitForm, useTestApp } from '../support/test-app';

const getApp = useTestApp();
const expiry = `12/${String(new Date().getUTCFullYear() + 1).slice(2)}`;

/** A customer with an order of £24.50 waiting for payment and a saved card. */
async function orderToPay(cardNumber: string) {
  const { app, database } = getApp();
  const { client, customerId } = await signedUpClient(app);
  const order = await pendingOrder(database, customerId);
  const gateway = await paymentGateway(client);
  const card = { number: cardNumber, expiry, cvc: '123' };
  const method = await saveChosenCard({ choice: { kind: 'newCard', card }, gateway }, client);
  return { client, orderId: String(order.id), method };
}

describe('src/api/order-payment against the server', () => {
  it('loads the order waiting for payment with the saved methods, and pays it', async () => {
    const { client, orderId, method } = await orderToPay('4242424242424242');

    const loaded = await loadPayableOrder(orderId, client);
    const paid = await payOrder({ orderId, methodId: method.id, attempt: 1 }, client);
    const after = await loadPayableOrder(orderId, client);

    expect(loaded).toEqual({
      order: {
        id: orderId,
        reference: expect.stringMatching(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/),
        state: 'payment_pending',
        deliveryDate: null,
        totalPrice: 24.5,
        storeCredit: 0,
        amountToCharge: 24.5,
        paidAt: null,
        // No payment tried yet: awaiting payment, not a failed one (R9.28).
        paymentFailed: false,
        lines: [],
      },
      methods: [method],
      gateway: { name: 'sandbox' },
    });
    expect(paid).toEqual({ status: 'succeeded' });
    expect(after.order.state).toBe('paid');
    expect(after.order.paidAt).not.toBeNull();
  });

  it("answers 404 for what is not an order id, without asking the server, and for another's order", async () => {
    const { client, orderId } = await orderToPay('4242424242424242');
    const { client: stranger } = await signedUpClient(getApp().app);

    await expect(checkoutCall(() => loadPayableOrder('12abc', client))).rejects.toEqual({
      status: 404,
    });
    await expect(checkoutCall(() => loadPayableOrder(orderId, stranger))).rejects.toMatchObject({
      status: 404,
    });
  });

  it("returns to this order's page from the bank, where the payment reads succeeded", async () => {
    const { client, orderId, method } = await orderToPay('4000002760003184');

    const outcome = await payOrder({ orderId, methodId: method.id, attempt: 1 }, client);
    if (outcome.status !== 'requires_action') throw new Error('expected the bank challenge');
    const actionUrl = new URL(outcome.actionUrl, 'http://localhost');
    const returnUrl = actionUrl.searchParams.get('return_url')!;
    expect(returnUrl).toMatch(new RegExp(`^/payment/${orderId}\\?payment_id=\\d+$`));
    await submitForm(getApp().app, actionUrl.pathname, {
      return_url: returnUrl,
      outcome: 'complete',
    });
    const paymentId = new URL(returnUrl, 'http://localhost').searchParams.get('payment_id')!;

    expect(await paymentDetails(paymentId, client)).toEqual({
      status: 'succeeded',
      orderId,
      amount: 24.5,
      message: null,
    });
  });

  it('fails a hard decline as the page reads it: 402, do not retry this card', async () => {
    const { client, orderId, method } = await orderToPay('4000000000009987');

    await expect(
      checkoutCall(() => payOrder({ orderId, methodId: method.id, attempt: 1 }, client)),
    ).rejects.toMatchObject({
      status: 402,
      code: 'card_declined',
      message: 'Your card was declined. Please use a different card.',
      hardDecline: true,
    });
  });
});
