import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { basketItems, baskets } from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { signupBody } from './support/customers';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp({ env: { DEV_TOOLS: 'true' } });
const client = () => new ApiClient(testApp().app);
const takeaway = { type: 'TakeawayBasket', restaurant_id: 16, fulfillment_type: 'delivery' };

async function basketWith(browser: ApiClient) {
  const created = await browser.post('/baskets', takeaway);
  return created.json().data.id as string;
}

describe('POST /baskets', () => {
  it('creates a takeaway basket for a visitor with the defaults of product rule R4.2: delivery, today, asap', async () => {
    const browser = client();

    const response = await browser.post('/baskets', takeaway);

    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes).toMatchObject({
      basket_type: 'TakeawayBasket',
      fulfillment_type: 'delivery',
      time_slot: 'asap',
      asap: true,
      restaurant_id: '16',
      delivery_date: new Date().toISOString().slice(0, 10),
      total_price: 0,
    });
    expect(response.json().meta).toEqual({
      minimum_spend: 10,
      minimum_spend_per_order: 10,
      request_card: false,
    });
    expect(browser.cookieHeader).toContain('sfoglia_session=');
  });

  it('is idempotent: the same owner gets the same basket, even from concurrent calls', async () => {
    const browser = client();
    await browser.post('/baskets', takeaway);

    const answers = await Promise.all([
      browser.post('/baskets', takeaway),
      browser.post('/baskets', takeaway),
    ]);

    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
  });

  it('needs a restaurant that offers the fulfilment type', async () => {
    const missing = await client().post('/baskets', { type: 'TakeawayBasket' });
    const notOffered = await client().post('/baskets', { ...takeaway, restaurant_id: 145 });

    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({
      code: 'restaurant_required',
      source: { pointer: '/restaurant_id' },
    });
    expect(notOffered.json().errors[0].code).toBe('fulfillment_type_unavailable');
  });
});

describe('basket items', () => {
  it('adds a dish with its modifiers and prices the line with them', async () => {
    const browser = client();
    const id = await basketWith(browser);

    const response = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '102',
      quantity: 2,
      sub_items: [{ product_variant_id: '901' }, { product_variant_id: '902' }],
    });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    const line = body.included.find(
      (item: { attributes: { parent: string | null } }) => item.attributes.parent === null,
    );
    expect(line.attributes).toMatchObject({
      title: 'Cacio e Pepe',
      quantity: 2,
      price: 15,
      total: 30,
    });
    expect(line.attributes.sub_item_ids).toHaveLength(2);
    expect(body.data.attributes).toMatchObject({
      subtotal_price: 30,
      delivery_price: 1.99,
      total_discount: 0,
      total_price: 31.99,
      item_ids: [line.id],
    });
  });

  it('refuses a dish that is not on the menu, a sold-out one and a foreign modifier, writing nothing', async () => {
    const browser = client();
    const id = await basketWith(browser);
    const before = (await testApp().database.db.select({ n: count() }).from(basketItems))[0]?.n;

    const offMenu = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '601',
      quantity: 1,
    });
    const soldOut = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '106',
      quantity: 1,
    });
    const foreign = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '102',
      quantity: 1,
      sub_items: [{ product_variant_id: '201' }],
    });

    expect(offMenu.json().errors[0].code).toBe('unknown_product');
    expect(soldOut.json().errors[0]).toMatchObject({
      code: 'product_unavailable',
      detail: 'Gnocchi al Pomodoro is sold out for now',
    });
    expect(foreign.json().errors[0].code).toBe('unknown_modifier');
    expect((await testApp().database.db.select({ n: count() }).from(basketItems))[0]?.n).toBe(
      before,
    );
  });

  it('changes quantities, removes one line with its modifiers, and removes many', async () => {
    const browser = client();
    const id = await basketWith(browser);
    await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '103',
      quantity: 1,
      sub_items: [{ product_variant_id: '901' }],
    });
    await browser.post(`/baskets/${id}/items`, { product_variant_id: '201', quantity: 1 });
    const added = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '202',
      quantity: 1,
    });
    const [ragu, burrata, focaccia] = added.json().data.attributes.item_ids as string[];

    const more = await browser.put(`/baskets/${id}/items/${burrata}`, { quantity: 3 });
    expect(more.json().data.attributes.subtotal_price).toBe(13.95 + 22.5 + 4.5);

    const fewer = await browser.delete(`/baskets/${id}/items/${ragu}`);
    expect(fewer.json().included).toHaveLength(2);

    const none = await browser.call('DELETE', `/baskets/${id}/items/many`, {
      ids: [burrata, focaccia],
    });
    expect(none.statusCode).toBe(200);
    expect(none.json().data.attributes.item_ids).toEqual([]);
  });

  it('refuses a quantity of 0: the client removes the item instead', async () => {
    const browser = client();
    const id = await basketWith(browser);
    const added = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '201',
      quantity: 1,
    });

    const response = await browser.put(
      `/baskets/${id}/items/${added.json().data.attributes.item_ids[0]}`,
      { quantity: 0 },
    );

    expect(response.statusCode).toBe(400);
  });
});

describe('GET /baskets/{id}/validate', () => {
  it('says how much is missing below the 10 pound minimum, then accepts', async () => {
    const browser = client();
    const id = await basketWith(browser);
    const empty = await browser.get(`/baskets/${id}/validate?validate_fully=true`);
    await browser.post(`/baskets/${id}/items`, { product_variant_id: '202', quantity: 1 });
    const below = await browser.get(`/baskets/${id}/validate?validate_fully=true`);
    await browser.post(`/baskets/${id}/items`, { product_variant_id: '102', quantity: 1 });
    const enough = await browser.get(`/baskets/${id}/validate?validate_fully=true`);

    expect(empty.json().errors[0].code).toBe('basket_empty');
    expect(below.statusCode).toBe(400);
    expect(below.json().errors[0]).toMatchObject({
      code: 'below_minimum',
      detail: 'Add £5.50 more to reach the £10.00 minimum',
    });
    expect(enough.statusCode).toBe(200);
  });
});

describe('ownership', () => {
  it("answers 404 for another owner's basket, for every call", async () => {
    const id = await basketWith(client());
    const stranger = client();
    await stranger.post('/customers', signupBody());

    const answers = await Promise.all([
      stranger.get(`/baskets/${id}`),
      stranger.put(`/baskets/${id}`, { time_slot: '18:00' }),
      stranger.post(`/baskets/${id}/items`, { product_variant_id: '102', quantity: 1 }),
      stranger.get(`/baskets/${id}/validate`),
      stranger.delete(`/baskets/${id}`),
    ]);

    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await client().get(`/baskets/${id}`)).statusCode).toBe(404);
  });

  it("moves a visitor's basket to the customer at sign-in", async () => {
    const browser = client();
    const id = await basketWith(browser);
    await browser.post(`/baskets/${id}/items`, { product_variant_id: '102', quantity: 1 });

    await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    const list = await browser.get('/baskets');

    expect(list.json().data.map((b: { id: string }) => b.id)).toContain(id);
    const [row] = await testApp().database.db.select().from(baskets).where(eq(baskets.id, id));
    expect(row?.customerId).not.toBeNull();
    expect(row?.sessionTokenHash).toBeNull();
  });

  it('lists nothing without a session, and deletes a basket with its items', async () => {
    expect((await client().get('/baskets')).json()).toEqual({ data: [], included: [] });
    const browser = client();
    const id = await basketWith(browser);
    await browser.post(`/baskets/${id}/items`, { product_variant_id: '102', quantity: 1 });

    expect((await browser.delete(`/baskets/${id}`)).statusCode).toBe(204);
    expect(
      await testApp().database.db.select().from(basketItems).where(eq(basketItems.basketId, id)),
    ).toEqual([]);
  });
});

describe('PUT /baskets/{id}', () => {
  it('changes the slot, fulfilment type and address', async () => {
    const browser = client();
    const id = await basketWith(browser);

    const response = await browser.put(`/baskets/${id}`, {
      time_slot: '19:00',
      time_slot_end_time: '19:15',
      fulfillment_type: 'pickup',
      address: {
        address1: '12 Devonshire Road',
        city: 'London',
        zip: 'W4 2HD',
        lat: 51.4916,
        lon: -0.2555,
      },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({
      time_slot: '19:00',
      time_slot_end_time: '19:15',
      asap: false,
      fulfillment_type: 'pickup',
      address: { address1: '12 Devonshire Road', zip: 'W4 2HD' },
    });
  });

  it('refuses an unknown field and a bad address', async () => {
    const browser = client();
    const id = await basketWith(browser);

    const unknown = await browser.put(`/baskets/${id}`, { colour: 'red' });
    const badAddress = await browser.put(`/baskets/${id}`, {
      address: { city: 'London', zip: 'W4 2HD' },
    });

    expect(unknown.statusCode).toBe(400);
    expect(badAddress.json().errors[0]).toMatchObject({
      detail: 'address.address1 is required',
      source: { pointer: '/address/address1' },
    });
  });
});

describe('adoption through an emailed link', () => {
  it("moves a visitor's basket to the customer who signs in with a link", async () => {
    const body = signupBody();
    await client().post('/customers', body);
    await client().post('/customers/password_reset', { email: body.email });
    const text: string = (
      await client().get(`/dev/emails?to=${encodeURIComponent(body.email)}`)
    ).json().data[0].attributes.text;
    const token = text.match(/token=([\w-]+)/)?.[1] ?? '';
    const browser = client();
    const id = await basketWith(browser);

    await browser.post('/sessions/token', { token });

    expect((await browser.get('/baskets')).json().data.map((b: { id: string }) => b.id)).toEqual([
      id,
    ]);
  });
});

describe('basket totals (priceBasket)', () => {
  it('charges the default delivery price for delivery only, not for pickup', async () => {
    const browser = client();
    const id = await basketWith(browser);
    await browser.post(`/baskets/${id}/items`, { product_variant_id: '102', quantity: 1 });

    const delivery = (await browser.get(`/baskets/${id}`)).json().data.attributes;
    const pickup = (await browser.put(`/baskets/${id}`, { fulfillment_type: 'pickup' })).json().data
      .attributes;

    expect(delivery).toMatchObject({
      subtotal_price: 10.5,
      delivery_price: 1.99,
      total_price: 12.49,
    });
    expect(pickup).toMatchObject({ subtotal_price: 10.5, delivery_price: 0, total_price: 10.5 });
  });

  it('an empty basket costs nothing, not even delivery', async () => {
    const browser = client();
    const id = await basketWith(browser);

    expect((await browser.get(`/baskets/${id}`)).json().data.attributes).toMatchObject({
      delivery_price: 0,
      total_price: 0,
      voucher_code: null,
    });
  });
});

describe('identical adds make one line (product rules R4.10 and R4.11)', () => {
  const topLines = (body: { included: { id: string; attributes: { parent: string | null } }[] }) =>
    body.included.filter((item) => item.attributes.parent === null);

  it('adds the same dish with the same extras, in any order, to the existing line', async () => {
    const browser = client();
    const id = await basketWith(browser);
    await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '102',
      quantity: 1,
      sub_items: [{ product_variant_id: '901' }, { product_variant_id: '902' }],
    });

    const again = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '102',
      quantity: 2,
      sub_items: [{ product_variant_id: '902' }, { product_variant_id: '901' }],
    });

    expect(again.statusCode).toBe(201);
    const lines = topLines(again.json());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ attributes: { title: 'Cacio e Pepe', quantity: 3 } });
    expect(again.json().included).toHaveLength(3);
    expect(again.json().data.attributes.subtotal_price).toBe(45);
  });

  it('keeps a plain dish and the same dish with extras on separate lines', async () => {
    const browser = client();
    const id = await basketWith(browser);
    await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '102',
      quantity: 1,
      sub_items: [{ product_variant_id: '901' }],
    });
    await browser.post(`/baskets/${id}/items`, { product_variant_id: '102', quantity: 1 });
    const third = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '102',
      quantity: 1,
    });

    const lines = topLines(third.json()) as unknown as {
      attributes: { quantity: number; sub_item_ids: string[] };
    }[];
    expect(
      lines.map((line) => [line.attributes.quantity, line.attributes.sub_item_ids.length]),
    ).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });

  it('ends two parallel identical adds as one line with quantity 2', async () => {
    const browser = client();
    const id = await basketWith(browser);
    const add = () =>
      browser.post(`/baskets/${id}/items`, {
        product_variant_id: '102',
        quantity: 1,
        sub_items: [{ product_variant_id: '901' }],
      });

    const answers = await Promise.all([add(), add()]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const rows = await testApp()
      .database.db.select()
      .from(basketItems)
      .where(eq(basketItems.basketId, id));
    const parents = rows.filter((row) => row.parentId === null);
    expect(parents).toHaveLength(1);
    expect(parents[0]?.quantity).toBe(2);
    expect(rows).toHaveLength(2);
  });

  it('refuses a merge above 50 with quantity_limit, writing nothing', async () => {
    const browser = client();
    const id = await basketWith(browser);
    await browser.post(`/baskets/${id}/items`, { product_variant_id: '201', quantity: 45 });

    const tooMany = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '201',
      quantity: 6,
    });
    const upToLimit = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: '201',
      quantity: 5,
    });

    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({
      code: 'quantity_limit',
      detail: 'You can have up to 50 Burrata in one basket',
      source: { pointer: '/quantity' },
    });
    expect(topLines(upToLimit.json())).toMatchObject([{ attributes: { quantity: 50 } }]);
  });
});
