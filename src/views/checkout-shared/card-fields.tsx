import type { TypedCard } from '../../../machines/checkout-shared/checkout-shared.types';
import { formatCardNumber, formatExpiry } from '../../../domain/card-input';
import { TextField } from '../../components/form/text-field';
import { useFormattedInput } from './formatted-input';

interface CardFieldsProps {
  card: TypedCard;
  onChange: (card: TypedCard) => void;
  errorFor: (field: string) => string | undefined;
}

/**
 * The embedded sandbox's card form (the payment gateway's test mode: Stripe's published test
 * cards). With Stripe configured its own card element takes this place. The number is grouped
 * and the expiry slashed as typed (product rule R5.9).
 */
export function CardFields({ card, onChange, errorFor }: CardFieldsProps) {
  const number = useFormattedInput(
    card.number,
    (value) => onChange({ ...card, number: value }),
    formatCardNumber,
  );
  const expiry = useFormattedInput(
    card.expiry,
    (value) => onChange({ ...card, expiry: value }),
    formatExpiry,
  );
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
        className="card-fields__number"
        maxLength={23}
        error={errorFor('cardNumber')}
        {...number}
      />
      <div className="card-fields__row">
        <TextField
          id="cardExpiry"
          label="Expiry date"
          hint="MM/YY, for example 04/29"
          inputMode="numeric"
          autoComplete="cc-exp"
          className="field__input--short"
          maxLength={5}
          error={errorFor('cardExpiry')}
          {...expiry}
        />
        <TextField
          id="cardCvc"
          label="Security code"
          hint="The last 3 digits on the back of the card"
          inputMode="numeric"
          autoComplete="cc-csc"
          className="field__input--short"
          maxLength={4}
          value={card.cvc}
          error={errorFor('cardCvc')}
          onChange={(event) =>
            onChange({ ...card, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) })
          }
        />
      </div>
    </fieldset>
  );
}
