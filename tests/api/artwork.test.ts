import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);
const publicDir = path.resolve(import.meta.dirname, '../../public');

interface Resource {
  id: string;
  attributes: { image_url: string | null; site?: string; title?: string };
}

describe('artwork in the API (product rules R14.6, R14.8)', () => {
  it('gives every restaurant its own shop front, a file that exists', async () => {
    const response = await client().get('/restaurants/all');

    expect(response.statusCode).toBe(200);
    const restaurants = response.json().data as Resource[];
    const urls = restaurants.map((r) => r.attributes.image_url);
    expect(urls.every((url) => url?.startsWith('/artwork/restaurant/'))).toBe(true);
    expect(new Set(urls).size).toBe(restaurants.length);
    for (const url of urls)
      expect(fs.existsSync(path.join(publicDir, url ?? '')), url ?? '').toBe(true);
  });

  it('gives one restaurant and the nearest ones with their image_url', async () => {
    const one = await client().get('/restaurants/16');
    const nearest = await client().get('/restaurants/nearest?lat=51.4916&lon=-0.2555');

    expect(one.json().data.attributes.image_url).toBe('/artwork/restaurant/chiswick.svg');
    expect(nearest.json().data[0].attributes.image_url).toBe('/artwork/restaurant/chiswick.svg');
  });

  it('gives every dish and add-on of a menu its own picture', async () => {
    for (const fulfillment of ['delivery', 'pickup', 'eat_in']) {
      const response = await client().get(`/restaurants/16/menu?fulfillment_type=${fulfillment}`);
      const products = response.json().included as Resource[];

      const missing = products.filter(
        (p) =>
          !p.attributes.image_url || !fs.existsSync(path.join(publicDir, p.attributes.image_url)),
      );
      expect(missing.map((p) => p.attributes.title)).toEqual([]);
      const urls = products.map((p) => p.attributes.image_url);
      expect(new Set(urls).size).toBe(products.length);
    }
  });
});
