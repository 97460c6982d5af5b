import type {
  NewCard,
  PaymentGateway,
  SavedPaymentMethod,
} from '../../../machines/takeaway-checkout/takeaway-checkout.types';
import { api, unwrap } from '../../api/client';
import { parseCardExpiry } from '../../domain/checkout';

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
