import { describe, expect, it } from 'vitest';
import { takeawaySnoozes } from '../../server/db/schema';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

interface Category {
  id: string;
  attributes: { name: string; position: number; product_ids: string[] };
}
interface Product {
  id: string;
  attributes: {
    title: string;
    price: number;
    kind: string;
    is_kit: boolean;
    sub_products: { product_id: string; position: number }[];
  };
}

describe('GET /restaurants/{id}/menu', () => {
  it('gives the categories in position order with their products and modifiers', async () => {
    const response = await client().get('/restaurants/16/menu?fulfillment_type=delivery');

    expect(response.statusCode).toBe(200);
    const { data, included } = response.json() as { data: Category[]; included: Product[] };
    expect(data.map((c) => c.attributes.name)).toEqual([
      "This Week's Specials",
      'Fresh Pasta',
      'Starters & Sides',
      'Desserts',
      'Gelato',
      'Drinks',
      'Recipe Kits',
    ]);
    const positions = data.map((c) => c.attributes.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const cacio = included.find((p) => p.attributes.title === 'Cacio e Pepe');
    expect(cacio?.attributes).toMatchObject({ price: 10.5, kind: 'dish', is_kit: false });
    const modifierTitles = cacio?.attributes.sub_products.map(
      (s) => included.find((p) => p.id === s.product_id)?.attributes.title,
    );
    expect(modifierTitles).toEqual([
      'Extra Parmigiano',
      'Add burrata',
      'Gluten-free pasta',
      'Extra chilli',
    ]);
    expect(included.find((p) => p.attributes.title === 'Ragù Kit for Two')?.attributes.is_kit).toBe(
      true,
    );
  });

  it('does not deliver alcohol, and offers kits only for delivery', async () => {
    const eatIn = (await client().get('/restaurants/16/menu?fulfillment_type=eat_in')).json() as {
      data: Category[];
    };

    expect(eatIn.data.map((c) => c.attributes.name)).toContain('Alcoholic Drinks');
    expect(eatIn.data.map((c) => c.attributes.name)).not.toContain('Recipe Kits');
  });

  it('refuses a fulfilment type the site does not offer, an unknown site, and a missing type', async () => {
    const notOffered = await client().get('/restaurants/145/menu?fulfillment_type=delivery');
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().errors[0]).toMatchObject({
      code: 'fulfillment_type_unavailable',
      source: { parameter: 'fulfillment_type' },
    });
    expect((await client().get('/restaurants/999/menu?fulfillment_type=pickup')).statusCode).toBe(
      404,
    );
    expect((await client().get('/restaurants/16/menu')).statusCode).toBe(400);
  });
});

describe('GET /restaurants/{id}/snoozed_products', () => {
  it('lists what the kitchen has run out of, until it is back', async () => {
    const db = testApp().database.db;
    await db
      .insert(takeawaySnoozes)
      .values({ restaurantId: 19, productId: 102, until: new Date(Date.now() + 60_000) });
    await db
      .insert(takeawaySnoozes)
      .values({ restaurantId: 19, productId: 103, until: new Date(Date.now() - 60_000) });

    const response = await client().get(
      '/restaurants/19/snoozed_products?fulfillment_type=delivery',
    );

    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((s: { id: string }) => s.id)).toEqual(['102']);
  });

  it('shows the seeded Chiswick snooze', async () => {
    const response = await client().get('/restaurants/16/snoozed_products');
    expect(response.json().data.map((s: { id: string }) => s.id)).toEqual(['106']);
  });
});
