import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, sandboxIntents } from '../../server/db/schema';
import { addCard, pendingOrder, signUp } from './support/payments';
import { ApiClient, submitForm, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

async function customerWithCard(cardNumber = '4242424242424242', totalPence = 2450) {
  const browser = client();
  const customerId = await signUp(browser);
  const card = await addCard(browser, cardNumber);
  const order = await pendingOrder(testApp().database, customerId, totalPence);
  return { browser, customerId, card, order };
}

async function orderRow(id: number) {
  const [row] = await testApp().database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function paymentCount(orderId: number, state?: 'succeeded') {
  const [row] = await testApp()
    .database.db.select({ n: count() })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), state ? eq(payments.state, state) : undefined));
  return row!.n;
}

/** The sandbox's payment intents for an order's amount: one per gateway charge. */
async function gatewayCharges(paymentIds: number[]) {
  const rows = await testApp().database.db.select().from(payments);
  const ours = rows.filter((p) => paymentIds.includes(p.id) && p.processorPaymentId);
  const intents = await testApp()
    .database.db.select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.kind, 'payment_intent'));
  return intents.filter((i) => ours.some((p) => p.processorPaymentId === i.id)).length;
}

describe('POST /payments with a saved card', () => {
  it('charges the order total: 201 succeeded, and the order is paid', async () => {
    const { browser, card, order } = await customerWithCard();

    const response = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      type: 'payments',
      attributes: {
        state: 'succeeded',
        order_id: String(order.id),
        amount: 24.5,
        payment_method_id: card.id,
        payment_method_type: 'CreditCard',
        decline_code: null,
        hard_decline: false,
        failure_message: null,
        action_url: null,
      },
    });
    const paid = await orderRow(order.id);
    expect(paid.state).toBe('paid');
    expect(paid.paidAt).toBeInstanceOf(Date);
  });

  it('answers a paid order with its payment (200) and never charges twice', async () => {
    const { browser, card, order } = await customerWithCard();
    const first = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });

    const again = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });

    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await paymentCount(order.id)).toBe(1);
  });

  it.each([
    ['4000000000000002', 'generic_decline', false, 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', false, 'Your card has insufficient funds.'],
    ['4000000000009987', 'lost_card', true, 'Your card was declined. Please use a different card.'],
    [
      '4000000000009979',
      'stolen_card',
      true,
      'Your card was declined. Please use a different card.',
    ],
    [
      '4100000000000019',
      'fraudulent',
      true,
      'Your card was declined. Please use a different card.',
    ],
    [
      '4000000000009961',
      'merchant_blacklist',
      true,
      'Your card was declined. Please use a different card.',
    ],
  ])('card %s is declined: 402 %s (hard: %s)', async (number, declineCode, hard, detail) => {
    const { browser, card, order } = await customerWithCard(number);

    const response = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });

    expect(response.statusCode).toBe(402);
    const [error] = response.json().errors;
    expect(error).toMatchObject({
      status: '402',
      code: 'card_declined',
      detail,
      meta: { decline_code: declineCode, hard_decline: hard },
    });
    expect((await orderRow(order.id)).state).toBe('payment_pending');
    const details = await browser.get(`/payment_details/${error.meta.payment_id}`);
    expect(details.json().data.attributes).toMatchObject({
      state: 'failed',
      decline_code: declineCode,
      hard_decline: hard,
      failure_message: detail,
    });
  });

  it('lets the customer pay with another card after a decline', async () => {
    const { browser, card, order } = await customerWithCard('4000000000009995');
    const declined = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    const good = await addCard(browser, '5555555555554444');

    const paid = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: good.id,
    });

    expect(declined.statusCode).toBe(402);
    expect(paid.statusCode).toBe(201);
    expect((await orderRow(order.id)).state).toBe('paid');
  });
});

describe('3-D Secure', () => {
  it('needs a challenge (202); completing it makes the payment succeed and the order paid', async () => {
    const { browser, card, order } = await customerWithCard('4000002760003184');

    const response = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
      return_url: '/pasta-now-checkout/payment',
    });

    expect(response.statusCode).toBe(202);
    const payment = response.json().data;
    expect(payment.attributes.state).toBe('requires_action');
    const actionUrl = new URL(payment.attributes.action_url, 'http://localhost');
    expect(actionUrl.pathname).toMatch(/^\/sandbox\/challenge\/pi_/);
    const returnUrl = `/pasta-now-checkout/payment?payment_id=${payment.id}`;
    expect(actionUrl.searchParams.get('return_url')).toBe(returnUrl);

    const challenge = await testApp().app.inject({ url: payment.attributes.action_url });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('<h1>3D Secure 2 test page</h1>');
    expect(challenge.body).toContain('£24.50');
    expect(challenge.body).toContain('Complete authentication');
    expect(challenge.body).toContain('Fail authentication');
    const completed = await submitForm(testApp().app, actionUrl.pathname, {
      return_url: returnUrl,
      outcome: 'complete',
    });
    expect(completed.statusCode).toBe(303);
    expect(completed.headers.location).toBe(returnUrl);

    const details = await browser.get(`/payment_details/${payment.id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.attributes).toMatchObject({ state: 'succeeded', action_url: null });
    const paid = await orderRow(order.id);
    expect(paid.state).toBe('paid');
    expect(paid.paidAt).toBeInstanceOf(Date);
  });

  it('a failed challenge fails the payment (authentication_required); the order stays pending', async () => {
    const { browser, card, order } = await customerWithCard('4000002760003184');
    const response = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    const payment = response.json().data;
    const actionUrl = new URL(payment.attributes.action_url, 'http://localhost');

    const failed = await submitForm(testApp().app, actionUrl.pathname, {
      return_url: actionUrl.searchParams.get('return_url')!,
      outcome: 'fail',
    });
    const details = await browser.get(`/payment_details/${payment.id}`);

    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/payment/${order.id}?payment_id=${payment.id}`);
    expect(details.json().data.attributes).toMatchObject({
      state: 'failed',
      decline_code: 'authentication_required',
      hard_decline: false,
    });
    expect((await orderRow(order.id)).state).toBe('payment_pending');
  });

  it('answers the same challenge while it is waiting, instead of charging again', async () => {
    const { browser, card, order } = await customerWithCard('4000002760003184');
    const body = { order_id: String(order.id), payment_method_id: card.id };
    const first = await browser.post('/payments', body);

    const second = await browser.post('/payments', body);

    expect(second.statusCode).toBe(202);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await paymentCount(order.id)).toBe(1);
  });

  it('refuses an off-site return address on the challenge page', async () => {
    const response = await testApp().app.inject({
      url: '/sandbox/challenge/pi_x?return_url=https%3A%2F%2Fevil.example',
    });

    expect(response.statusCode).toBe(400);
  });
});

/** The customer's payment methods as the account and the payment forms list them. */
async function listedMethods(browser: ApiClient) {
  const response = await browser.get('/payment_methods');
  expect(response.statusCode).toBe(200);
  return (response.json().data as { id: string; attributes: { default: boolean } }[]).map(
    (method) => ({ id: method.id, default: method.attributes.default }),
  );
}

describe('a card whose first payment fails is not kept (product rule R11.5)', () => {
  it('a declined card: the 402 says so, and the card is neither listed nor the default', async () => {
    // The declined card is saved first, so it was the default.
    const { browser, card, order } = await customerWithCard('4000000000000002');
    const good = await addCard(browser, '5555555555554444');
    expect(await listedMethods(browser)).toEqual([
      { id: card.id, default: true },
      { id: good.id, default: false },
    ]);

    const declined = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });

    expect(declined.statusCode).toBe(402);
    expect(declined.json().errors[0].meta).toMatchObject({ payment_method_removed: true });
    expect(await listedMethods(browser)).toEqual([{ id: good.id, default: true }]);
    const paid = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: good.id,
    });
    expect(paid.statusCode).toBe(201);
  });

  it('a failed 3-D Secure challenge: the card is neither listed nor the default either', async () => {
    const { browser, card, order } = await customerWithCard('4000002760003184');
    const good = await addCard(browser, '4242424242424242');
    const challenged = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    expect(challenged.statusCode).toBe(202);
    const payment = challenged.json().data;
    const actionUrl = new URL(payment.attributes.action_url, 'http://localhost');

    await submitForm(testApp().app, actionUrl.pathname, {
      return_url: actionUrl.searchParams.get('return_url')!,
      outcome: 'fail',
    });
    // The customer is back from the bank: the payment is read, and found failed.
    const details = await browser.get(`/payment_details/${payment.id}`);

    expect(details.json().data.attributes).toMatchObject({
      state: 'failed',
      decline_code: 'authentication_required',
    });
    expect(await listedMethods(browser)).toEqual([{ id: good.id, default: true }]);
  });

  it('a declined only card leaves no card and no default', async () => {
    const { browser, card, order } = await customerWithCard('4000000000000002');

    await browser.post('/payments', { order_id: String(order.id), payment_method_id: card.id });

    expect(await listedMethods(browser)).toEqual([]);
  });
});

describe('a wallet payment through the sandbox approval page', () => {
  it('redirects to the wallet (202); approving pays the order', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const order = await pendingOrder(testApp().database, customerId, 1200);

    const response = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_type: 'PaypalAccount',
      payment_processor_name: 'sandbox',
    });

    expect(response.statusCode).toBe(202);
    const payment = response.json().data;
    expect(payment.attributes).toMatchObject({
      state: 'requires_action',
      payment_method_type: 'PaypalAccount',
      payment_method_id: null,
    });
    const actionUrl = new URL(payment.attributes.action_url, 'http://localhost');
    expect(actionUrl.pathname).toMatch(/^\/sandbox\/wallet\/pi_/);
    const returnUrl = `/paypal-confirmation?payment_id=${payment.id}`;
    expect(actionUrl.searchParams.get('return_url')).toBe(returnUrl);
    const walletPage = await testApp().app.inject({ url: payment.attributes.action_url });
    expect(walletPage.body).toContain('<h1>Sandbox Wallet</h1>');
    expect(walletPage.body).toContain('£12.00');

    const approved = await submitForm(testApp().app, actionUrl.pathname, {
      return_url: returnUrl,
      decision: 'approve',
    });
    const details = await browser.get(`/payment_details/${payment.id}`);

    expect(approved.headers.location).toBe(`${returnUrl}&redirect_status=succeeded`);
    expect(details.json().data.attributes.state).toBe('succeeded');
    expect((await orderRow(order.id)).state).toBe('paid');
  });

  it('cancelling fails the payment, and the order can be paid later', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const order = await pendingOrder(testApp().database, customerId);
    const body = {
      order_id: String(order.id),
      payment_method_type: 'PaypalAccount',
      payment_processor_name: 'sandbox',
    };
    const payment = (await browser.post('/payments', body)).json().data;
    const actionUrl = new URL(payment.attributes.action_url, 'http://localhost');

    await submitForm(testApp().app, actionUrl.pathname, {
      return_url: actionUrl.searchParams.get('return_url')!,
      decision: 'cancel',
    });
    const details = await browser.get(`/payment_details/${payment.id}`);
    const retry = await browser.post('/payments', body);

    expect(details.json().data.attributes).toMatchObject({
      state: 'failed',
      decline_code: 'wallet_cancelled',
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().data.id).not.toBe(payment.id);
  });
});

describe('idempotency', () => {
  it('the same Idempotency-Key twice answers the same payment', async () => {
    const { browser, card, order } = await customerWithCard('4000000000000002');
    const body = { order_id: String(order.id), payment_method_id: card.id };
    const withKey = () =>
      testApp().app.inject({
        method: 'POST',
        url: '/api/v2/payments',
        payload: body,
        headers: { 'x-branch': 'web', cookie: browser.cookieHeader, 'idempotency-key': 'key-1' },
      });

    const first = await withKey();
    const second = await withKey();

    expect(first.statusCode).toBe(402);
    expect(second.statusCode).toBe(402);
    expect(second.json().errors[0].meta.payment_id).toBe(first.json().errors[0].meta.payment_id);
    expect(await paymentCount(order.id)).toBe(1);
  });

  it.each([
    ['the same key', (i: number) => (i < 0 ? '' : 'same-key')],
    ['different keys', (i: number) => `key-${i}`],
    ['no key', () => ''],
  ])(
    '5 concurrent payments of one order with %s: one succeeded payment, one gateway charge',
    async (_name, keyOf) => {
      const { browser, card, order } = await customerWithCard();
      const body = { order_id: String(order.id), payment_method_id: card.id };

      const answers = await Promise.all(
        [0, 1, 2, 3, 4].map((i) =>
          testApp().app.inject({
            method: 'POST',
            url: '/api/v2/payments',
            payload: body,
            headers: {
              'x-branch': 'web',
              cookie: browser.cookieHeader,
              ...(keyOf(i) ? { 'idempotency-key': keyOf(i) } : {}),
            },
          }),
        ),
      );

      expect(answers.every((a) => [200, 201, 202].includes(a.statusCode))).toBe(true);
      expect(await paymentCount(order.id, 'succeeded')).toBe(1);
      const ids = [...new Set(answers.map((a) => Number(a.json().data.id)))];
      expect(ids).toHaveLength(1);
      expect(await gatewayCharges(ids)).toBe(1);
      expect((await orderRow(order.id)).state).toBe('paid');
    },
  );
});

describe('POST /payments refuses', () => {
  it('without a session: 401', async () => {
    const response = await client().post('/payments', { order_id: '1', payment_method_id: '1' });

    expect(response.statusCode).toBe(401);
  });

  it("another customer's order, or their card: 404, and nothing is written", async () => {
    const owner = await customerWithCard();
    const other = await customerWithCard();

    const foreignOrder = await other.browser.post('/payments', {
      order_id: String(owner.order.id),
      payment_method_id: other.card.id,
    });
    const foreignCard = await other.browser.post('/payments', {
      order_id: String(other.order.id),
      payment_method_id: owner.card.id,
    });

    expect(foreignOrder.statusCode).toBe(404);
    expect(foreignCard.statusCode).toBe(404);
    expect(await paymentCount(owner.order.id)).toBe(0);
    expect(await paymentCount(other.order.id)).toBe(0);
  });

  it('bad input with 400 and nothing written', async () => {
    const { browser, card, order } = await customerWithCard();

    const noMethod = await browser.post('/payments', { order_id: String(order.id) });
    const cardWithoutId = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_type: 'CreditCard',
      payment_processor_name: 'sandbox',
    });
    const walletElsewhere = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_type: 'PaypalAccount',
      payment_processor_name: 'stripe',
    });
    const unknownField = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
      amount: 1,
    });
    const offSite = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
      return_url: '//evil.example',
    });

    for (const response of [noMethod, cardWithoutId, walletElsewhere, unknownField, offSite])
      expect(response.statusCode).toBe(400);
    expect(noMethod.json().errors[0].source.pointer).toBe('/payment_method_id');
    expect(walletElsewhere.json().errors[0].source.pointer).toBe('/payment_processor_name');
    expect(await paymentCount(order.id)).toBe(0);
  });

  it('an order in a state that cannot be paid: 400', async () => {
    const { browser, card, order } = await customerWithCard();
    await testApp()
      .database.db.update(orders)
      .set({ state: 'dropped' })
      .where(eq(orders.id, order.id));

    const response = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'order_not_payable',
      detail: 'This order is dropped and cannot be paid.',
    });
  });
});

describe('GET /payment_details/{id}', () => {
  it("401 without a session, 404 for another customer's payment", async () => {
    const { browser, card, order } = await customerWithCard();
    const paid = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    const other = client();
    await signUp(other);

    const anonymous = await client().get(`/payment_details/${paid.json().data.id}`);
    const foreign = await other.get(`/payment_details/${paid.json().data.id}`);
    const mine = await browser.get(`/payment_details/${paid.json().data.id}`);

    expect(anonymous.statusCode).toBe(401);
    expect(foreign.statusCode).toBe(404);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.attributes.state).toBe('succeeded');
  });
});

describe('GET /settings', () => {
  it('names the sandbox as the payment processor, with no Stripe key', async () => {
    const response = await client().get('/settings');

    expect(response.json().data.attributes).toMatchObject({
      payment_processor: 'sandbox',
      stripe_publishable_key: null,
    });
  });
});
