import type { CSSProperties } from 'react';
import type { CardPaymentFormProps } from './card-payment-form';
import { lazyPart } from './lazy-part';
import './checkout-shared.css';

/**
 * Holds the card form's place while its chunk loads, as tall as the form it stands for (a new
 * card's fields, or one choice per saved method and a new card, with the Pay button), so nothing
 * below it moves when the form arrives (product rule R5.11).
 */
export function CardPaymentSkeleton({ methods, gateway }: CardPaymentFormProps) {
  const shape =
    methods.length > 0 ? 'choices' : gateway.name === 'stripe' ? 'stripe-card' : 'new-card';
  return (
    <div
      className={`card-payment-skeleton card-payment-skeleton--${shape}`}
      style={{ '--card-payment-choices': methods.length + 1 } as CSSProperties}
      aria-busy="true"
    >
      <div className="card-payment-skeleton__place">
        <p role="status" className="card-payment-skeleton__status">
          Loading the card form…
        </p>
      </div>
    </div>
  );
}

/**
 * The card form, loaded with the payment step (product rule R5.11): a checkout preloads it from
 * its address step, so the customer normally finds it ready.
 */
export const cardPaymentForm = lazyPart<CardPaymentFormProps>(
  () => import('./card-payment-form'),
  CardPaymentSkeleton,
);
export const LazyCardPaymentForm = cardPaymentForm.View;
