import { orders } from '../../../server/db/schema';
import type { DatabaseHandle } from '../../../server/db/database';
import { signupBody } from './customers';
import type { ApiClient } from './test-app';

/** A signed-up customer's browser; returns their customer id. */
export async function signUp(browser: ApiClient): Promise<number> {
  const response = await browser.post('/customers', signupBody());
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  return Number(response.json().data.id);
}

export const nextYear = new Date().getUTCFullYear() + 1;

/** Saves a card through the sandbox as the browser would: setup, confirm, save. */
export async function addCard(browser: ApiClient, cardNumber = '4242424242424242') {
  const setup = await browser.post('/payment_methods/setup', {
    type: 'CreditCard',
    payment_processor_name: 'sandbox',
  });
  const { id, attributes } = setup.json().data;
  const confirmed = await browser.post(`/sandbox/setup_intents/${id}/confirm`, {
    client_secret: attributes.client_secret,
    card_number: cardNumber,
    exp_month: 12,
    exp_year: nextYear,
    cvc: '123',
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  const saved = await browser.post('/payment_methods', {
    setup_intent_id: id,
    payment_processor_name: 'sandbox',
    type: 'CreditCard',
  });
  return saved.json().data as { id: string; attributes: Record<string, unknown> };
}

/** A takeaway order waiting for payment, written directly (the checkout is not under test). */
export async function pendingOrder(
  database: DatabaseHandle,
  customerId: number,
  totalPence = 2450,
) {
  const [order] = await database.db
    .insert(orders)
    .values({
      customerId,
      type: 'takeaway',
      state: 'payment_pending',
      subtotalPence: totalPence,
      totalPence,
    })
    .returning();
  return order!;
}
