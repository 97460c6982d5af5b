import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, storeCreditTransactions, vouchers } from '../../server/db/schema';
import { signupBody } from './support/customers';
import { markVerified } from './support/email-verification';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

/** A signed-up customer whose email is verified (new-customer credit asks for it). */
async function signedUp(): Promise<{ browser: ApiClient; customerId: number }> {
  const browser = client();
  const response = await browser.post('/customers', signupBody());
  expect(response.statusCode).toBe(201);
  const customerId = Number(response.json().data.id);
  await markVerified(testApp().database, customerId);
  return { browser, customerId };
}

const redeem = (browser: ApiClient, code: unknown) =>
  browser.post('/customers/credit_voucher', { code });

/** What the customer's account says: the balance on /me and the history with its balance. */
async function account(browser: ApiClient) {
  const me = (await browser.get('/me')).json().data.attributes;
  const history = (await browser.get('/store_credit_transactions')).json();
  return { storeCredits: me.store_credits, balance: history.meta.balance, history: history.data };
}

async function addCreditVoucher(code: string, dates: { startDate?: string; endDate?: string }) {
  await testApp()
    .database.db.insert(vouchers)
    .values({ code, type: 'CreditVoucher', valueType: 'fixed_amount', value: 1000, ...dates })
    .onConflictDoNothing();
}

const firstError = (response: { json: () => { errors: unknown[] } }) => response.json().errors[0];

describe('POST /customers/credit_voucher', () => {
  it('turns a credit voucher into store credit: 201 with the credit and the new balance', async () => {
    const { browser } = await signedUp();

    const response = await redeem(browser, 'GIFT25');

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      data: {
        type: 'store_credit_transactions',
        attributes: { amount: 25, reason: 'Credit voucher GIFT25', order_id: null },
      },
      meta: { balance: 25 },
    });
    const { storeCredits, balance, history } = await account(browser);
    expect([storeCredits, balance]).toEqual([25, 25]);
    expect(history).toEqual([response.json().data]);
  });

  it('takes the code in any case, with spaces around it', async () => {
    const { browser } = await signedUp();

    const response = await redeem(browser, '  welcome60 ');

    expect(response.statusCode).toBe(201);
    expect(response.json().meta.balance).toBe(60);
  });

  it('adds to the credit the customer already has', async () => {
    const { browser } = await signedUp();
    await redeem(browser, 'GIFT25');

    const response = await redeem(browser, 'WELCOME60');

    expect(response.json().meta.balance).toBe(85);
    expect(
      (await account(browser)).history.map((t: { attributes: object }) => t.attributes),
    ).toEqual([
      expect.objectContaining({ amount: 60, reason: 'Credit voucher WELCOME60' }),
      expect.objectContaining({ amount: 25, reason: 'Credit voucher GIFT25' }),
    ]);
  });

  it.each([
    ['NOPE-123', 'invalid_code', 'Invalid code'],
    [
      'PASTA5',
      'not_credit_voucher',
      "This code isn't a store credit voucher: enter it in your basket instead",
    ],
    [
      'FREEDESSERT',
      'not_credit_voucher',
      "This code isn't a store credit voucher: enter it in your basket instead",
    ],
  ])('refuses %s with 400 %s and credits nothing', async (code, errorCode, detail) => {
    const { browser } = await signedUp();

    const response = await redeem(browser, code);

    expect(response.statusCode).toBe(400);
    expect(firstError(response)).toMatchObject({
      code: errorCode,
      detail,
      source: { pointer: '/code' },
    });
    expect(await account(browser)).toEqual({ storeCredits: 0, balance: 0, history: [] });
  });

  it('refuses a credit voucher outside its dates', async () => {
    await addCreditVoucher('OLDGIFT', { endDate: '2020-12-31' });
    await addCreditVoucher('LATERGIFT', { startDate: '2999-01-01' });
    const { browser } = await signedUp();

    const expired = await redeem(browser, 'oldgift');
    const early = await redeem(browser, 'LATERGIFT');

    expect([expired.statusCode, early.statusCode]).toEqual([400, 400]);
    expect(firstError(expired)).toMatchObject({
      code: 'voucher_expired',
      detail: 'This voucher has expired',
    });
    expect(firstError(early)).toMatchObject({
      code: 'voucher_not_started',
      detail: 'This voucher can be redeemed from 1 January 2999',
    });
    expect((await account(browser)).balance).toBe(0);
  });

  it('credits a voucher once per customer: a second try is a 400 and the balance stays', async () => {
    const { browser } = await signedUp();
    await redeem(browser, 'GIFT25');

    const again = await redeem(browser, 'gift25');

    expect(again.statusCode).toBe(400);
    expect(firstError(again)).toMatchObject({
      code: 'voucher_already_redeemed',
      detail: "You've already redeemed this voucher",
    });
    const { storeCredits, balance, history } = await account(browser);
    expect([storeCredits, balance, history.length]).toEqual([25, 25, 1]);
  });

  it('credits once when the same voucher is redeemed twice at the same moment', async () => {
    const { browser, customerId } = await signedUp();

    const responses = await Promise.all([
      redeem(browser, 'GIFT25'),
      redeem(browser, 'GIFT25'),
      redeem(browser, 'gift25'),
    ]);

    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    const [row] = await testApp()
      .database.db.select({ pence: customers.storeCreditPence })
      .from(customers)
      .where(eq(customers.id, customerId));
    expect(row?.pence).toBe(2500);
    const rows = await testApp()
      .database.db.select()
      .from(storeCreditTransactions)
      .where(eq(storeCreditTransactions.customerId, customerId));
    expect(rows).toHaveLength(1);
  });

  it('lets each customer redeem the same voucher', async () => {
    const first = await signedUp();
    const second = await signedUp();

    const responses = [
      await redeem(first.browser, 'GIFT25'),
      await redeem(second.browser, 'GIFT25'),
    ];

    expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await account(second.browser)).balance).toBe(25);
  });

  it('answers 401 without a signed-in customer', async () => {
    const response = await redeem(client(), 'GIFT25');

    expect(response.statusCode).toBe(401);
  });

  it('refuses a bad body at the boundary, writing nothing', async () => {
    const { browser } = await signedUp();

    const missing = await browser.post('/customers/credit_voucher', {});
    const number = await redeem(browser, 25);
    const empty = await redeem(browser, '');
    const extra = await browser.post('/customers/credit_voucher', { code: 'GIFT25', x: 1 });

    expect([missing, number, empty, extra].map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect(firstError(missing)).toMatchObject({ source: { pointer: '/code' } });
    expect(await account(browser)).toEqual({ storeCredits: 0, balance: 0, history: [] });
  });

  it('needs X-Branch: web like every state-changing call', async () => {
    const { browser } = await signedUp();

    const response = await redeem(browser.withoutBranch(), 'GIFT25');

    expect(response.statusCode).toBe(403);
    expect((await account(browser)).balance).toBe(0);
  });
});

describe('a credit voucher in a basket', () => {
  it('is refused with 400, pointing the customer to their account', async () => {
    const { browser } = await signedUp();
    const basket = await browser.post('/baskets', {
      type: 'TakeawayBasket',
      restaurant_id: 16,
      fulfillment_type: 'delivery',
    });
    const id: string = basket.json().data.id;
    await browser.post(`/baskets/${id}/items`, { product_variant_id: '102', quantity: 2 });

    const response = await browser.post(`/baskets/${id}/vouchers`, { code: 'gift25' });

    expect(response.statusCode).toBe(400);
    expect(firstError(response)).toMatchObject({
      code: 'voucher_not_for_baskets',
      detail: 'This is a store credit voucher: redeem it in your account',
      source: { pointer: '/code' },
    });
    expect((await browser.get(`/baskets/${id}/vouchers`)).json().data).toEqual([]);
    expect((await account(browser)).balance).toBe(0);
  });
});
