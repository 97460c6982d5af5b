import { describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { distanceInMiles } from '../../domain/distance';
import { etaDelayMinutes, prepMinutes } from '../../domain/eta';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

// Richmond (106): no orders are placed there by other tests in this file except the one below.
const inputs = {
  address1: '12 Devonshire Road',
  address2: null,
  city: 'London',
  zip: 'W4 2HD',
  phone: null,
  lat: 51.4916,
  lon: -0.2555,
  country: 'GB',
  restaurant_id: 16,
  time_slot: 'asap',
  number_of_items: 3,
};

describe('POST /delivery_estimation', () => {
  it('answers prep time from the items and a delay from the distance', async () => {
    const response = await client().post('/delivery_estimation', inputs);

    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.type).toBe('delivery_estimations');
    const prep = prepMinutes(3);
    const chiswick = (await client().get('/restaurants/16')).json().data.attributes;
    const delay = etaDelayMinutes(0, distanceInMiles(inputs, chiswick));
    expect(data.attributes).toEqual({
      prep_time: prep,
      eta_delay: delay,
      min_time_to_deliver: prep + delay + 15,
      max_time_to_deliver: prep + delay + 30,
    });
  });

  it("adds a delay for each of the restaurant's orders in progress (paid or accepted)", async () => {
    const body = { ...inputs, restaurant_id: 106 };
    const before = (await client().post('/delivery_estimation', body)).json().data.attributes;
    await testApp()
      .database.db.insert(orders)
      .values(
        ['paid', 'accepted', 'delivered', 'payment_pending'].map((state) => ({
          type: 'takeaway' as const,
          state,
          restaurantId: 106,
          subtotalPence: 1000,
          totalPence: 1000,
        })),
      );

    const after = (await client().post('/delivery_estimation', body)).json().data.attributes;

    expect(after.eta_delay - before.eta_delay).toBe(etaDelayMinutes(2, 0));
  });

  it('accepts a street without a UK postcode shape (product rule R4.6)', async () => {
    const response = await client().post('/delivery_estimation', { ...inputs, zip: 'W4' });

    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['no time slot', { time_slot: null }],
    ['no restaurant', { restaurant_id: null }],
    ['no zip', { zip: '' }],
    ['no lat', { lat: null }],
    ['no lon', { lon: null }],
    ['no country', { country: null }],
    ['no address1', { address1: null }],
    ['no city', { city: '' }],
    ['a placeholder street and no postcode shape', { address1: 'ignore_me', zip: 'W4' }],
  ])('refuses %s with a 400', async (_, change) => {
    const response = await client().post('/delivery_estimation', { ...inputs, ...change });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('estimation_inputs_incomplete');
  });

  it('refuses an unknown restaurant and bad input at the boundary', async () => {
    const unknown = await client().post('/delivery_estimation', { ...inputs, restaurant_id: 9999 });
    const badLat = await client().post('/delivery_estimation', { ...inputs, lat: 200 });
    const extra = await client().post('/delivery_estimation', { ...inputs, colour: 'red' });

    expect(unknown.json().errors[0]).toMatchObject({
      code: 'unknown_restaurant',
      source: { pointer: '/restaurant_id' },
    });
    expect(badLat.statusCode).toBe(400);
    expect(extra.statusCode).toBe(400);
  });
});
