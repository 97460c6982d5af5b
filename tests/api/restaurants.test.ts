import { describe, expect, it } from 'vitest';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

describe('GET /restaurants/all', () => {
  it('lists the sites of product rule R3.12 with their ids', async () => {
    const response = await client().get('/restaurants/all');

    expect(response.statusCode).toBe(200);
    const ids = Object.fromEntries(
      response
        .json()
        .data.map((r: { id: string; attributes: { site: string } }) => [r.attributes.site, r.id]),
    );
    expect(ids).toEqual({
      Chiswick: '16',
      Farringdon: '19',
      Greenwich: '98',
      Guildford: '46',
      'York (hotel)': '109',
      'Manchester Airport': '145',
      Richmond: '106',
      'New Oxford Street': '185',
    });
  });
});

describe('GET /restaurants/{id}', () => {
  it('gives one restaurant', async () => {
    const response = await client().get('/restaurants/16');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: '16',
      attributes: { site: 'Chiswick', postcode: 'W4 4PU' },
    });
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    expect((await client().get('/restaurants/999')).statusCode).toBe(404);
    const bad = await client().get('/restaurants/chiswick');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].source).toEqual({ parameter: 'id' });
  });
});

describe('GET /restaurants/nearest', () => {
  it('puts the nearest delivering restaurant first, with its distance to 2 decimals', async () => {
    const response = await client().get(
      '/restaurants/nearest?lat=51.4916&lon=-0.2555&fulfillment_type=delivery',
    );

    const [first] = response.json().data;
    expect(first.id).toBe('16');
    expect(first.attributes.distance_miles).toBe(0.23);
  });

  it('finds none far from every restaurant', async () => {
    const response = await client().get(
      '/restaurants/nearest?lat=55.9521&lon=-3.1895&fulfillment_type=delivery',
    );
    expect(response.json().data).toEqual([]);
  });

  it('never offers delivery from a site that does not deliver', async () => {
    const nearYorkHotel = await client().get('/restaurants/nearest?lat=53.9618&lon=-1.0829');
    const pickup = await client().get(
      '/restaurants/nearest?lat=53.9618&lon=-1.0829&fulfillment_type=pickup',
    );

    expect(nearYorkHotel.json().data).toEqual([]);
    expect(pickup.json().data[0].id).toBe('109');
  });

  it('refuses a latitude out of range', async () => {
    const response = await client().get('/restaurants/nearest?lat=123&lon=0');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source).toEqual({ parameter: 'lat' });
  });
});
