import type {
  CheckoutFailure,
  NewCard,
  PaymentGateway,
  PaymentOptions,
  SavedPaymentMethod,
} from '../../../machines/checkout-shared/checkout-shared.types';
import type { SaveCardInput } from '../../../machines/checkout-shared/checkout-shared';
import { api, unwrap } from '../../api/client';
import { parseCardExpiry } from '../../../domain/checkout';
import { checkoutCall } from './checkout-call';

/** A payment method resource as the checkouts show it. */
export function toPaymentMethod(resource: {
  id: string;
  attributes: {
    payment_method_type: SavedPaymentMethod['type'];
    brand: string | null;
    last4: string | null;
    email: string | null;
    default: boolean;
  };
}): SavedPaymentMethod {
  const { attributes } = resource;
  return {
    id: resource.id,
    type: attributes.payment_method_type,
    brand: attributes.brand,
    last4: attributes.last4,
    email: attributes.email,
    isDefault: attributes.default,
  };
}

/** The gateway the server pays with (GET settings), and so the card form the browser shows. */
export async function paymentGateway(): Promise<PaymentGateway> {
  const { payment_processor: name, stripe_publishable_key: publishableKey } = (
    await unwrap(api.GET('/settings'))
  ).data.attributes;
  return name === 'stripe' && publishableKey ? { name, publishableKey } : { name: 'sandbox' };
}

/** The customer's saved methods and the gateway's card form, asked for together. */
export async function paymentOptions(): Promise<PaymentOptions> {
  const [methods, gateway] = await Promise.all([
    unwrap(api.GET('/payment_methods')),
    paymentGateway(),
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

/**
 * A payment after the bank's (or the wallet's) page, GET payment_details/{id}: how it ended (a
 * payment neither succeeded nor failed is still pending), for which order, and the bank's words.
 */
export async function paymentDetails(paymentId: string) {
  const payment = await unwrap(
    api.GET('/payment_details/{id}', { params: { path: { id: paymentId } } }),
  );
  const { state, order_id: orderId, amount, failure_message: message } = payment.data.attributes;
  const status = state === 'succeeded' || state === 'failed' ? state : ('pending' as const);
  return { status, orderId, amount, message };
}

/** The machines' `saveCard` call: the new card chosen, saved with the gateway's form. */
export const saveChosenCard = (input: SaveCardInput<{ kind: string; card?: NewCard }>) =>
  checkoutCall(async () => {
    const card = input.choice?.kind === 'newCard' ? input.choice.card : undefined;
    if (!card) throw { status: 0 } satisfies CheckoutFailure;
    return saveNewCard(card, input.gateway);
  });

/**
 * Saves a new card: a setup intent, confirmed by Stripe Elements or by the sandbox's stand-in
 * for Stripe.js, then kept as the customer's payment method. 'Request failed' when it fails.
 */
export async function saveNewCard(
  card: NewCard,
  gateway: PaymentGateway,
): Promise<SavedPaymentMethod> {
  const processor = gateway.name;
  const setup = await unwrap(
    api.POST('/payment_methods/setup', {
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
      api.POST('/sandbox/setup_intents/{id}/confirm', {
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
    api.POST('/payment_methods', {
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
