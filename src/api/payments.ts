import type { components, operations } from '../../openapi/schema';
import type {
  CheckoutFailure,
  NewCard,
  PaymentGateway,
  PaymentOptions,
  SavedPaymentMethod,
} from '../../machines/checkout-shared/checkout-shared.types';
import type { SaveCardInput } from '../../machines/checkout-shared/checkout-shared';
import { parseCardExpiry } from '../../domain/checkout';
import { api, unwrap, type ApiClient } from './client';

type Schemas = components['schemas'];
export type PaymentCreate =
  operations['createPayment']['requestBody']['content']['application/json'];

/** A payment method resource as the checkouts show it. */
export function toPaymentMethod({ id, attributes }: Schemas['PaymentMethodResource']) {
  return {
    id,
    type: attributes.payment_method_type,
    brand: attributes.brand,
    last4: attributes.last4,
    email: attributes.email,
    isDefault: attributes.default,
  } satisfies SavedPaymentMethod;
}

/** The gateway the server pays with (GET settings), and so the card form the browser shows. */
export async function paymentGateway(client: ApiClient = api): Promise<PaymentGateway> {
  const { payment_processor: name, stripe_publishable_key: publishableKey } = (
    await unwrap(client.GET('/settings'))
  ).data.attributes;
  return name === 'stripe' && publishableKey ? { name, publishableKey } : { name: 'sandbox' };
}

/** The customer's saved methods and the gateway's card form, asked for together. */
export async function paymentOptions(client: ApiClient = api): Promise<PaymentOptions> {
  const [methods, gateway] = await Promise.all([
    unwrap(client.GET('/payment_methods')),
    paymentGateway(client),
  ]);
  return { methods: methods.data.map(toPaymentMethod), gateway };
}

/**
 * A payment attempt's key: a retried request repeats it, a new attempt (after a decline) does not.
 * The page's own random part keeps keys unique at the gateway even when order ids repeat (a
 * database reset); the server also namespaces them by customer.
 */
const pageNonce = crypto.randomUUID();
export const paymentAttemptKey = (flow: string, orderId: string, method: string, attempt: number) =>
  `${flow}-${orderId}-${pageNonce}-${method}-${attempt}`;

/** POST payments under an attempt's key: the payment as the gateway left it. */
export async function createPayment(
  body: PaymentCreate,
  idempotencyKey: string,
  client: ApiClient = api,
): Promise<Schemas['PaymentResource']['attributes']> {
  const payment = await unwrap(
    client.POST('/payments', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body }),
  );
  return payment.data.attributes;
}

/**
 * A payment after the bank's (or the wallet's) page, GET payment_details/{id}: how it ended (a
 * payment neither succeeded nor failed is still pending), for which order, and the bank's words.
 */
export async function paymentDetails(paymentId: string, client: ApiClient = api) {
  const payment = await unwrap(
    client.GET('/payment_details/{id}', { params: { path: { id: paymentId } } }),
  );
  const { state, order_id: orderId, amount, failure_message: message } = payment.data.attributes;
  const status = state === 'succeeded' || state === 'failed' ? state : ('pending' as const);
  return { status, orderId, amount, message };
}

/**
 * Saves a new card: a setup intent, confirmed by Stripe Elements or by the sandbox's stand-in
 * for Stripe.js, then kept as the customer's payment method. 'Request failed' when it fails.
 */
export async function saveNewCard(
  card: NewCard,
  gateway: PaymentGateway,
  client: ApiClient = api,
): Promise<SavedPaymentMethod> {
  const processor = gateway.name;
  const setup = await unwrap(
    client.POST('/payment_methods/setup', {
      body: { type: 'CreditCard', payment_processor_name: processor },
    }),
    'Request failed',
  );
  const clientSecret = setup.data.attributes.client_secret;
  if ('confirmSetup' in card) {
    await card.confirmSetup(clientSecret);
  } else {
    const expiry = parseCardExpiry(card.expiry);
    await unwrap(
      client.POST('/sandbox/setup_intents/{id}/confirm', {
        params: { path: { id: setup.data.id } },
        body: {
          client_secret: clientSecret,
          card_number: card.number.replace(/[\s-]/g, ''),
          exp_month: expiry?.month ?? 0,
          exp_year: expiry?.year ?? 0,
          cvc: card.cvc.trim(),
        },
      }),
      'Request failed',
    );
  }
  const saved = await unwrap(
    client.POST('/payment_methods', {
      body: {
        setup_intent_id: setup.data.id,
        payment_processor_name: processor,
        type: 'CreditCard',
      },
    }),
    'Request failed',
  );
  return toPaymentMethod(saved.data);
}

/** The machines' `saveCard` call: the new card chosen, saved with the gateway's form. */
export async function saveChosenCard(
  input: SaveCardInput<{ kind: string; card?: NewCard }>,
  client: ApiClient = api,
): Promise<SavedPaymentMethod> {
  const card = input.choice?.kind === 'newCard' ? input.choice.card : undefined;
  if (!card) throw { status: 0 } satisfies CheckoutFailure;
  return saveNewCard(card, input.gateway, client);
}

/** Starts saving a wallet (PayPal): the wallet's approval page, which returns to `returnUrl`. */
export async function startWalletSetup(
  gateway: PaymentGateway,
  returnUrl: string,
  client: ApiClient = api,
): Promise<{ actionUrl: string }> {
  const setup = await unwrap(
    client.POST('/payment_methods/setup', {
      body: { type: 'PaypalAccount', payment_processor_name: gateway.name, return_url: returnUrl },
    }),
    'Request failed',
  );
  const actionUrl = setup.data.attributes.action_url;
  if (!actionUrl) throw { status: 0 } satisfies CheckoutFailure;
  return { actionUrl };
}

/** Keeps the wallet the customer approved as a payment method. */
export async function saveWallet(
  setupIntentId: string,
  client: ApiClient = api,
): Promise<SavedPaymentMethod> {
  const saved = await unwrap(
    client.POST('/payment_methods', {
      body: {
        setup_intent_id: setupIntentId,
        payment_processor_name: (await paymentGateway(client)).name,
        type: 'PaypalAccount',
      },
    }),
    'Request failed',
  );
  return toPaymentMethod(saved.data);
}
