import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxIntents } from '../../server/db/schema';
import { firstOpenWeek, kitBasket, menuWithDishes, savedAddress } from './support/kit-orders';
import { addCard, pendingOrder, signUp } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

/**
 * Issue 9 item 6: 50 declines in one burst reached the gateway (card testing). Declines are
 * capped per order (5) and per customer (10) in an hour, before the gateway is called.
 */
const testApp = useTestApp();
const DECLINED = '4000000000000002';

async function customerWithCard(cardNumber = DECLINED) {
  const browser = new ApiClient(testApp().app);
  const customerId = await signUp(browser);
  const card = await addCard(browser, cardNumber);
  return { browser, customerId, card };
}

/** Charges that reached the gateway for this customer (the sandbox's payment intents). */
async function gatewayCharges(customerId: number) {
  const rows = await testApp()
    .database.db.select({ id: sandboxIntents.id })
    .from(sandboxIntents)
    .where(
      and(
        eq(sandboxIntents.kind, 'payment_intent'),
        sql`${sandboxIntents.data}->>'customerId' = ${String(customerId)}`,
      ),
    );
  return rows.length;
}

describe('declined payment attempts are capped', () => {
  it('a burst of 50 declines on one order reaches the gateway 5 times; the rest are 429', async () => {
    const { browser, customerId, card } = await customerWithCard();
    const order = await pendingOrder(testApp().database, customerId);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        browser.post('/payments', { order_id: String(order.id), payment_method_id: card.id }),
      ),
    );

    // However the burst interleaves (a request may meet another's charge in flight and answer
    // with it), no more than the cap reach the gateway.
    expect(await gatewayCharges(customerId)).toBeGreaterThanOrEqual(1);
    expect(await gatewayCharges(customerId)).toBeLessThanOrEqual(5);
    expect(answers.every((a) => [202, 402, 429].includes(a.statusCode))).toBe(true);

    // Fresh attempts after it are declined until the cap, then refused before the gateway.
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof browser.call>> | undefined;
    for (let i = 0; i < 8; i += 1) {
      const next = await browser.call('POST', '/payments', {
        order_id: String(order.id),
        payment_method_id: card.id,
      });
      statuses.push(next.statusCode);
      if (next.statusCode === 429) refused ??= next;
    }
    const firstRefusal = statuses.indexOf(429);
    expect(statuses.slice(0, firstRefusal).every((status) => status === 402)).toBe(true);
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
    expect(await gatewayCharges(customerId)).toBe(5);
    expect(refused?.json().errors[0]).toMatchObject({
      status: '429',
      code: 'too_many_payment_attempts',
      detail:
        'Too many payments for this order were declined. Please check your card details with your bank, then try again in 60 minutes.',
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3500);
  }, 60_000);

  it('declines across many orders reach the gateway 10 times per customer in an hour', async () => {
    const { browser, customerId, card } = await customerWithCard();
    const orders = [];
    for (let i = 0; i < 15; i += 1) orders.push(await pendingOrder(testApp().database, customerId));

    const answers = await Promise.all(
      orders.map((order) =>
        browser.post('/payments', { order_id: String(order.id), payment_method_id: card.id }),
      ),
    );

    expect(await gatewayCharges(customerId)).toBe(10);
    expect(answers.filter((a) => a.statusCode === 402)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().errors[0].detail).toMatch(
      /^Too many payments for your account were declined\. Please check your card details with your bank, then try again in \d+ minutes?\.$/,
    );
  });

  it('the same Idempotency-Key still answers its own decline (402), not 429', async () => {
    const { browser, customerId, card } = await customerWithCard();
    const order = await pendingOrder(testApp().database, customerId);
    const send = (key: string) =>
      testApp().app.inject({
        method: 'POST',
        url: '/api/v2/payments',
        headers: { 'x-branch': 'web', cookie: browser.cookieHeader, 'idempotency-key': key },
        payload: { order_id: String(order.id), payment_method_id: card.id },
      });
    for (let i = 0; i < 5; i += 1) expect((await send(`attempt-${i}`)).statusCode).toBe(402);

    expect((await send('attempt-0')).statusCode).toBe(402);
    expect((await send('attempt-5')).statusCode).toBe(429);
    expect(await gatewayCharges(customerId)).toBe(5);
  });

  it('a customer with a few declines still pays with a good card', async () => {
    const { browser, customerId, card } = await customerWithCard();
    const order = await pendingOrder(testApp().database, customerId);
    for (let i = 0; i < 3; i += 1)
      expect(
        (
          await browser.post('/payments', {
            order_id: String(order.id),
            payment_method_id: card.id,
          })
        ).statusCode,
      ).toBe(402);
    const good = await addCard(browser, '4242424242424242');

    const paid = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: good.id,
    });

    expect(paid.statusCode).toBe(201);
  });

  it('the kit checkout is capped too: 429 with Retry-After, and the gateway is not called', async () => {
    const { browser, customerId, card } = await customerWithCard();
    for (let i = 0; i < 10; i += 1) {
      const order = await pendingOrder(testApp().database, customerId);
      await browser.post('/payments', { order_id: String(order.id), payment_method_id: card.id });
    }
    const week = firstOpenWeek();
    const [dish] = await menuWithDishes(testApp().database, week, [{ title: 'Ravioli' }]);
    const address = await savedAddress(testApp().database, customerId);
    const basket = await kitBasket(testApp().database, customerId, [
      { dish: dish!, week, quantity: 2 },
    ]);

    const placed = await browser.post('/orders/recipe_kits', {
      basket_id: basket.id,
      shipping_address_id: String(address.id),
      payment_method_id: card.id,
    });

    expect(placed.statusCode).toBe(429);
    expect(placed.headers['retry-after']).toMatch(/^\d+$/);
    expect(placed.json().errors[0].code).toBe('too_many_payment_attempts');
    expect(await gatewayCharges(customerId)).toBe(10);
  });
});
