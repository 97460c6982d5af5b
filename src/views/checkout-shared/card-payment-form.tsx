import { useState, type FormEvent } from 'react';
import type {
  ElementsCard,
  NewCard,
  PaymentGateway,
  SavedPaymentMethod,
  TypedCard,
} from '../../../machines/checkout-shared/checkout-shared.types';
import { Button } from '../../components/form/button';
import { formatPrice } from '../../../domain/money';
import { NEW_CARD, PaymentMethodFields, selectedMethod } from './payment-method-fields';
import './checkout-shared.css';

export type CardPayment = { kind: 'saved'; methodId: string } | { kind: 'newCard'; card: NewCard };

export interface CardPaymentFormProps {
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
}

const EMPTY_CARD: TypedCard = { number: '', expiry: '', cvc: '' };

/**
 * Pay by card, a saved one or a new one (the sandbox's card form, or Stripe Elements when
 * configured): which method is selected, the card typed so far, and the Pay button, below the
 * fields and showing the amount. Loaded with the payment step (`card-payment-form-lazy.tsx`,
 * product rule R5.11). After a decline (`declined`, a new one each time) the form starts
 * afresh: nothing typed, nothing picked (product rule R11.5).
 */
export default function CardPaymentForm({
  methods,
  gateway,
  chosen,
  amount,
  busy,
  errorFor,
  declined,
  onPay,
}: CardPaymentFormProps) {
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
