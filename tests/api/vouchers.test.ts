import { describe, expect, it } from 'vitest';
import { vouchers } from '../../server/db/schema';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);
const takeaway = { type: 'TakeawayBasket', restaurant_id: 16, fulfillment_type: 'delivery' };
const CACIO = '102'; // £10.50
const TIRAMISU = '301'; // £6.50

async function basketWith(browser: ApiClient, dishes: Record<string, number>) {
  const id: string = (await browser.post('/baskets', takeaway)).json().data.id;
  for (const [product, quantity] of Object.entries(dishes)) {
    await browser.post(`/baskets/${id}/items`, { product_variant_id: product, quantity });
  }
  return id;
}

const apply = (browser: ApiClient, id: string, code: string) =>
  browser.post(`/baskets/${id}/vouchers`, { code });

describe('POST /baskets/{id}/vouchers: discounts', () => {
  it('takes a fixed amount off once the voucher minimum is met, and says the total', async () => {
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 2 });

    const response = await apply(browser, id, 'PASTA5');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({
      subtotal_price: 21,
      total_discount: 5,
      delivery_price: 1.99,
      total_price: 17.99,
      voucher_code: 'PASTA5',
    });
    expect(response.json().data.relationships.voucher.data).toMatchObject({ type: 'vouchers' });
  });

  it('takes a percentage off, whatever case the code was typed in', async () => {
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 2 });

    const response = await apply(browser, id, ' pasta10 ');

    expect(response.json().data.attributes).toMatchObject({
      total_discount: 2.1,
      total_price: 20.89,
      voucher_code: 'PASTA10',
    });
  });

  it('discounts only the dishes a variant-tied voucher names', async () => {
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 1, [TIRAMISU]: 1 });

    const response = await apply(browser, id, 'DOLCE50');

    expect(response.json().data.attributes).toMatchObject({
      subtotal_price: 17,
      total_discount: 3.25,
      total_price: 15.74,
    });
  });

  it('never discounts more than the subtotal', async () => {
    await testApp()
      .database.db.insert(vouchers)
      .values({ code: 'BIG50', type: 'DiscountVoucher', valueType: 'fixed_amount', value: 5000 })
      .onConflictDoNothing();
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 1 });

    const response = await apply(browser, id, 'BIG50');

    expect(response.json().data.attributes).toMatchObject({
      total_discount: 10.5,
      total_price: 1.99,
    });
  });

  it('replaces the voucher already applied: one per basket', async () => {
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 2 });
    await apply(browser, id, 'PASTA5');

    await apply(browser, id, 'PASTA10');

    const listed = (await browser.get(`/baskets/${id}/vouchers`)).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0].attributes).toMatchObject({
      code: 'PASTA10',
      voucher_type: 'DiscountVoucher',
      value_type: 'percentage',
      value: 10,
    });
  });

  it('keeps the voucher but drops the discount when the basket falls below its minimum', async () => {
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 2 });
    const applied = await apply(browser, id, 'PASTA5');
    const lineId = applied.json().data.attributes.item_ids[0];

    const after = await browser.put(`/baskets/${id}/items/${lineId}`, { quantity: 1 });

    expect(after.json().data.attributes).toMatchObject({
      voucher_code: 'PASTA5',
      total_discount: 0,
      total_price: 12.49,
    });
  });
});

describe('POST /baskets/{id}/vouchers: refusals', () => {
  it.each([
    ['PASTA5', { [CACIO]: 1 }, 'voucher_below_minimum', 'Spend £20.00 or more to use PASTA5'],
    ['SUMMER23', { [CACIO]: 2 }, 'voucher_expired', 'SUMMER23 expired on 2023-08-31'],
    [
      'KITCHEN5',
      { [CACIO]: 2 },
      'voucher_wrong_proposition',
      "KITCHEN5 can't be used for takeaway orders",
    ],
    [
      'DOLCE50',
      { [CACIO]: 2 },
      'voucher_no_matching_items',
      'DOLCE50 applies to none of the dishes in your basket',
    ],
  ])('%s on %o: 400 %s with a detail to show as is', async (code, dishes, errorCode, detail) => {
    const browser = client();
    const id = await basketWith(browser, dishes);

    const response = await apply(browser, id, code);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: errorCode,
      detail,
      source: { pointer: '/code' },
    });
    expect((await browser.get(`/baskets/${id}/vouchers`)).json().data).toEqual([]);
  });

  it('refuses a voucher before its start date', async () => {
    await testApp()
      .database.db.insert(vouchers)
      .values({
        code: 'FUTURE',
        type: 'DiscountVoucher',
        valueType: 'percentage',
        value: 10,
        startDate: '2999-01-01',
      })
      .onConflictDoNothing();
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 1 });

    const response = await apply(browser, id, 'future');

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].detail).toBe('FUTURE can be used from 2999-01-01');
  });

  it('answers 404 for an unknown code', async () => {
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 1 });

    const response = await apply(browser, id, 'NOPE');

    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({ code: 'voucher_not_found' });
  });

  it("answers 404 for another customer's basket, and 401 without a session", async () => {
    const id = await basketWith(client(), { [CACIO]: 2 });

    const other = await apply(client().fromIp('10.0.0.9'), id, 'PASTA10');
    const stranger = client();
    await stranger.post('/baskets', takeaway);
    const foreign = await apply(stranger, id, 'PASTA10');
    const list = await stranger.get(`/baskets/${id}/vouchers`);

    expect(other.statusCode).toBe(401);
    expect(foreign.statusCode).toBe(404);
    expect(list.statusCode).toBe(404);
  });

  it('refuses bad input at the boundary', async () => {
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 1 });

    const missing = await browser.post(`/baskets/${id}/vouchers`, {});
    const empty = await apply(browser, id, '');
    const extra = await browser.post(`/baskets/${id}/vouchers`, { code: 'PASTA10', x: 1 });

    expect([missing.statusCode, empty.statusCode, extra.statusCode]).toEqual([400, 400, 400]);
    expect(missing.json().errors[0].source).toEqual({ pointer: '/code' });
  });
});

describe('DELETE /baskets/{id}/vouchers/{voucherId}', () => {
  it('removes the voucher and restores the totals', async () => {
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 2 });
    const voucherId = (await apply(browser, id, 'PASTA5')).json().data.relationships.voucher.data
      .id;

    const response = await browser.delete(`/baskets/${id}/vouchers/${voucherId}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({
      total_discount: 0,
      total_price: 22.99,
      voucher_code: null,
    });
    expect(response.json().data.relationships.voucher.data).toBeNull();
  });

  it('answers 404 for a voucher not on the basket', async () => {
    const browser = client();
    const id = await basketWith(browser, { [CACIO]: 2 });

    const response = await browser.delete(`/baskets/${id}/vouchers/999`);

    expect(response.statusCode).toBe(404);
  });
});
