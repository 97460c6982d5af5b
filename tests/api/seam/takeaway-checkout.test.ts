import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import { paymentGateway, saveChosenCard } from '../../../src/api/payments';
import {
  confirmTakeawayPayment,
  payTakeawayOrder,
  placeTakeawayOrder,
  saveTakeawayAddress,
  saveTakeawayWallet,
  setupTakeawayWallet,
} from '../../../src/api/takeaway-checkout';
import { checkoutCall } from '../../../src/views/checkout-shared/checkout-call';
import { takeawayBasketWithDish } from '../support/takeaway-baskets';
import { signedUpClient } from '../support/typed-client';
import { submitForm, useTestApp } from '../support/test-app';

const getApp = useTestApp();
const expiry = `12/${String(new Date().getUTCFullYear() + 1).slice(2)}`;

/** A signed-up customer's takeaway order, placed from a delivery basket and waiting for payment. */
async function placedOrder() {
  const { client } = await signedUpClient(getApp().app);
  const basketId = await takeawayBasketWithDish(client);
  await saveTakeawayAddress(
    basketId,
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '07812 345678',
      address1: '12 Devonshire Road',
      address2: '',
      city: 'London',
      zip: 'W4 2HD',
      lat: null,
      lon: null,
    },
    client,
  );
  const order = await placeTakeawayOrder(basketId, client);
  const gateway = await paymentGateway(client);
  return { client, order, gateway };
}

async function savedCard(client: ApiClient, number: string) {
  const gateway = await paymentGateway(client);
  const card = { number, expiry, cvc: '123' };
  return saveChosenCard({ choice: { kind: 'newCard', card }, gateway }, client);
}

describe('src/api/takeaway-checkout against the server', () => {
  it('places the order from the basket and pays it with a saved card', async () => {
    const { client, order, gateway } = await placedOrder();
    expect(order).toEqual({
      id: expect.stringMatching(/^\d+$/),
      // Product rule R9.8: the order's reference for people.
      reference: expect.stringMatching(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/),
      totalPrice: expect.any(Number),
    });
    expect(order.totalPrice).toBeGreaterThan(0);
    const card = await savedCard(client, '4242424242424242');

    const paid = await payTakeawayOrder(
      { order, choice: { kind: 'saved', methodId: card.id }, attempt: 1, gateway },
      client,
    );

    expect(paid).toEqual({ status: 'succeeded', order });
  });

  it("sends a 3-D Secure card to the bank's page, then confirms the payment and its order", async () => {
    const { client, order, gateway } = await placedOrder();
    const card = await savedCard(client, '4000002760003184');

    const outcome = await payTakeawayOrder(
      { order, choice: { kind: 'saved', methodId: card.id }, attempt: 1, gateway },
      client,
    );
    if (outcome.status !== 'requires_action') throw new Error('expected the bank challenge');
    const actionUrl = new URL(outcome.actionUrl, 'http://localhost');
    const returnUrl = actionUrl.searchParams.get('return_url')!;
    expect(returnUrl).toMatch(/^\/pasta-now-checkout\/payment\?payment_id=\d+$/);
    await submitForm(getApp().app, actionUrl.pathname, {
      return_url: returnUrl,
      outcome: 'complete',
    });
    const paymentId = new URL(returnUrl, 'http://localhost').searchParams.get('payment_id')!;

    expect(await confirmTakeawayPayment(paymentId, client)).toEqual({
      status: 'succeeded',
      order,
      message: null,
    });
  });

  it('fails a declined card as the checkout reads it: 402 in the bank words, may retry', async () => {
    const { client, order, gateway } = await placedOrder();
    const card = await savedCard(client, '4000000000009995');

    const paying = checkoutCall(() =>
      payTakeawayOrder(
        { order, choice: { kind: 'saved', methodId: card.id }, attempt: 1, gateway },
        client,
      ),
    );

    await expect(paying).rejects.toMatchObject({
      status: 402,
      message: 'Your card has insufficient funds.',
      hardDecline: false,
    });
  });

  it('sets up the wallet on its page, then saves it, or not when cancelled there', async () => {
    const { client, order, gateway } = await placedOrder();

    const { actionUrl } = await setupTakeawayWallet({ order, gateway }, client);
    const page = new URL(actionUrl, 'http://localhost');
    const setupIntentId = page.pathname.split('/').at(-1)!;
    expect(page.searchParams.get('return_url')).toBe(
      `/paypal-setup-confirmation?order_id=${order.id}`,
    );
    const cancelled = await saveTakeawayWallet(
      { setupIntentId, orderId: order.id, cancelled: true },
      client,
    );
    await submitForm(getApp().app, page.pathname, {
      return_url: page.searchParams.get('return_url')!,
      decision: 'approve',
    });
    const saved = await saveTakeawayWallet(
      { setupIntentId, orderId: order.id, cancelled: false },
      client,
    );

    expect(cancelled).toEqual({ order, method: null, cancelled: true });
    expect(saved).toEqual({
      order,
      method: {
        id: expect.stringMatching(/^\d+$/),
        type: 'PaypalAccount',
        brand: null,
        last4: null,
        email: 'sandbox-buyer@example.com',
        isDefault: true,
      },
      cancelled: false,
    });
  });

  it("pays by the wallet's own page: the customer leaves to approve it", async () => {
    const { client, order, gateway } = await placedOrder();

    const outcome = await payTakeawayOrder(
      { order, choice: { kind: 'wallet' }, attempt: 1, gateway },
      client,
    );

    expect(outcome).toEqual({
      status: 'requires_action',
      actionUrl: expect.stringMatching(/^\/sandbox\//),
    });
  });
});
