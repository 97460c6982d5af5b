import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect } from 'react';
import type {
  CheckoutFailure,
  ElementsCard,
} from '../../../machines/checkout-shared/checkout-shared.types';

/** Stripe.js loads once per key, and only for customers who pay by card with Stripe configured. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  const existing = stripeByKey.get(publishableKey);
  if (existing) return existing;
  const loading = loadStripe(publishableKey);
  stripeByKey.set(publishableKey, loading);
  return loading;
};

interface StripeCardElementProps {
  publishableKey: string;
  error?: string;
  /** Hands the checkout a card it can confirm a setup intent with, once Stripe.js is ready. */
  onCard: (card: ElementsCard | null) => void;
}

/** The card field of Stripe Elements, used instead of the sandbox form when Stripe is configured. */
export default function StripeCardElement({
  publishableKey,
  error,
  onCard,
}: StripeCardElementProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardField error={error} onCard={onCard} />
    </Elements>
  );
}

function CardField({ error, onCard }: Omit<StripeCardElementProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return onCard(null);
    onCard({
      confirmSetup: async (clientSecret) => {
        const card = elements.getElement(CardElement);
        if (!card) throw { status: 0 } satisfies CheckoutFailure;
        const result = await stripe.confirmCardSetup(clientSecret, {
          payment_method: { card },
        });
        if (result.error)
          throw {
            status: 400,
            field: 'cardNumber',
            message: result.error.message,
          } satisfies CheckoutFailure;
      },
    });
  }, [stripe, elements, onCard]);
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <span className="field__label" id="cardNumber-label">
        Card details
      </span>
      {error && (
        <p id="cardNumber-error" className="field__error">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
      <div id="cardNumber" className="field__input stripe-card" tabIndex={-1}>
        <CardElement options={{ hidePostalCode: true }} />
      </div>
    </div>
  );
}
