import { giveStoreCredit, kitBasket, savedAddress } from './kit-orders';
import { addCard, signUp } from './payments';
import { ApiClient, type TestApp } from './test-app';

/**
 * A new customer with a saved address and a card (a Stripe test number, 4242 unless told) who
 * ordered a box of these lines at the kit checkout, starting a weekly plan; store credit, when
 * given, is theirs before the order. Their browser, and the plan and first order's ids.
 */
export async function customerWithPlan(
  { app, database }: TestApp,
  lines: Parameters<typeof kitBasket>[2],
  options: { card?: string; credit?: number } = {},
) {
  const browser = new ApiClient(app);
  const customerId = await signUp(browser);
  const address = await savedAddress(database, customerId);
  const card = await addCard(browser, options.card);
  if (options.credit) await giveStoreCredit(database, customerId, options.credit);
  const basket = await kitBasket(database, customerId, lines);
  const placed = await browser.post('/orders/recipe_kits', {
    basket_id: basket.id,
    shipping_address_id: String(address.id),
    payment_method_id: card.id,
  });
  if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.body}`);
  return {
    browser,
    customerId,
    subscriptionId: Number(placed.json().meta.subscription_id),
    orderId: placed.json().data.id as string,
  };
}
