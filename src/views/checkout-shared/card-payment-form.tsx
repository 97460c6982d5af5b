import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { EventObject } from 'xstate';
import type { FormStepActor } from '../../flows/use-form-step';
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
import './checkout-shared.css';

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

/** The payment's error (a decline): a new object each time one is reported, so the form resets. */
export const usePaymentError = <TEvent extends EventObject>(actor: FormStepActor<TEvent>) =>
  useSelector(actor, (snapshot) =>
    snapshot.context.errors.find((error) => error.field === 'payment'),
  );

const EMPTY_CARD: TypedCard = { number: '', expiry: '', cvc: '' };

/**
 * Pay by card, a saved one or a new one (the sandbox's card form, or Stripe Elements when
 * configured): which method is selected, the card typed so far, and the Pay button, below the
 * fields and showing the amount. After a decline (`declined`, a new one each time) the form starts
 * afresh: nothing typed, nothing picked (product rule R11.5).
 */
export function CardPaymentForm({
  methods,
  gateway,
  chosen,
  amount,
  busy,
  errorFor,
  declined,
  onPay,
}: {
  methods: SavedPaymentMethod[];
  gateway: PaymentGateway;
  /** What the checkout chose (a card just saved): selected unless the customer picks another. */
  chosen: string | null;
  amount: number;
  busy: boolean;
  errorFor: (field: string) => string | undefined;
  /** The payment's error after a decline: each new one clears the form. */
  declined?: object;
  onPay: (choice: CardPayment) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [card, setCard] = useState<TypedCard>(EMPTY_CARD);
  const [elementsCard, setElementsCard] = useState<ElementsCard | null>(null);
  const [seenDecline, setSeenDecline] = useState(declined);
  if (declined !== seenDecline) {
    setSeenDecline(declined);
    setPicked(null);
    setCard(EMPTY_CARD);
  }
  const selected = selectedMethod(methods, picked, chosen);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected !== NEW_CARD) return onPay({ kind: 'saved', methodId: selected });
    const newCard = gateway.name === 'stripe' ? elementsCard : card;
    if (newCard) onPay({ kind: 'newCard', card: newCard });
  };
  return (
    <form className="card-payment" onSubmit={submit} noValidate aria-busy={busy}>
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
      <Button type="submit" busy={busy} className="card-payment__pay">
        Pay {formatPrice(amount)}
      </Button>
    </form>
  );
}
