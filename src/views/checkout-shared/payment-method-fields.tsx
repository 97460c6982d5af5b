import { lazy, Suspense } from 'react';
import type {
  ElementsCard,
  PaymentGateway,
  SavedPaymentMethod,
  TypedCard,
} from '../../../machines/checkout-shared/checkout-shared.types';
import { ChoiceGroup } from '../../components/form/choice-group';
import { CardFields } from './card-fields';

export const NEW_CARD = 'new-card';
// Stripe's own code loads only where a customer pays by card with Stripe configured.
const StripeCardElement = lazy(() => import('./stripe-card-element'));

export const describeMethod = (method: SavedPaymentMethod) =>
  method.type === 'PaypalAccount'
    ? `PayPal${method.email ? ` (${method.email})` : ''}`
    : `${method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card'} ending ${method.last4 ?? '····'}`;

/**
 * Which saved method is selected: the customer's pick, else what the checkout chose (a card just
 * saved), else the default, else a new card.
 */
export function selectedMethod(
  methods: readonly SavedPaymentMethod[],
  picked: string | null,
  chosen: string | null,
): string {
  const fallback = methods.find((method) => method.isDefault)?.id ?? methods[0]?.id ?? NEW_CARD;
  if (picked && (picked === NEW_CARD || methods.some((method) => method.id === picked)))
    return picked;
  return chosen && methods.some((method) => method.id === chosen) ? chosen : fallback;
}

interface PaymentMethodFieldsProps {
  methods: SavedPaymentMethod[];
  selected: string;
  onSelect: (value: string | null) => void;
  gateway: PaymentGateway;
  card: TypedCard;
  onCard: (card: TypedCard) => void;
  onElementsCard: (card: ElementsCard | null) => void;
  errorFor: (field: string) => string | undefined;
}

/**
 * The saved methods and a new card: the sandbox's card form, or Stripe Elements when configured.
 * With nothing saved a new card is the only way to pay: its form is shown with no choice to make
 * (product rule R5.10).
 */
export function PaymentMethodFields({
  methods,
  selected,
  onSelect,
  gateway,
  card,
  onCard,
  onElementsCard,
  errorFor,
}: PaymentMethodFieldsProps) {
  const cardForm =
    gateway.name === 'stripe' ? (
      <Suspense fallback={<p role="status">Loading the card form…</p>}>
        <StripeCardElement
          publishableKey={gateway.publishableKey}
          error={errorFor('cardNumber')}
          onCard={onElementsCard}
        />
      </Suspense>
    ) : (
      <CardFields card={card} onChange={onCard} errorFor={errorFor} />
    );
  if (methods.length === 0) {
    const error = errorFor('payment');
    return (
      <>
        {/* The error summary's link for a payment error lands here. */}
        <div id="payment-method" tabIndex={-1} className={error ? 'field field--error' : undefined}>
          {error && (
            <p id="payment-method-error" className="field__error">
              <span className="visually-hidden">Error:</span> {error}
            </p>
          )}
        </div>
        {cardForm}
      </>
    );
  }
  return (
    <>
      <ChoiceGroup
        id="payment-method"
        type="radio"
        legend="How would you like to pay?"
        choices={[
          ...methods.map((method) => ({ value: method.id, label: describeMethod(method) })),
          { value: NEW_CARD, label: 'A new card' },
        ]}
        values={[selected]}
        onChange={([value]) => onSelect(value ?? null)}
        error={errorFor('payment')}
      />
      {selected === NEW_CARD && cardForm}
    </>
  );
}
