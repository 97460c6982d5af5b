import { useState, type FormEvent } from 'react';
import type {
  ElementsCard,
  NewCard,
  PaymentGateway,
  SavedPaymentMethod,
  TypedCard,
} from '../../../machines/checkout-shared/checkout-shared.types';
import { Button } from '../../components/form/button';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { formatPrice } from '../../../domain/money';
import { NEW_CARD, PaymentMethodFields, selectedMethod } from './payment-method-fields';

export type CardPayment = { kind: 'saved'; methodId: string } | { kind: 'newCard'; card: NewCard };

/** A payment step's error summary: an error about the payment links to the method choice. */
export function PaymentErrorSummary({ summary }: { summary: FieldError[] }) {
  return (
    <ErrorSummary
      errors={summary.map((error) =>
        error.fieldId === 'payment' ? { ...error, fieldId: 'payment-method' } : error,
      )}
    />
  );
}

/**
 * Pay by card, a saved one or a new one (the sandbox's card form, or Stripe Elements when
 * configured): which method is selected, the card typed so far, and the Pay button.
 */
export function CardPaymentForm({
  methods,
  gateway,
  chosen,
  amount,
  busy,
  errorFor,
  onPay,
}: {
  methods: SavedPaymentMethod[];
  gateway: PaymentGateway;
  /** What the checkout chose (a card just saved): selected unless the customer picks another. */
  chosen: string | null;
  amount: number;
  busy: boolean;
  errorFor: (field: string) => string | undefined;
  onPay: (choice: CardPayment) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [card, setCard] = useState<TypedCard>({ number: '', expiry: '', cvc: '' });
  const [elementsCard, setElementsCard] = useState<ElementsCard | null>(null);
  const selected = selectedMethod(methods, picked, chosen);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected !== NEW_CARD) return onPay({ kind: 'saved', methodId: selected });
    const newCard = gateway.name === 'stripe' ? elementsCard : card;
    if (newCard) onPay({ kind: 'newCard', card: newCard });
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <PaymentMethodFields
        methods={methods}
        selected={selected}
        onSelect={setPicked}
        gateway={gateway}
        card={card}
        onCard={setCard}
        onElementsCard={setElementsCard}
        errorFor={errorFor}
      />
      <Button type="submit" busy={busy}>
        Pay {formatPrice(amount)}
      </Button>
    </form>
  );
}
