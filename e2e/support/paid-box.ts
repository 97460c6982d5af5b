import type { APIRequestContext } from '@playwright/test';
import { apiCall, savedSandboxCard } from './api';
import { signUpViaApi } from './fixtures';
import { kitBasket, savedHome } from './kit-checkout';

/** The second saved address a box can move to (an order's "change delivery address"). */
export const OTHER_ADDRESS = {
  first_name: 'Carla',
  last_name: 'Bianchi',
  phone: '07812 345678',
  address1: '3 Leather Lane',
  city: 'London',
  zip: 'EC1N 7TJ',
};

/**
 * A new customer's paid one-week box of two regular dishes, made through the API; with
 * `otherAddress`, a second saved address to move it to.
 */
export async function paidBoxViaApi(
  request: APIRequestContext,
  { otherAddress = false } = {},
): Promise<string> {
  await signUpViaApi(request);
  const home = await savedHome(request);
  if (otherAddress) await apiCall(request, 'post', '/addresses', OTHER_ADDRESS);
  const card = await savedSandboxCard(request);
  const order = await apiCall(request, 'post', '/orders/recipe_kits', {
    basket_id: await kitBasket(request),
    shipping_address_id: home,
    payment_method_id: card,
  });
  return order.id as string;
}
