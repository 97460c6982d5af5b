import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../server/db/schema';
import { STRIPE_WEBHOOK_PATH } from '../../server/routes/webhooks/stripe-webhook';
import { StripeGateway } from '../../server/services/payments/stripe-gateway';
import { pendingOrder, signUp } from './support/payments';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in';
import { ApiClient, useTestApp } from './support/test-app';

const WEBHOOK_SECRET = 'whsec_test_sfoglia';
let standIn: StripeStandIn;
const env: NodeJS.ProcessEnv = {
  STRIPE_SECRET_KEY: 'sk_test_sfoglia',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_sfoglia',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  PUBLIC_URL: 'https://sfoglia.example',
};
// Registered before the app's own hook, so the app starts pointed at the stand-in.
beforeAll(async () => {
  standIn = await startStripeStandIn();
  env.STRIPE_API_BASE = standIn.url;
});
afterAll(() => standIn.close());
const testApp = useTestApp({ env });
const client = () => new ApiClient(testApp().app);
const stripe = new Stripe('sk_test_sfoglia');

const customer = { id: 7, email: 'ada@example.com', name: 'Ada Lovelace' };
const gateway = () =>
  new StripeGateway({
    secretKey: 'sk_test_sfoglia',
    apiBase: standIn.url,
    publicUrl: 'https://sfoglia.example',
  });

async function savedStripeCard(browser: ApiClient, paymentMethod: string) {
  const setup = await browser.post('/payment_methods/setup', {
    type: 'CreditCard',
    payment_processor_name: 'stripe',
  });
  const seti = setup.json().data.id as string;
  standIn.confirmSetupIntent(seti, paymentMethod);
  const saved = await browser.post('/payment_methods', {
    setup_intent_id: seti,
    payment_processor_name: 'stripe',
    type: 'CreditCard',
  });
  return saved.json().data as { id: string; attributes: Record<string, unknown> };
}

function sendEvent(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return testApp().app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

const paymentIntentEvent = (eventId: string, type: string, object: Record<string, unknown>) => ({
  id: eventId,
  object: 'event',
  type,
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  data: { object: { object: 'payment_intent', ...object } },
});

describe('the Stripe gateway against a local stand-in', () => {
  it('creates a card setup intent for a Stripe customer it creates once', async () => {
    const first = await gateway().createSetupIntent({
      customer,
      type: 'CreditCard',
      returnUrl: '/x',
    });
    await gateway().createSetupIntent({ customer, type: 'CreditCard', returnUrl: '/x' });

    expect(first).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodType: 'CreditCard',
      customerId: 7,
      actionUrl: null,
    });
    expect(first.id).toMatch(/^seti_/);
    expect(
      standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers'),
    ).toHaveLength(1);
  });

  it('reads the card of a confirmed setup intent', async () => {
    const intent = await gateway().createSetupIntent({
      customer,
      type: 'CreditCard',
      returnUrl: '/x',
    });
    standIn.confirmSetupIntent(intent.id, 'pm_card_visa');

    const retrieved = await gateway().retrieveSetupIntent(intent.id);

    expect(retrieved).toMatchObject({
      status: 'succeeded',
      paymentMethod: { type: 'CreditCard', brand: 'visa', last4: '4242' },
    });
    expect(await gateway().retrieveSetupIntent('seti_unknown')).toBeUndefined();
  });

  it('charges in GBP pence with the idempotency key and an absolute return URL', async () => {
    const outcome = await gateway().charge({
      customer,
      paymentMethodId: 'pm_card_visa',
      amountPence: 2450,
      idempotencyKey: 'order-1-pm-1-0',
      returnUrl: '/payment/1?payment_id=1',
    });

    expect(outcome.status).toBe('succeeded');
    const request = standIn.requests.findLast((r) => r.path === '/v1/payment_intents')!;
    expect(request.idempotencyKey).toBe('order-1-pm-1-0');
    expect(request.body).toMatchObject({
      amount: '2450',
      currency: 'gbp',
      confirm: 'true',
      return_url: 'https://sfoglia.example/payment/1?payment_id=1',
    });
  });

  it('turns a 402 card error into a failed outcome with the decline code', async () => {
    const outcome = await gateway().charge({
      customer,
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
      amountPence: 1000,
      idempotencyKey: 'declined-1',
      returnUrl: '/x',
    });

    expect(outcome).toMatchObject({
      status: 'failed',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('answers requires_action with the redirect URL, then the final state on retrieve', async () => {
    const outcome = await gateway().charge({
      customer,
      paymentMethodId: 'pm_card_authenticationRequired',
      amountPence: 1000,
      idempotencyKey: '3ds-1',
      returnUrl: '/x',
    });
    if (outcome.status !== 'requires_action') throw new Error(`unexpected ${outcome.status}`);
    expect(outcome.actionUrl).toBe(`https://hooks.stripe.test/3ds/${outcome.id}`);
    standIn.completePaymentIntent(outcome.id);

    expect(await gateway().retrievePayment(outcome.id)).toEqual({
      status: 'succeeded',
      id: outcome.id,
    });
  });

  it('starts a wallet payment by redirect', async () => {
    const outcome = await gateway().startWalletPayment({
      customer,
      amountPence: 1200,
      idempotencyKey: 'wallet-1',
      returnUrl: '/paypal-confirmation?payment_id=9',
    });

    expect(outcome.status).toBe('requires_action');
    const request = standIn.requests.findLast((r) => r.path === '/v1/payment_intents')!;
    expect(request.body).toMatchObject({
      allowed_payment_method_types: { '0': 'paypal' },
      payment_method_data: { type: 'paypal' },
    });
  });
});

describe('the Stripe gateway for the payment reconciler', () => {
  it('finds a charge whose answer was never recorded by its idempotency key (metadata)', async () => {
    const since = new Date(Date.now() - 1000);
    const charged = await gateway().charge({
      customer,
      paymentMethodId: 'pm_card_visa',
      amountPence: 2450,
      idempotencyKey: 'crash-after-charge-1',
      returnUrl: '/x',
    });
    const declined = await gateway().charge({
      customer,
      paymentMethodId: 'pm_card_chargeDeclined',
      amountPence: 2450,
      idempotencyKey: 'crash-after-charge-2',
      returnUrl: '/x',
    });
    const lookup = (idempotencyKey: string) =>
      gateway().retrieve({ id: null, idempotencyKey, customer, createdAt: since });

    expect(await lookup('crash-after-charge-1')).toEqual({ status: 'succeeded', id: charged.id });
    expect(await lookup('crash-after-charge-2')).toMatchObject({
      status: 'failed',
      id: declined.id,
      declineCode: 'generic_decline',
    });
    expect(await lookup('never-sent')).toBeNull();
    // A customer Stripe has never seen was never charged (and is not created by the lookup).
    const before = standIn.requests.filter((r) => r.method === 'POST').length;
    expect(
      await gateway().retrieve({
        id: null,
        idempotencyKey: 'x',
        customer: { id: 999, email: 'nobody@example.com', name: 'No One' },
        createdAt: since,
      }),
    ).toBeNull();
    expect(standIn.requests.filter((r) => r.method === 'POST').length).toBe(before);
  });

  it('cancels an abandoned 3-D Secure intent: failed payment_abandoned', async () => {
    const waiting = await gateway().charge({
      customer,
      paymentMethodId: 'pm_card_authenticationRequired',
      amountPence: 1000,
      idempotencyKey: 'abandoned-1',
      returnUrl: '/x',
    });

    expect(await gateway().cancel(waiting.id!)).toMatchObject({
      status: 'failed',
      id: waiting.id,
      declineCode: 'payment_abandoned',
    });
    expect(standIn.paymentIntents.get(waiting.id!)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
  });

  it('a challenge completed before the cancel keeps its success', async () => {
    const waiting = await gateway().charge({
      customer,
      paymentMethodId: 'pm_card_authenticationRequired',
      amountPence: 1000,
      idempotencyKey: 'completed-1',
      returnUrl: '/x',
    });
    standIn.completePaymentIntent(waiting.id!);

    expect(await gateway().cancel(waiting.id!)).toEqual({ status: 'succeeded', id: waiting.id });
  });
});

describe('the app with Stripe configured', () => {
  it('tells the browser to use Stripe, with the publishable key', async () => {
    const response = await client().get('/settings');

    expect(response.json().data.attributes).toMatchObject({
      payment_processor: 'stripe',
      stripe_publishable_key: 'pk_test_sfoglia',
    });
  });

  it('serves no sandbox confirm call or sandbox pages', async () => {
    const browser = client();
    await signUp(browser);

    const confirm = await browser.post('/sandbox/setup_intents/seti_x/confirm', {
      client_secret: 'x',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2040,
      cvc: '123',
    });
    const page = await testApp().app.inject({ url: '/sandbox/challenge/pi_x?return_url=%2F' });

    expect(confirm.statusCode).toBe(404);
    expect(page.statusCode).toBe(404);
  });

  it('saves a card confirmed with Stripe and pays an order with it, charging once', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const card = await savedStripeCard(browser, 'pm_card_visa');
    const order = await pendingOrder(testApp().database, customerId);
    const chargesBefore = standIn.charges.length;

    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        browser.post('/payments', { order_id: String(order.id), payment_method_id: card.id }),
      ),
    );

    expect(card.attributes).toMatchObject({
      payment_processor_name: 'stripe',
      brand: 'visa',
      last4: '4242',
      default: true,
    });
    // One request charges (201); the others answer that payment, in flight (202) or done (200).
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.every((a) => [200, 201, 202].includes(a.statusCode))).toBe(true);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(standIn.charges.length - chargesBefore).toBe(1);
    const [row] = await testApp().database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.state).toBe('paid');
  });

  it('answers a declined Stripe charge with 402 and the hard flag', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const card = await savedStripeCard(browser, 'pm_card_chargeDeclinedStolenCard');
    const order = await pendingOrder(testApp().database, customerId);

    const response = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });

    expect(response.statusCode).toBe(402);
    expect(response.json().errors[0].meta).toMatchObject({
      decline_code: 'stolen_card',
      hard_decline: true,
    });
  });

  it('answers 502 when Stripe is down, and a retry with the same key then pays once', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const card = await savedStripeCard(browser, 'pm_card_visa');
    const order = await pendingOrder(testApp().database, customerId);
    const body = { order_id: String(order.id), payment_method_id: card.id };

    standIn.failAll = true;
    const down = await browser.post('/payments', body).finally(() => (standIn.failAll = false));
    const retry = await browser.post('/payments', body);

    expect(down.statusCode).toBe(502);
    expect(down.json().errors[0].detail).toBe(
      "We couldn't reach our payment provider. Please try again.",
    );
    expect(retry.statusCode).toBe(201);
  });
});

describe('POST /webhooks/stripe', () => {
  async function waitingPayment() {
    const browser = client();
    const customerId = await signUp(browser);
    const card = await savedStripeCard(browser, 'pm_card_authenticationRequired');
    const order = await pendingOrder(testApp().database, customerId);
    const response = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    expect(response.statusCode).toBe(202);
    const [payment] = await testApp()
      .database.db.select()
      .from(payments)
      .where(eq(payments.id, Number(response.json().data.id)));
    return { payment: payment!, order, browser };
  }

  it('payment_intent.succeeded pays the order; a duplicate event is acknowledged and ignored', async () => {
    const { payment, order } = await waitingPayment();
    const event = paymentIntentEvent('evt_succeeded_1', 'payment_intent.succeeded', {
      id: payment.processorPaymentId,
      status: 'succeeded',
    });

    const first = await sendEvent(event);
    const duplicate = await sendEvent(event);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.json()).toEqual({ received: true, duplicate: true });
    const [paid] = await testApp().database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.state).toBe('paid');
    const [row] = await testApp()
      .database.db.select()
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(row!.state).toBe('succeeded');
  });

  it('payment_intent.payment_failed fails the payment; the order stays payment_pending', async () => {
    const { payment, order, browser } = await waitingPayment();

    const response = await sendEvent(
      paymentIntentEvent('evt_failed_1', 'payment_intent.payment_failed', {
        id: payment.processorPaymentId,
        status: 'requires_payment_method',
        last_payment_error: {
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method.',
        },
      }),
    );
    const details = await browser.get(`/payment_details/${payment.id}`);

    expect(response.statusCode).toBe(200);
    expect(details.json().data.attributes).toMatchObject({
      state: 'failed',
      decline_code: 'payment_intent_authentication_failure',
    });
    const [row] = await testApp().database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.state).toBe('payment_pending');
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { payment } = await waitingPayment();

    const response = await sendEvent(
      paymentIntentEvent('evt_forged', 'payment_intent.succeeded', {
        id: payment.processorPaymentId,
      }),
      'whsec_wrong',
    );
    const unsigned = await testApp().app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('invalid_signature');
    expect(unsigned.statusCode).toBe(400);
    const [row] = await testApp()
      .database.db.select()
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(row!.state).toBe('requires_action');
  });

  it('needs no X-Branch header (Stripe calls it) but the rest of the API still does', async () => {
    const response = await sendEvent(
      paymentIntentEvent('evt_other', 'charge.refunded', { id: 'x' }),
    );

    expect(response.statusCode).toBe(200);
  });
});
