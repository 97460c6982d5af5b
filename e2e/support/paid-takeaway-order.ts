import { expect, type APIRequestContext } from '@playwright/test';

const BRANCH = { 'X-Branch': 'web' };

const poster =
  (request: APIRequestContext) =>
  async (url: string, data: unknown, status = 201) => {
    const response = await request.post(`/api/v2${url}`, { headers: BRANCH, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(status);
    return (await response.json()).data;
  };

/**
 * A takeaway basket for delivery from Chiswick to 12 Devonshire Road with two pasta dishes
 * (£24.99 with delivery), for the signed-in customer of `request`. Answers the basket id.
 */
export async function takeawayBasketViaApi(request: APIRequestContext): Promise<string> {
  const post = poster(request);
  const basket = await post('/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: 16,
    fulfillment_type: 'delivery',
    address: {
      address1: '12 Devonshire Road',
      city: 'London',
      zip: 'W4 2HD',
      phone: '+447812345678',
      lat: 51.4916,
      lon: -0.2555,
    },
  });
  await post(`/baskets/${basket.id}/items`, {
    product_variant_id: '102',
    quantity: 2,
    sub_items: [{ product_variant_id: '901' }],
  });
  return basket.id as string;
}

/** The sandbox's success card (Visa ending 4242) saved for the signed-in customer; its id. */
export async function savedCardViaApi(request: APIRequestContext): Promise<string> {
  const post = poster(request);
  const setup = await post('/payment_methods/setup', {
    type: 'CreditCard',
    payment_processor_name: 'sandbox',
  });
  await post(
    `/sandbox/setup_intents/${setup.id}/confirm`,
    {
      client_secret: setup.attributes.client_secret,
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    },
    200,
  );
  const method = await post('/payment_methods', {
    setup_intent_id: setup.id,
    payment_processor_name: 'sandbox',
    type: 'CreditCard',
  });
  return method.id as string;
}

/**
 * A paid delivery from Chiswick to 12 Devonshire Road for the signed-in customer of `request`
 * (share the page's request context so the page is signed in too), paid with the sandbox's
 * success card. Answers the order id; the kitchen simulator takes it from there.
 */
export async function paidTakeawayOrder(request: APIRequestContext): Promise<string> {
  const post = poster(request);
  const basketId = await takeawayBasketViaApi(request);
  const order = await post('/orders/takeaway', { basket_id: basketId });
  const methodId = await savedCardViaApi(request);
  await post('/payments', { order_id: order.id, payment_method_id: methodId });
  return order.id as string;
}
