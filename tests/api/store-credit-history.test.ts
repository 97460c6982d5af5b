import { describe, expect, it } from 'vitest';
import { vouchers } from '../../server/db/schema';
import { firstOpenWeek, menuWithDishes } from './support/kit-orders';
import { customerWithPlan } from './support/subscribers';
import { useTestApp } from './support/test-app';

const getApp = useTestApp();

interface Transaction {
  attributes: {
    amount: number;
    reason: string;
    order_id: string | null;
    order_reference: string | null;
  };
}

describe('GET /store_credit_transactions (product rule R12.7)', () => {
  it('names the order credit was spent on by its reference; a voucher’s credit has none', async () => {
    const week = firstOpenWeek();
    const [dish] = await menuWithDishes(getApp().database, week, [{ title: 'Pappardelle' }]);
    const { browser, orderId } = await customerWithPlan(
      getApp(),
      [{ dish: dish!, week, quantity: 2 }],
      { credit: 500 },
    );
    await getApp()
      .database.db.insert(vouchers)
      .values({ code: 'HISTORY10', type: 'CreditVoucher', valueType: 'fixed_amount', value: 1000 });
    const redeemed = await browser.post('/customers/credit_voucher', { code: 'HISTORY10' });
    expect(redeemed.statusCode).toBe(201);
    expect(redeemed.json().data.attributes.order_reference).toBeNull();

    const order = (await browser.get(`/orders/${orderId}`)).json().data;
    const history = (await browser.get('/store_credit_transactions')).json().data as Transaction[];
    const spent = history.find((transaction) => transaction.attributes.amount < 0);
    expect(spent?.attributes).toMatchObject({
      amount: -5,
      order_id: orderId,
      order_reference: order.attributes.reference,
    });
    expect(spent?.attributes.order_reference).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/);
    const voucher = history.find((transaction) => transaction.attributes.order_id === null);
    expect(voucher?.attributes).toMatchObject({
      amount: 10,
      reason: 'Credit voucher HISTORY10',
      order_reference: null,
    });
  });
});
