import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  orders,
  paymentMethods,
  payments,
  sandboxIntents,
  subscriptions,
} from '../../server/db/schema';
import { SandboxGateway } from '../../server/services/payments/sandbox-gateway';
import { reconcilePayments } from '../../server/services/payments/payment-reconciler';
import { firstOpenWeek, menuWithDishes, type KitDish } from './support/kit-orders';
import { addCard, pendingOrder, signUp } from './support/payments';
import { customerWithPlan } from './support/subscribers';
import { ApiClient, useTestApp } from './support/test-app';

/**
 * Issue 9 item 3: a payment a crash left `processing` (or a 3-D Secure challenge left waiting) is
 * settled from the gateway's answer, and the order follows: paid iff the gateway charged.
 */
const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);
const gateway = () => new SandboxGateway(testApp().database.db, () => new Date());
const MINUTE = 60_000;
const reconcile = () =>
  reconcilePayments({
    db: testApp().database.db,
    paymentGateway: gateway(),
    now: () => new Date(),
    processingTimeoutMs: 2 * MINUTE,
    actionTimeoutMs: 30 * MINUTE,
  });
let dishes: KitDish[];

beforeAll(async () => {
  dishes = await menuWithDishes(testApp().database, firstOpenWeek(), [{ title: 'Tortellini' }]);
});

async function customerWithCard(cardNumber = '4242424242424242') {
  const browser = client();
  const customerId = await signUp(browser);
  const card = await addCard(browser, cardNumber);
  const order = await pendingOrder(testApp().database, customerId);
  return { browser, customerId, card, order };
}

/**
 * The state a kill -9 inside POST payments leaves: the `processing` claim committed minutes ago,
 * and (after the charge) the sandbox's intent under the payment's idempotency key.
 */
async function crashedAttempt(
  customerId: number,
  orderId: number,
  cardId: string,
  charged: boolean,
) {
  const { db } = testApp().database;
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.id, Number(cardId)));
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const minutesAgo = new Date(Date.now() - 5 * MINUTE);
  const idempotencyKey = `crash-${randomBytes(6).toString('hex')}`;
  const [payment] = await db
    .insert(payments)
    .values({
      orderId,
      paymentMethodId: method!.id,
      paymentMethodType: 'CreditCard',
      processor: 'sandbox',
      idempotencyKey,
      amountPence: order!.totalPence - order!.storeCreditPence,
      state: 'processing',
      createdAt: minutesAgo,
      updatedAt: minutesAgo,
    })
    .returning();
  if (charged)
    await gateway().charge({
      customer: { id: customerId },
      paymentMethodId: method!.processorId,
      amountPence: payment!.amountPence,
      idempotencyKey,
      returnUrl: '/x',
    });
  return payment!;
}

async function paymentRow(id: number) {
  const [row] = await testApp().database.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}
async function orderState(id: number) {
  const [row] = await testApp().database.db.select().from(orders).where(eq(orders.id, id));
  return row!.state;
}
/** Payment intents the sandbox made for this customer: one per charge that reached it. */
async function gatewayCharges(customerId: number) {
  const rows = await testApp()
    .database.db.select()
    .from(sandboxIntents)
    .where(
      and(
        eq(sandboxIntents.kind, 'payment_intent'),
        sql`${sandboxIntents.data}->>'customerId' = ${String(customerId)}`,
      ),
    );
  return rows;
}

describe('reconcilePayments', () => {
  it('a charge the gateway made but we never recorded: the payment succeeds and the order is paid', async () => {
    const { browser, customerId, card, order } = await customerWithCard();
    const payment = await crashedAttempt(customerId, order.id, card.id, true);
    // Before: every retry, even with a new key, is answered "in flight" (the bug in issue 9).
    const before = await browser.call('POST', '/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    expect(before.statusCode).toBe(202);

    await reconcile();

    expect((await paymentRow(payment.id)).state).toBe('succeeded');
    expect(await orderState(order.id)).toBe('paid');
    // A retry now answers the paid order and charges nothing more.
    const retry = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    expect(retry.statusCode).toBe(200);
    expect(await gatewayCharges(customerId)).toHaveLength(1);
  });

  it('a crash before the charge: the payment fails (not charged), and a new attempt pays once', async () => {
    const { browser, customerId, card, order } = await customerWithCard();
    const payment = await crashedAttempt(customerId, order.id, card.id, false);

    await reconcile();

    const settled = await paymentRow(payment.id);
    expect(settled).toMatchObject({ state: 'failed', declineCode: 'payment_interrupted' });
    expect(settled.failureMessage).toBe(
      'Your payment did not go through and you have not been charged. Please pay again.',
    );
    expect(await orderState(order.id)).toBe('payment_pending');
    const again = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    expect(again.statusCode).toBe(201);
    expect(await orderState(order.id)).toBe('paid');
    expect(await gatewayCharges(customerId)).toHaveLength(1);
  });

  it('a decline we never recorded: the payment fails with the decline, the order stays payable', async () => {
    const { customerId, card, order } = await customerWithCard('4000000000009995');
    const payment = await crashedAttempt(customerId, order.id, card.id, true);

    await reconcile();

    expect(await paymentRow(payment.id)).toMatchObject({
      state: 'failed',
      declineCode: 'insufficient_funds',
    });
    expect(await orderState(order.id)).toBe('payment_pending');
  });

  it('leaves a payment still within the bound alone (its request may still be running)', async () => {
    const { customerId, card, order } = await customerWithCard();
    const payment = await crashedAttempt(customerId, order.id, card.id, true);
    await testApp()
      .database.db.update(payments)
      .set({ updatedAt: new Date() })
      .where(eq(payments.id, payment.id));

    await reconcile();

    expect((await paymentRow(payment.id)).state).toBe('processing');
    await testApp()
      .database.db.update(payments)
      .set({ state: 'failed' })
      .where(eq(payments.id, payment.id));
  });

  it('cancels an abandoned 3-D Secure challenge at the gateway; the customer pays again with a new challenge', async () => {
    const { browser, card, order } = await customerWithCard('4000002760003184');
    const first = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    expect(first.statusCode).toBe(202);
    const id = Number(first.json().data.id);
    const abandoned = await paymentRow(id);
    await testApp()
      .database.db.update(payments)
      .set({ updatedAt: new Date(Date.now() - 31 * MINUTE) })
      .where(eq(payments.id, id));

    await reconcile();

    expect(await paymentRow(id)).toMatchObject({
      state: 'failed',
      declineCode: 'payment_abandoned',
      actionUrl: null,
    });
    expect((await gateway().find(abandoned.processorPaymentId!))?.status).toBe('canceled');
    // The bank's page no longer offers the cancelled challenge.
    const page = await testApp().app.inject({ method: 'GET', url: abandoned.actionUrl! });
    expect(page.statusCode).toBe(404);
    const again = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.id).not.toBe(String(id));
  });

  it('a challenge completed just before the timeout is not cancelled: the order is paid', async () => {
    const { browser, card, order } = await customerWithCard('4000002760003184');
    const first = await browser.post('/payments', {
      order_id: String(order.id),
      payment_method_id: card.id,
    });
    const id = Number(first.json().data.id);
    const waiting = await paymentRow(id);
    await gateway().completeChallenge(waiting.processorPaymentId!, true);
    await testApp()
      .database.db.update(payments)
      .set({ updatedAt: new Date(Date.now() - 31 * MINUTE) })
      .where(eq(payments.id, id));

    await reconcile();

    expect((await paymentRow(id)).state).toBe('succeeded');
    expect(await orderState(order.id)).toBe('paid');
  });

  it("a plan's failed week charged before a crash: the order is paid and the plan active again", async () => {
    const { db } = testApp().database;
    const { browser, customerId, subscriptionId } = await customerWithPlan(testApp(), [
      { dish: dishes[0]!, week: firstOpenWeek(), quantity: 2 },
    ]);
    // A later week the billing job could not charge: the plan failed, the order is unpaid.
    await db
      .update(subscriptions)
      .set({ state: 'failed' })
      .where(eq(subscriptions.id, subscriptionId));
    const order = await pendingOrder(testApp().database, customerId);
    await db.update(orders).set({ subscriptionId }).where(eq(orders.id, order.id));
    const card = await addCard(browser);
    await crashedAttempt(customerId, order.id, card.id, true);

    await reconcile();

    expect(await orderState(order.id)).toBe('paid');
    const [plan] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(plan!.state).toBe('active');
  });

  it('is safe to run twice at once (two instances): each payment is settled once', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      const { customerId, card, order } = await customerWithCard();
      made.push(await crashedAttempt(customerId, order.id, card.id, i !== 1));
    }

    const [a, b] = await Promise.all([reconcile(), reconcile()]);
    const again = await reconcile();

    expect(a.succeeded + b.succeeded).toBe(2);
    expect(a.failed + b.failed).toBe(1);
    expect(again).toEqual({ succeeded: 0, failed: 0, unchanged: 0 });
    const rows = await testApp()
      .database.db.select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          made.map((p) => p.id),
        ),
      );
    expect(rows.map((p) => p.state).sort()).toEqual(['failed', 'succeeded', 'succeeded']);
  });
});
