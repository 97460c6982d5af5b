import { expect } from 'vitest';
import type { ApiClient } from './test-app';

/** 12 Devonshire Road, delivered from Chiswick. */
export const HOME = {
  address1: '12 Devonshire Road',
  city: 'London',
  zip: 'W4 2HD',
  phone: '+447812345678',
  lat: 51.4916,
  lon: -0.2555,
};

/**
 * A takeaway basket through the API for the signed-in customer of `browser`: 2 × Cacio e Pepe
 * with Extra Parmigiano, delivered to HOME. Answers its id.
 */
export async function takeawayBasket(browser: ApiClient): Promise<string> {
  const basket = await browser.post('/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: 16,
    fulfillment_type: 'delivery',
    address: HOME,
  });
  const basketId = basket.json().data.id as string;
  await browser.post(`/baskets/${basketId}/items`, {
    product_variant_id: '102',
    quantity: 2,
    sub_items: [{ product_variant_id: '901' }],
  });
  return basketId;
}

/** That basket ordered today, not yet paid. Answers the order's id. */
export async function takeawayOrder(browser: ApiClient): Promise<number> {
  const basketId = await takeawayBasket(browser);
  const order = await browser.post('/orders/takeaway', { basket_id: basketId });
  expect(order.statusCode).toBe(201);
  return Number(order.json().data.id);
}
