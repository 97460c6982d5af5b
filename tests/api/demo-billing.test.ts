import { and, asc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { DEMO_CARD, seedDemoHistory } from '../../server/db/seed-data/demo-history';
import {
  addresses,
  customers,
  orders,
  payments,
  schedules,
  scheduleWeeks,
  subscriptions,
} from '../../server/db/schema';
import { createCatalogue } from '../../server/services/catalogue/create-catalogue';
import { createPaymentGateway } from '../../server/services/payments/payment-gateway';
import { runBilling } from '../../server/services/subscriptions/billing-job';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}

describe('the demo customer’s plan (seed)', () => {
  it('pays with a saved sandbox card, so the billing job bills its next week as paid', async () => {
    const { db } = testApp().database;
    const [demo] = await db
      .select()
      .from(customers)
      .where(eq(customers.email, DEMO_CUSTOMER.email));
    const [home] = await db.select().from(addresses).where(eq(addresses.customerId, demo!.id));
    const now = new Date();
    await db.transaction((tx) => seedDemoHistory(tx, demo!, home!, now));

    // The card is the customer's, listed and the default, as the card form would have saved it.
    const browser = new ApiClient(testApp().app);
    const signIn = await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    expect(signIn.statusCode).toBe(201);
    const methods = (await browser.get('/payment_methods')).json().data as Resource[];
    expect(methods).toHaveLength(1);
    expect(methods[0]!.attributes).toMatchObject({
      payment_method_type: 'CreditCard',
      payment_processor_name: 'sandbox',
      last4: DEMO_CARD.number.slice(-4),
      brand: DEMO_CARD.brand,
      default: true,
    });
    const [plan] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, demo!.id));
    expect(plan!.paymentMethodId).toBe(Number(methods[0]!.id));

    // The first week not billed yet, billed a minute after its cut-off.
    const [next] = await db
      .select({ week: scheduleWeeks })
      .from(scheduleWeeks)
      .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
      .where(and(eq(schedules.subscriptionId, plan!.id), gt(scheduleWeeks.billingDate, now)))
      .orderBy(asc(scheduleWeeks.billingDate))
      .limit(1);
    expect(next).toBeDefined();
    const config = loadConfig({ NODE_ENV: 'test' });
    const clock = () => new Date();
    const run = await runBilling(
      {
        db,
        paymentGateway: createPaymentGateway(config, db, clock),
        catalogue: createCatalogue(config, db, clock),
        now: clock,
      },
      new Date(next!.week.billingDate.getTime() + 60_000),
    );
    expect(run).toMatchObject({ ordersCreated: 1, charged: 1, failed: 0 });

    const [billed] = await db.select().from(orders).where(eq(orders.scheduleWeekId, next!.week.id));
    expect(billed?.state).toBe('paid');
    expect(billed?.paidAt).not.toBeNull();
    const charges = await db.select().from(payments).where(eq(payments.orderId, billed!.id));
    expect(charges.map((charge) => [charge.state, charge.paymentMethodId])).toEqual([
      ['succeeded', plan!.paymentMethodId],
    ]);
    const [after] = await db.select().from(subscriptions).where(eq(subscriptions.id, plan!.id));
    expect(after?.state).toBe('active');
  });
});
