import { describe, expect, it } from 'vitest';
import {
  createPayment,
  paymentAttemptKey,
  paymentDetails,
  paymentGateway,
  paymentOptions,
  saveChosenCard,
  saveNewCard,
} from '../../../src/api/payments';
import { checkoutCall } from '../../../src/views/checkout-shared/checkout-call';
import { pendingOrder } from '../support/payments';
import { signedUpClient } from '../support/typed-client';
import { useTestApp } from '../support/test-app';

const getApp = useTestApp();
const expiry = `12/${String(new Date().getUTCFullYear() + 1).slice(2)}`;

describe('src/api/payments against the server', () => {
  it('offers the sandbox gateway and the cards saved through its form', async () => {
    const { client } = await signedUpClient(getApp().app);
    const gateway = await paymentGateway(client);
    expect(gateway).toEqual({ name: 'sandbox' });
    expect(await paymentOptions(client)).toEqual({ methods: [], gateway });

    const card = await saveNewCard(
      { number: '4242-4242-4242-4242', expiry, cvc: ' 123 ' },
      gateway,
      client,
    );

    expect(card).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: 'CreditCard',
      brand: 'visa',
      last4: '4242',
      email: null,
      isDefault: true,
    });
    expect(await paymentOptions(client)).toEqual({ methods: [card], gateway });
  });

  it("fails a mistyped card on the field the gateway blames, in the gateway's words", async () => {
    const { client } = await signedUpClient(getApp().app);
    const gateway = await paymentGateway(client);
    const card = { number: '4242424242424241', expiry, cvc: '123' };

    await expect(
      checkoutCall(() => saveChosenCard({ choice: { kind: 'newCard', card }, gateway }, client)),
    ).rejects.toMatchObject({
      status: 400,
      field: 'cardNumber',
      message: 'Your card number is incorrect.',
    });
    await expect(
      checkoutCall(() => saveChosenCard({ choice: { kind: 'saved' }, gateway }, client)),
    ).rejects.toEqual({ status: 0 });
  });

  it('repeats a retried attempt under its key, and a new attempt makes a new payment', async () => {
    const { app, database } = getApp();
    const { client, customerId } = await signedUpClient(app);
    const gateway = await paymentGateway(client);
    const card = await saveNewCard(
      { number: '4242424242424242', expiry, cvc: '123' },
      gateway,
      client,
    );
    const orderId = String((await pendingOrder(database, customerId)).id);
    const body = { order_id: orderId, payment_method_id: card.id };
    const key = paymentAttemptKey('test', orderId, card.id, 1);

    const first = await createPayment(body, key, client);
    const retried = await createPayment(body, key, client);

    expect(key).toMatch(new RegExp(`^test-${orderId}-[0-9a-f-]{36}-${card.id}-1$`));
    expect(first).toMatchObject({ state: 'succeeded', order_id: orderId, amount: 24.5 });
    expect(retried).toEqual(first);
    expect(paymentAttemptKey('test', orderId, card.id, 2)).not.toBe(key);
  });

  it('reads a payment back: succeeded, for its order, with its amount', async () => {
    const { app, database } = getApp();
    const { client, customerId } = await signedUpClient(app);
    const gateway = await paymentGateway(client);
    const card = await saveNewCard(
      { number: '4242424242424242', expiry, cvc: '123' },
      gateway,
      client,
    );
    const orderId = String((await pendingOrder(database, customerId)).id);
    const created = await client.POST('/payments', {
      body: { order_id: orderId, payment_method_id: card.id },
    });
    if (!created.data) throw new Error(`payment failed: ${created.response.status}`);
    const paymentId = created.data.data.id;

    expect(await paymentDetails(paymentId, client)).toEqual({
      status: 'succeeded',
      orderId,
      amount: 24.5,
      message: null,
    });
  });
});
