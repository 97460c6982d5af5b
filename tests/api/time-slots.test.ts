import { describe, expect, it } from 'vitest';
import { ApiClient, useTestApp } from './support/test-app';

// A fixed clock: Sunday 22 November 2026, 18:05 in London (GMT).
const testApp = useTestApp({ overrides: { now: () => new Date('2026-11-22T18:05:00Z') } });
const client = () => new ApiClient(testApp().app);

describe('GET /restaurants/{id}/time_slots', () => {
  it('gives today’s slots from 30 minutes ahead, in 15-minute windows', async () => {
    const response = await client().get(
      '/restaurants/16/time_slots?date=2026-11-22&fulfillment_type=delivery',
    );

    expect(response.statusCode).toBe(200);
    const slots = response.json().data;
    expect(slots[0]).toEqual({
      type: 'time_slots',
      id: '2026-11-22T18:45',
      attributes: { date: '2026-11-22', start: '18:45', end: '19:00' },
    });
    expect(slots.at(-1).attributes).toEqual({ date: '2026-11-22', start: '21:45', end: '22:00' });
  });

  it('refuses a date that is not a date, and a type the site does not offer', async () => {
    expect((await client().get('/restaurants/16/time_slots?date=tomorrow')).statusCode).toBe(400);
    const notOffered = await client().get(
      '/restaurants/145/time_slots?date=2026-11-23&fulfillment_type=delivery',
    );
    expect(notOffered.json().errors[0].code).toBe('fulfillment_type_unavailable');
  });
});

describe('GET /restaurants/{id}/time_slot_dates', () => {
  it('lists the next 7 days, today first', async () => {
    const response = await client().get('/restaurants/16/time_slot_dates');
    expect(response.json().data).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });
});

describe('GET /restaurants/{id}/eat_in_available', () => {
  it('is available at an open site with eat-in, not at one without, 404 for an unknown site', async () => {
    expect(
      (await client().get('/restaurants/16/eat_in_available')).json().data.attributes.available,
    ).toBe(true);
    expect((await client().get('/restaurants/999/eat_in_available')).statusCode).toBe(404);
  });
});
