import type { TypedCard } from '../../../machines/checkout-shared/checkout-shared.types';
import { TextField } from '../../components/form/text-field';

interface CardFieldsProps {
  card: TypedCard;
  onChange: (card: TypedCard) => void;
  errorFor: (field: string) => string | undefined;
}

/**
 * The embedded sandbox's card form (the payment gateway's test mode: Stripe's published test
 * cards). With Stripe configured its own card element takes this place.
 */
export function CardFields({ card, onChange, errorFor }: CardFieldsProps) {
  return (
    <fieldset className="card-fields">
      <legend className="field__label">Card details</legend>
      <TextField
        id="cardNumber"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        spellCheck={false}
        hint="Test mode: 4242 4242 4242 4242 is a card that pays"
        value={card.number}
        error={errorFor('cardNumber')}
        onChange={(event) => onChange({ ...card, number: event.target.value })}
      />
      <TextField
        id="cardExpiry"
        label="Expiry date"
        hint="For example, 04/29"
        inputMode="numeric"
        autoComplete="cc-exp"
        className="field__input--short"
        value={card.expiry}
        error={errorFor('cardExpiry')}
        onChange={(event) => onChange({ ...card, expiry: event.target.value })}
      />
      <TextField
        id="cardCvc"
        label="Security code"
        hint="The last 3 digits on the back of the card"
        inputMode="numeric"
        autoComplete="cc-csc"
        className="field__input--short"
        value={card.cvc}
        error={errorFor('cardCvc')}
        onChange={(event) => onChange({ ...card, cvc: event.target.value })}
      />
    </fieldset>
  );
}
