import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { relaySignature } from '../../server/routes/relay/relay-signature';
import { createKitchenSimulator } from '../../server/services/kitchen-simulator';
import { signupBody } from './support/customers';
import { HOME } from './support/takeaway-orders';
import { ApiClient, useTestApp } from './support/test-app';

const SECRET = 'relay-test-secret';
const testApp = useTestApp({ env: { RELAY_SECRET: SECRET } });

async function paidOrder(fulfillmentType: 'delivery' | 'pickup' = 'delivery') {
  const browser = new ApiClient(testApp().app);
  await browser.post('/customers', signupBody());
  const created = await browser.post('/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: 16,
    fulfillment_type: fulfillmentType,
    address: HOME,
  });
  const basketId = created.json().data.id as string;
  await browser.post(`/baskets/${basketId}/items`, { product_variant_id: '102', quantity: 1 });
  const order = await browser.post('/orders/takeaway', { basket_id: basketId });
  const id = Number(order.json().data.id);
  await testApp()
    .database.db.update(orders)
    .set({ state: 'paid', paidAt: new Date() })
    .where(eq(orders.id, id));
  return { id, browser };
}

/** A relay call as the relay service sends it: no X-Branch header, signed. */
function relay(
  orderId: number,
  body: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const raw = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return testApp().app.inject({
    method: 'POST',
    url: `/api/v2/relay/orders/${orderId}/events`,
    headers: {
      'content-type': 'application/json',
      'x-relay-timestamp': timestamp,
      'x-relay-signature':
        options.signature ?? relaySignature(options.secret ?? SECRET, timestamp, raw),
    },
    payload: raw,
  });
}

const stateOf = async (id: number) =>
  (await testApp().database.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('POST /relay/orders/{id}/events', () => {
  it('moves a paid delivery through accepted, shipped and delivered, with timings and the driver', async () => {
    const { id, browser } = await paidOrder();

    const accepted = await relay(id, { state: 'accepted', prep_time: 20, eta_delay: 5 });
    const shipped = await relay(id, { state: 'shipped', driver_lat: 51.49, driver_lon: -0.26 });
    const moved = await relay(id, { state: 'shipped', driver_lat: 51.4905, driver_lon: -0.258 });
    const location = await browser.get(`/orders/${id}/driver_location`);
    const delivered = await relay(id, { state: 'delivered' });

    expect([accepted, shipped, moved, delivered].map((r) => r.statusCode)).toEqual([
      204, 204, 204, 204,
    ]);
    expect(location.json().data.attributes).toMatchObject({ lat: 51.4905, lon: -0.258 });
    const order = await stateOf(id);
    expect(order).toMatchObject({ state: 'delivered', prepMinutes: 20, etaDelayMinutes: 5 });
    expect(order?.acceptedAt).toBeInstanceOf(Date);
    expect(order?.shippedAt).toBeInstanceOf(Date);
    expect(order?.deliveredAt).toBeInstanceOf(Date);
    const view = await browser.get(`/orders/${id}`);
    expect(view.json().data.attributes).toMatchObject({
      state: 'delivered',
      prep_time: 20,
      eta_delay: 5,
      delivered_at: expect.any(String),
    });
  });

  it('moves a pickup through ready to collected', async () => {
    const { id } = await paidOrder('pickup');

    await relay(id, { state: 'accepted' });
    const shipped = await relay(id, { state: 'shipped' });
    const ready = await relay(id, { state: 'ready' });
    const collected = await relay(id, { state: 'collected' });

    expect(shipped.statusCode).toBe(409);
    expect([ready.statusCode, collected.statusCode]).toEqual([204, 204]);
    expect((await stateOf(id))?.state).toBe('collected');
  });

  it('answers 409 for a state that is not the next one, and changes nothing', async () => {
    const { id } = await paidOrder();

    const skipped = await relay(id, { state: 'delivered' });
    const back = await relay(id, { state: 'payment_pending' });

    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().errors[0]).toMatchObject({
      code: 'invalid_transition',
      detail: 'The order is paid: it can only move to accepted',
    });
    expect(back.statusCode).toBe(409);
    expect((await stateOf(id))?.state).toBe('paid');
  });

  it('does not move an order awaiting payment', async () => {
    const { id } = await paidOrder();
    await testApp()
      .database.db.update(orders)
      .set({ state: 'payment_pending' })
      .where(eq(orders.id, id));

    const response = await relay(id, { state: 'accepted' });

    expect(response.statusCode).toBe(409);
  });

  it('moves an order once when the same event arrives twice at once', async () => {
    const { id } = await paidOrder();

    const answers = await Promise.all([
      relay(id, { state: 'accepted' }),
      relay(id, { state: 'accepted' }),
    ]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
  });

  it('refuses a bad signature, another secret, an old timestamp or no signature with 401', async () => {
    const { id } = await paidOrder();
    const fiveMinutesAgo = Math.floor(Date.now() / 1000) - 5 * 60 - 5;

    const wrongSecret = await relay(id, { state: 'accepted' }, { secret: 'guess' });
    const tampered = await relay(id, { state: 'accepted' }, { signature: 'sha256=00' });
    const old = await relay(id, { state: 'accepted' }, { timestamp: fiveMinutesAgo });
    const unsigned = await testApp().app.inject({
      method: 'POST',
      url: `/api/v2/relay/orders/${id}/events`,
      headers: { 'content-type': 'application/json' },
      payload: { state: 'accepted' },
    });

    for (const response of [wrongSecret, tampered, old, unsigned]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('invalid_signature');
    }
    expect((await stateOf(id))?.state).toBe('paid');
  });

  it('signs the exact bytes: the same JSON with other spacing fails', async () => {
    const { id } = await paidOrder();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = relaySignature(SECRET, timestamp, JSON.stringify({ state: 'accepted' }));

    const response = await testApp().app.inject({
      method: 'POST',
      url: `/api/v2/relay/orders/${id}/events`,
      headers: {
        'content-type': 'application/json',
        'x-relay-timestamp': timestamp,
        'x-relay-signature': signature,
      },
      payload: '{ "state": "accepted" }',
    });

    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for an unknown order and 400 for an unknown state', async () => {
    const unknown = await relay(999_999, { state: 'accepted' });
    const { id } = await paidOrder();
    const invalid = await relay(id, { state: 'teleported' });

    expect(unknown.statusCode).toBe(404);
    expect(invalid.statusCode).toBe(400);
  });
});

describe('the embedded kitchen simulator', () => {
  it('takes a paid delivery to delivered through the same transitions, driving towards the address', async () => {
    const { id, browser } = await paidOrder();
    let clock = new Date(Date.now() + 1000);
    const kitchen = createKitchenSimulator({
      db: testApp().database.db,
      config: { simulator: true, tickMs: 1000, acceptMs: 5_000, prepMs: 5_000, driveMs: 10_000 },
      now: () => clock,
    });
    const advance = async (ms: number) => {
      clock = new Date(clock.getTime() + ms);
      await kitchen.tick();
    };

    await advance(5_000);
    const accepted = (await stateOf(id))?.state;
    await advance(5_000);
    const start = (await browser.get(`/orders/${id}/driver_location`)).json().data.attributes;
    await advance(5_000);
    const halfway = (await browser.get(`/orders/${id}/driver_location`)).json().data.attributes;
    await advance(5_000);

    expect(accepted).toBe('accepted');
    expect(start).toMatchObject({ lat: start.restaurant_lat, lon: start.restaurant_lon });
    expect(halfway.lat).toBeCloseTo((start.restaurant_lat + start.destination_lat) / 2, 6);
    expect(halfway.lon).toBeCloseTo((start.restaurant_lon + start.destination_lon) / 2, 6);
    expect((await stateOf(id))?.state).toBe('delivered');
    await kitchen.stop();
  });
});
