import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMethods, sandboxIntents, subscriptions } from '../../server/db/schema';
import { addCard, nextYear, signUp } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

async function cardSetup(browser: ApiClient) {
  const setup = await browser.post('/payment_methods/setup', {
    type: 'CreditCard',
    payment_processor_name: 'sandbox',
  });
  return setup.json().data as { id: string; attributes: { client_secret: string } };
}

const card = (secret: string, overrides: Record<string, unknown> = {}) => ({
  client_secret: secret,
  card_number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: nextYear,
  cvc: '123',
  ...overrides,
});

async function methodCount(customerId: number) {
  const [row] = await testApp()
    .database.db.select({ n: count() })
    .from(paymentMethods)
    .where(eq(paymentMethods.customerId, customerId));
  return row!.n;
}

describe('payment methods need a signed-in customer', () => {
  it.each([
    ['GET', '/payment_methods'],
    ['POST', '/payment_methods/setup'],
    ['POST', '/payment_methods'],
    ['POST', '/payment_methods/1/default'],
    ['DELETE', '/payment_methods/1'],
    ['POST', '/sandbox/setup_intents/seti_x/confirm'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const body =
      method === 'GET' || method === 'DELETE'
        ? undefined
        : url.includes('confirm')
          ? card('x')
          : url.endsWith('setup')
            ? { type: 'CreditCard', payment_processor_name: 'sandbox' }
            : url.endsWith('default')
              ? {}
              : {
                  setup_intent_id: 'seti_x',
                  payment_processor_name: 'sandbox',
                  type: 'CreditCard',
                };

    const response = await client().call(method, url, body);

    expect(response.statusCode).toBe(401);
  });
});

describe('POST /payment_methods/setup', () => {
  it('starts a card setup: a seti_ setup intent with a client secret and no action page', async () => {
    const browser = client();
    await signUp(browser);

    const response = await browser.post('/payment_methods/setup', {
      type: 'CreditCard',
      payment_processor_name: 'sandbox',
    });

    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.type).toBe('setup_intents');
    expect(data.id).toMatch(/^seti_/);
    expect(data.attributes).toMatchObject({
      status: 'requires_payment_method',
      payment_method_type: 'CreditCard',
      action_url: null,
    });
    expect(data.attributes.client_secret).toMatch(new RegExp(`^${data.id}_secret_`));
  });

  it('refuses a processor that is not configured, and an off-site return URL', async () => {
    const browser = client();
    await signUp(browser);

    const stripe = await browser.post('/payment_methods/setup', {
      type: 'CreditCard',
      payment_processor_name: 'stripe',
    });
    const offSite = await browser.post('/payment_methods/setup', {
      type: 'PaypalAccount',
      payment_processor_name: 'sandbox',
      return_url: '//evil.example/steal',
    });

    expect(stripe.statusCode).toBe(400);
    expect(stripe.json().errors[0].source.pointer).toBe('/payment_processor_name');
    expect(offSite.statusCode).toBe(400);
    expect(offSite.json().errors[0].source.pointer).toBe('/return_url');
  });
});

describe('POST /sandbox/setup_intents/{id}/confirm', () => {
  it('confirms a test card: the setup intent succeeds', async () => {
    const browser = client();
    await signUp(browser);
    const setup = await cardSetup(browser);

    const response = await browser.post(
      `/sandbox/setup_intents/${setup.id}/confirm`,
      card(setup.attributes.client_secret),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: setup.id,
      attributes: { status: 'succeeded' },
    });
  });

  it.each([
    [{ card_number: '4242424242424241' }, 'Your card number is incorrect.', '/card_number'],
    [{ card_number: '42424242' }, 'Your card number is incorrect.', '/card_number'],
    [
      { exp_month: 1, exp_year: new Date().getUTCFullYear() - 1 },
      "Your card's expiration date is in the past.",
      '/exp_year',
    ],
    [{ cvc: '12' }, "Your card's security code is incomplete.", '/cvc'],
    [{ cvc: '12a' }, "Your card's security code is incomplete.", '/cvc'],
  ])('refuses %o with "%s" and writes nothing', async (overrides, message, pointer) => {
    const browser = client();
    await signUp(browser);
    const setup = await cardSetup(browser);

    const response = await browser.post(
      `/sandbox/setup_intents/${setup.id}/confirm`,
      card(setup.attributes.client_secret, overrides),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ detail: message, source: { pointer } });
    const [intent] = await testApp()
      .database.db.select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, setup.id));
    expect(intent!.status).toBe('requires_payment_method');
  });

  it("answers 404 for another customer's setup intent and 400 for a wrong client secret", async () => {
    const owner = client();
    await signUp(owner);
    const setup = await cardSetup(owner);
    const other = client();
    await signUp(other);

    const foreign = await other.post(
      `/sandbox/setup_intents/${setup.id}/confirm`,
      card(setup.attributes.client_secret),
    );
    const wrongSecret = await owner.post(
      `/sandbox/setup_intents/${setup.id}/confirm`,
      card('seti_nope_secret_nope'),
    );

    expect(foreign.statusCode).toBe(404);
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().errors[0].source.pointer).toBe('/client_secret');
  });
});

describe('POST /payment_methods', () => {
  it("saves the card of a succeeded setup; the customer's first method is the default", async () => {
    const browser = client();
    await signUp(browser);

    const first = await addCard(browser, '4242424242424242');
    const second = await addCard(browser, '5555555555554444');

    expect(first.attributes).toEqual({
      payment_method_type: 'CreditCard',
      default: true,
      last4: '4242',
      brand: 'visa',
      exp_month: 12,
      exp_year: nextYear,
      email: null,
      payment_processor_name: 'sandbox',
    });
    expect(second.attributes).toMatchObject({ default: false, last4: '4444', brand: 'mastercard' });
    const list = await browser.get('/payment_methods');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((m: { id: string }) => m.id)).toEqual([first.id, second.id]);
  });

  it('is idempotent per setup intent, also under concurrent calls', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const setup = await cardSetup(browser);
    await browser.post(
      `/sandbox/setup_intents/${setup.id}/confirm`,
      card(setup.attributes.client_secret),
    );
    const body = {
      setup_intent_id: setup.id,
      payment_processor_name: 'sandbox',
      type: 'CreditCard',
    };

    const answers = await Promise.all([
      browser.post('/payment_methods', body),
      browser.post('/payment_methods', body),
      browser.post('/payment_methods', body),
    ]);

    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(await methodCount(customerId)).toBe(1);
  });

  it('refuses a setup intent that has not succeeded, or is not the customer', async () => {
    const owner = client();
    const ownerId = await signUp(owner);
    const setup = await cardSetup(owner);
    const body = {
      setup_intent_id: setup.id,
      payment_processor_name: 'sandbox',
      type: 'CreditCard',
    };
    const other = client();
    await signUp(other);
    await owner.post(
      `/sandbox/setup_intents/${setup.id}/confirm`,
      card(setup.attributes.client_secret),
    );
    const pending = await cardSetup(owner);

    const incomplete = await owner.post('/payment_methods', {
      ...body,
      setup_intent_id: pending.id,
    });
    const foreign = await other.post('/payment_methods', body);
    const notSeti = await owner.post('/payment_methods', { ...body, setup_intent_id: 'pm_123' });
    const unknown = await owner.post('/payment_methods', {
      ...body,
      setup_intent_id: 'seti_unknown',
    });

    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors[0]).toMatchObject({
      code: 'setup_intent_incomplete',
      detail: 'This payment method setup has not succeeded yet. Confirm it, then try again.',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].code).toBe('setup_intent_not_found');
    expect(notSeti.statusCode).toBe(400);
    expect(notSeti.json().errors[0].source.pointer).toBe('/setup_intent_id');
    expect(unknown.statusCode).toBe(400);
    expect(await methodCount(ownerId)).toBe(0);
  });

  it('refuses bad input from the contract (missing fields, unknown type) with 400', async () => {
    const browser = client();
    await signUp(browser);

    const missing = await browser.post('/payment_methods', { payment_processor_name: 'sandbox' });
    const badType = await browser.post('/payment_methods', {
      setup_intent_id: 'seti_x',
      payment_processor_name: 'sandbox',
      type: 'Cash',
    });

    expect(missing.statusCode).toBe(400);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0].source.pointer).toBe('/type');
  });
});

describe('a wallet setup through the sandbox approval page', () => {
  it('approves: back to the return path with the setup intent, and the wallet can be saved', async () => {
    const browser = client();
    await signUp(browser);
    const setup = await browser.post('/payment_methods/setup', {
      type: 'PaypalAccount',
      payment_processor_name: 'sandbox',
    });
    const intent = setup.json().data;
    expect(intent.attributes.action_url).toBe(
      `/sandbox/wallet/${intent.id}?return_url=%2Fpaypal-setup-confirmation`,
    );

    const pageResponse = await testApp().app.inject({ url: intent.attributes.action_url });
    expect(pageResponse.statusCode).toBe(200);
    expect(pageResponse.body).toContain('<h1>Sandbox Wallet</h1>');
    expect(pageResponse.body).toContain('sandbox-buyer@example.com');
    const approve = await testApp().app.inject({
      method: 'POST',
      url: `/sandbox/wallet/${intent.id}`,
      payload: 'return_url=%2Fpaypal-setup-confirmation&decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(
      `/paypal-setup-confirmation?setup_intent=${intent.id}&redirect_status=succeeded`,
    );

    const saved = await browser.post('/payment_methods', {
      setup_intent_id: intent.id,
      payment_processor_name: 'sandbox',
      type: 'PaypalAccount',
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data.attributes).toMatchObject({
      payment_method_type: 'PaypalAccount',
      email: 'sandbox-buyer@example.com',
      last4: null,
      default: true,
    });
  });

  it('cancels: back with redirect_status=failed, and nothing can be saved', async () => {
    const browser = client();
    await signUp(browser);
    const setup = await browser.post('/payment_methods/setup', {
      type: 'PaypalAccount',
      payment_processor_name: 'sandbox',
      return_url: '/paypal-setup-confirmation?from=account',
    });
    const intent = setup.json().data;

    const cancel = await testApp().app.inject({
      method: 'POST',
      url: `/sandbox/wallet/${intent.id}`,
      payload: 'return_url=%2Fpaypal-setup-confirmation%3Ffrom%3Daccount&decision=cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const saved = await browser.post('/payment_methods', {
      setup_intent_id: intent.id,
      payment_processor_name: 'sandbox',
      type: 'PaypalAccount',
    });

    expect(cancel.headers.location).toBe(
      `/paypal-setup-confirmation?from=account&setup_intent=${intent.id}&redirect_status=failed`,
    );
    expect(saved.statusCode).toBe(400);
  });

  it('refuses an off-site return address on the page', async () => {
    const response = await testApp().app.inject({
      url: '/sandbox/wallet/seti_x?return_url=%2F%2Fevil.example',
    });

    expect(response.statusCode).toBe(400);
  });
});

describe('POST /payment_methods/{id}/default and DELETE /payment_methods/{id}', () => {
  it('makes another method the default and answers the whole list', async () => {
    const browser = client();
    await signUp(browser);
    const first = await addCard(browser);
    const second = await addCard(browser, '5555555555554444');

    const response = await browser.post(`/payment_methods/${second.id}/default`);

    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.map((m: { id: string; attributes: { default: boolean } }) => [
          m.id,
          m.attributes.default,
        ]),
    ).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('lists the default first, then the others oldest first (the contract of GET /payment_methods)', async () => {
    const browser = client();
    await signUp(browser);
    const first = await addCard(browser);
    const second = await addCard(browser, '5555555555554444');
    const third = await addCard(browser, '4000056655665556');
    const listed = async () =>
      ((await browser.get('/payment_methods')).json().data as { id: string }[]).map((m) => m.id);

    const before = await listed();
    await browser.post(`/payment_methods/${third.id}/default`);
    const after = await listed();

    expect(before).toEqual([first.id, second.id, third.id]);
    expect(after).toEqual([third.id, first.id, second.id]);
  });

  it('keeps the default while others exist (product rule R11.4), removes the others and then it', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const first = await addCard(browser);
    const second = await addCard(browser, '5555555555554444');

    const refused = await browser.delete(`/payment_methods/${first.id}`);
    const removedOther = await browser.delete(`/payment_methods/${second.id}`);
    const removedLast = await browser.delete(`/payment_methods/${first.id}`);

    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'default_payment_method',
      detail:
        'You cannot remove your default payment method while you have others. Make another one the default first.',
    });
    expect(removedOther.statusCode).toBe(204);
    expect(removedLast.statusCode).toBe(204);
    expect(await methodCount(customerId)).toBe(0);
  });

  it("answers 404 for another customer's method and changes nothing", async () => {
    const owner = client();
    const ownerId = await signUp(owner);
    const method = await addCard(owner);
    const other = client();
    await signUp(other);

    const setDefault = await other.post(`/payment_methods/${method.id}/default`);
    const remove = await other.delete(`/payment_methods/${method.id}`);
    const nonsense = await other.delete('/payment_methods/abc');

    // Not an id at all: the contract refuses it before any lookup.
    expect([setDefault.statusCode, remove.statusCode, nonsense.statusCode]).toEqual([
      404, 404, 400,
    ]);
    expect(await methodCount(ownerId)).toBe(1);
  });
});

async function planPaidWith(
  customerId: number,
  methodId: string,
  state: 'active' | 'paused' | 'cancelled' = 'active',
) {
  const [plan] = await testApp()
    .database.db.insert(subscriptions)
    .values({
      customerId,
      name: 'Pasta plan',
      state,
      numberOfRecipes: 2,
      paymentMethodId: Number(methodId),
    })
    .returning();
  return plan!;
}

async function planMethodId(planId: number) {
  const [row] = await testApp()
    .database.db.select({ methodId: subscriptions.paymentMethodId })
    .from(subscriptions)
    .where(eq(subscriptions.id, planId));
  return row!.methodId;
}

describe('removing a payment method a plan uses (product rules R11.7 and R11.8)', () => {
  it('refuses to remove the only method while a plan that is not cancelled uses it, with 409', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const only = await addCard(browser);
    const plan = await planPaidWith(customerId, only.id, 'paused');

    const refused = await browser.delete(`/payment_methods/${only.id}`);

    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'payment_method_in_use',
      detail:
        'You cannot remove your only payment method while your pasta plan uses it. Add another payment method first.',
    });
    expect(await methodCount(customerId)).toBe(1);
    expect(await planMethodId(plan.id)).toBe(Number(only.id));
  });

  it('removes the only method when the plan using it is cancelled', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const only = await addCard(browser);
    await planPaidWith(customerId, only.id, 'cancelled');

    const removed = await browser.delete(`/payment_methods/${only.id}`);

    expect(removed.statusCode).toBe(204);
    expect(await methodCount(customerId)).toBe(0);
  });

  it('moves the plans on a removed card to the default in the same call', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const defaultCard = await addCard(browser);
    const other = await addCard(browser, '5555555555554444');
    const active = await planPaidWith(customerId, other.id);
    const cancelled = await planPaidWith(customerId, other.id, 'cancelled');

    const removed = await browser.delete(`/payment_methods/${other.id}`);
    const plans = await browser.get('/subscriptions');

    expect(removed.statusCode).toBe(204);
    expect(await planMethodId(active.id)).toBe(Number(defaultCard.id));
    expect(await planMethodId(cancelled.id)).toBe(Number(defaultCard.id));
    expect(
      plans.json().data.find((p: { id: string }) => p.id === String(active.id)).attributes
        .payment_method_id,
    ).toBe(defaultCard.id);
  });
});

describe('POST /subscriptions/change_payment_method', () => {
  it("pays the plan with another of the customer's methods and answers the plan", async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const first = await addCard(browser);
    const second = await addCard(browser, '5555555555554444');
    const plan = await planPaidWith(customerId, first.id);

    const response = await browser.post('/subscriptions/change_payment_method', {
      subscription_id: String(plan.id),
      payment_method_id: second.id,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      type: 'subscriptions',
      id: String(plan.id),
      attributes: { payment_method_id: second.id },
    });
    expect(await planMethodId(plan.id)).toBe(Number(second.id));
  });

  it("answers 404 for another customer's plan or method and changes nothing", async () => {
    const owner = client();
    const ownerId = await signUp(owner);
    const ownerCard = await addCard(owner);
    const ownerPlan = await planPaidWith(ownerId, ownerCard.id);
    const other = client();
    const otherId = await signUp(other);
    const otherCard = await addCard(other);
    const otherPlan = await planPaidWith(otherId, otherCard.id);

    const theirPlan = await other.post('/subscriptions/change_payment_method', {
      subscription_id: String(ownerPlan.id),
      payment_method_id: otherCard.id,
    });
    const theirCard = await other.post('/subscriptions/change_payment_method', {
      subscription_id: String(otherPlan.id),
      payment_method_id: ownerCard.id,
    });

    expect(theirPlan.statusCode).toBe(404);
    expect(theirPlan.json().errors[0].title).toMatch(/Subscription/);
    expect(theirCard.statusCode).toBe(404);
    expect(theirCard.json().errors[0].title).toMatch(/Payment method/);
    expect(await planMethodId(ownerPlan.id)).toBe(Number(ownerCard.id));
    expect(await planMethodId(otherPlan.id)).toBe(Number(otherCard.id));
  });

  it('refuses a cancelled plan with 409, and bad bodies with 400', async () => {
    const browser = client();
    const customerId = await signUp(browser);
    const first = await addCard(browser);
    const second = await addCard(browser, '5555555555554444');
    const plan = await planPaidWith(customerId, first.id, 'cancelled');

    const cancelled = await browser.post('/subscriptions/change_payment_method', {
      subscription_id: String(plan.id),
      payment_method_id: second.id,
    });
    const missing = await browser.post('/subscriptions/change_payment_method', {
      subscription_id: String(plan.id),
    });
    const notAnId = await browser.post('/subscriptions/change_payment_method', {
      subscription_id: 'abc',
      payment_method_id: second.id,
    });
    const unauthenticated = await client().post('/subscriptions/change_payment_method', {
      subscription_id: String(plan.id),
      payment_method_id: second.id,
    });

    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().errors[0]).toMatchObject({
      code: 'subscription_cancelled',
      detail: 'This pasta plan is cancelled, so its payment method cannot be changed.',
    });
    expect([missing.statusCode, notAnId.statusCode, unauthenticated.statusCode]).toEqual([
      400, 400, 401,
    ]);
    expect(await planMethodId(plan.id)).toBe(Number(first.id));
  });
});
