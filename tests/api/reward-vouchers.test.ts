import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_BOXES, REWARD_VOUCHER_MESSAGES } from '../../domain/rewards';
import { loadConfig } from '../../server/config';
import { customers, emailOutbox, orders, vouchers } from '../../server/db/schema';
import { createMailer } from '../../server/services/mailer';
import { runBilling, type BillingDeps } from '../../server/services/subscriptions/billing-job';
import {
  firstOpenWeek,
  kitBasket,
  menuWithDishes,
  savedAddress,
  type KitDish,
} from './support/kit-orders';
import { billingDeps, customerWithPlan, paidPlanBoxes } from './support/subscribers';
import { useTestApp } from './support/test-app';

// DEV_TOOLS: the development mailbox (`GET dev/emails`) must show the reward email too.
const getApp = useTestApp({ env: { DEV_TOOLS: 'true' } });
const week1 = firstOpenWeek();
const PUBLIC_URL = 'https://sfoglia.test';
let dishes: KitDish[];
let deps: BillingDeps;

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle' }, { title: 'Ravioli' }]);
  const now = () => new Date();
  deps = {
    ...billingDeps(getApp(), now),
    mailer: createMailer(database.db, loadConfig({ NODE_ENV: 'test' })),
    config: { publicUrl: PUBLIC_URL },
  };
});

const box = () => [
  { dish: dishes[0]!, week: week1, quantity: 1 },
  { dish: dishes[1]!, week: week1, quantity: 1 },
];

async function emailOf(customerId: number) {
  const { db } = getApp().database;
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  return customer!.email;
}

const rewardEmailsTo = async (to: string) =>
  (await getApp().database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter(
    (email) => email.subject.startsWith('Your pasta plan reward'),
  );

/** A plan whose fifth box was just paid, and the billing runs (two at once) that reward it. */
async function rewardedCustomer() {
  const planned = await customerWithPlan(getApp(), box());
  await paidPlanBoxes(getApp(), planned, LOYALTY_BOXES - 1);
  await Promise.all([
    runBilling(deps, new Date(), { customerId: planned.customerId }),
    runBilling(deps, new Date(), { customerId: planned.customerId }),
  ]);
  const [voucher] = await getApp()
    .database.db.select()
    .from(vouchers)
    .where(and(eq(vouchers.customerId, planned.customerId), like(vouchers.rewardKey, 'loyalty:%')));
  return { ...planned, voucher: voucher!, email: await emailOf(planned.customerId) };
}

describe('the loyalty voucher email (product rule R12.16)', () => {
  it('emails the code and how to use it once, however many runs', async () => {
    const { voucher, email, customerId } = await rewardedCustomer();
    await runBilling(deps, new Date(), { customerId });

    const sent = await rewardEmailsTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Your pasta plan reward: £10.00 off a box');
    expect(sent[0]!.text).toContain(`Your voucher code: ${voucher.code}`);
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/next-order-voucher?vc=${voucher.code}`);
    expect(sent[0]!.text).toContain('enter the code in your box’s voucher field');
    expect(sent[0]!.text).toMatch(/for one order, until \w+ \d+ \w+\./);
    const mailbox = await getApp().app.inject({
      method: 'GET',
      url: `/api/v2/dev/emails?to=${encodeURIComponent(email)}`,
    });
    expect(
      mailbox
        .json()
        .data.filter((e: { attributes: { text: string } }) =>
          e.attributes.text.includes(voucher.code),
        ),
    ).toHaveLength(1);
  });

  it('sends nothing before the fifth box', async () => {
    const { customerId, subscriptionId } = await customerWithPlan(getApp(), box());
    await paidPlanBoxes(getApp(), { customerId, subscriptionId }, LOYALTY_BOXES - 2);
    await runBilling(deps, new Date(), { customerId });
    expect(await rewardEmailsTo(await emailOf(customerId))).toHaveLength(0);
  });
});

describe('a kept voucher on a new recipe-kit box (product rule R12.15)', () => {
  it('is discounted in the preview, recorded on the paid order, and used exactly once', async () => {
    const { browser, customerId, voucher } = await rewardedCustomer();
    const { database } = getApp();
    const address = await savedAddress(database, customerId);
    const cards = (await browser.get('/payment_methods')).json().data;

    // A new box (the first one was ordered) gets the emailed code through its voucher call; four
    // dishes (£26.00), so that it is still over the £10.00 minimum after the £10.00 off.
    const bigBox = box().map((line) => ({ ...line, quantity: 2 }));
    const basket = await kitBasket(database, customerId, bigBox);
    const applied = await browser.post(`/baskets/${basket.id}/vouchers`, { code: voucher.code });
    expect(applied.statusCode).toBeLessThan(300);
    const previewed = await browser.post('/preview_order', { basket_id: basket.id });
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json().data.attributes;
    expect(preview.discount).toBe(10);

    const placed = await browser.post('/orders/recipe_kits', {
      basket_id: basket.id,
      shipping_address_id: String(address.id),
      payment_method_id: cards[0].id,
    });
    expect(placed.statusCode).toBe(201);
    const order = (await browser.get(`/orders/${placed.json().data.id}`)).json().data.attributes;
    expect(order).toMatchObject({ voucher_code: voucher.code, total_discounts: 10 });
    const carrying = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.voucherCode, voucher.code));
    expect(carrying).toHaveLength(1);

    // Used: the next new box refuses it.
    const next = await kitBasket(database, customerId, bigBox);
    const again = await browser.post(`/baskets/${next.id}/vouchers`, { code: voucher.code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].detail).toBe(REWARD_VOUCHER_MESSAGES.used);
  });
});
