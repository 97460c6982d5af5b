import { expect, type APIRequestContext } from '@playwright/test';

const BRANCH = { 'X-Branch': 'web' };

/** A call to our API as the signed-in page makes it; fails the test with the server's answer. */
export async function apiCall(
  request: APIRequestContext,
  method: 'post' | 'put',
  url: string,
  data: unknown,
) {
  const response = await request[method](`/api/v2${url}`, { headers: BRANCH, data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()).data;
}

/** A card saved through the sandbox as the card form does (by default one that pays); answers its payment method id. */
export async function savedSandboxCard(
  request: APIRequestContext,
  number = '4242424242424242',
): Promise<string> {
  const setup = await apiCall(request, 'post', '/payment_methods/setup', {
    type: 'CreditCard',
    payment_processor_name: 'sandbox',
  });
  await apiCall(request, 'post', `/sandbox/setup_intents/${setup.id}/confirm`, {
    client_secret: setup.attributes.client_secret,
    card_number: number,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  const method = await apiCall(request, 'post', '/payment_methods', {
    setup_intent_id: setup.id,
    payment_processor_name: 'sandbox',
    type: 'CreditCard',
  });
  return method.id;
}
