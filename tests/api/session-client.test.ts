import { describe, expect, it } from 'vitest';
import { deliveryWindowEnd, firstDeliveryDate } from '../../domain/delivery-dates';
import { addDays, weekStart } from '../../domain/weeks';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);
// The seed puts unavailable dates two weeks from the seeding week.
const inTwoWeeks = addDays(weekStart(new Date()), 14);

interface DeliveryDate {
  id: string;
  attributes: { date: string; available: boolean; week_start: string; cutoff: string };
}

describe('POST /session_client/delivery_dates', () => {
  it('lists the 21-day window from the first deliverable day, without Sundays', async () => {
    const response = await client().post('/session_client/delivery_dates', { postcode: 'w4 2hd' });

    expect(response.statusCode).toBe(200);
    const dates = response.json().data as DeliveryDate[];
    const first = firstDeliveryDate(new Date());
    expect(dates[0]?.id).toBe(first);
    expect((dates.at(-1)?.id ?? '') <= deliveryWindowEnd(first)).toBe(true);
    expect(dates.every((d) => new Date(`${d.id}T00:00:00Z`).getUTCDay() !== 0)).toBe(true);
    expect(dates[0]?.attributes).toMatchObject({ date: first, week_start: weekStart(first) });
    expect(new Date(dates[0]?.attributes.cutoff ?? '').getUTCDay()).toBeGreaterThanOrEqual(3);
  });

  it('marks the dates the courier does not deliver', async () => {
    const response = await client().post('/session_client/delivery_dates', {
      postcode: 'W4 2HD',
      begin_date: inTwoWeeks,
    });
    const dates = response.json().data as DeliveryDate[];
    const closed = dates.filter((d) => !d.attributes.available).map((d) => d.id);
    expect(closed).toContain(addDays(inTwoWeeks, 2));
  });

  it('starts no earlier than the first deliverable day', async () => {
    const response = await client().post('/session_client/delivery_dates', {
      postcode: 'W4 2HD',
      begin_date: '2020-01-06',
    });
    expect(response.json().data[0].id).toBe(firstDeliveryDate(new Date()));
  });

  it.each([
    [{ postcode: 'NOT A POSTCODE' }, '/postcode'],
    [{ postcode: 'W4 2HD', begin_date: '2026-02-30' }, '/begin_date'],
    [{ postcode: 'W4 2HD', begin_date: 'soon' }, '/begin_date'],
    [{}, undefined],
  ])('refuses %j with 400', async (body, pointer) => {
    const response = await client().post('/session_client/delivery_dates', body);
    expect(response.statusCode).toBe(400);
    if (pointer) expect(response.json().errors[0].source.pointer).toBe(pointer);
  });
});

describe('POST /session_client/constraints', () => {
  const body = {
    postcode: 'W4 2HD',
    begin_date: inTwoWeeks,
    end_date: addDays(inTwoWeeks, 20),
    product_variant_ids: ['71', '72', '11'],
  };

  it('lists unavailable dates and the basket products unavailable on dates', async () => {
    const response = await client().post('/session_client/constraints', body);

    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.type).toBe('constraints');
    expect(data.attributes.unavailable_dates).toEqual(
      expect.arrayContaining([addDays(inTwoWeeks, 2), addDays(inTwoWeeks, 12)]),
    );
    expect(data.attributes.unavailable_products).toEqual([
      { product: '71', dates: [addDays(inTwoWeeks, 3), addDays(inTwoWeeks, 4)] },
      { product: '72', dates: [addDays(inTwoWeeks, 3), addDays(inTwoWeeks, 4)] },
    ]);
  });

  it('lists Christmas Day and Boxing Day as unavailable', async () => {
    const response = await client().post('/session_client/constraints', {
      ...body,
      begin_date: '2030-12-20',
      end_date: '2031-01-09',
      product_variant_ids: [],
    });
    expect(response.json().data.attributes.unavailable_dates).toEqual(['2030-12-25', '2030-12-26']);
  });

  it.each([
    [{ ...body, postcode: '12345' }, '/postcode'],
    [{ ...body, end_date: addDays(inTwoWeeks, -1) }, '/end_date'],
    [{ ...body, end_date: addDays(inTwoWeeks, 62) }, '/end_date'],
    [
      { ...body, product_variant_ids: ['gid://sfoglia/ProductVariant/11'] },
      '/product_variant_ids/0',
    ],
  ])('refuses bad input with 400 (%#)', async (bad, pointer) => {
    const response = await client().post('/session_client/constraints', bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source.pointer).toBe(pointer);
  });
});

describe('GET /session_client/courier_delivery_instructions', () => {
  it('lists the instructions a customer can give', async () => {
    const response = await client().get('/session_client/courier_delivery_instructions');

    expect(response.statusCode).toBe(200);
    const labels = response
      .json()
      .data.map((i: { attributes: { label: string } }) => i.attributes.label);
    expect(labels).toEqual(
      expect.arrayContaining(['Leave with a neighbour', 'Leave in a safe place', 'Ring the bell']),
    );
    expect(response.json().data[0]).toEqual({
      type: 'courier_delivery_instructions',
      id: 'leave-with-neighbour',
      attributes: { label: 'Leave with a neighbour' },
    });
  });
});
