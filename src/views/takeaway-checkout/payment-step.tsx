import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type {
  ElementsCard,
  TypedCard,
} from '../../../machines/takeaway-checkout/takeaway-checkout.types';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { useFormStep } from '../../flows/use-form-step';
import { formatPrice } from '../../domain/money';
import { isLikelyCardCharge } from '../../domain/payment';
import { NEW_CARD, PaymentMethodFields, selectedMethod } from '../checkout/payment-method-fields';
import type { CheckoutStepProps } from './checkout-step-props';

/** Pay with a saved method, a new card, or the wallet; the order is written when paying. */
export function PaymentStep({ actor }: CheckoutStepProps) {
  useDocumentTitle('Checkout: payment');
  const { busy, summary, errorFor } = useFormStep(actor);
  const loading = useSelector(actor, (snapshot) =>
    snapshot.matches({ steps: { payment: 'loading' } }),
  );
  const methods = useSelector(actor, (snapshot) => snapshot.context.methods);
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice);
  const chosen = useSelector(actor, (snapshot) =>
    snapshot.context.choice?.kind === 'saved' ? snapshot.context.choice.methodId : null,
  );
  const amount = useSelector(
    actor,
    (snapshot) => snapshot.context.order?.totalPrice ?? snapshot.context.basket?.totalPrice ?? 0,
  );
  const [picked, setPicked] = useState<string | null>(null);
  const gateway = useSelector(actor, (snapshot) => snapshot.context.gateway);
  const [card, setCard] = useState<TypedCard>({ number: '', expiry: '', cvc: '' });
  const [elementsCard, setElementsCard] = useState<ElementsCard | null>(null);
  const selected = selectedMethod(methods, picked, chosen);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected !== NEW_CARD)
      return actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: selected } });
    const newCard = gateway.name === 'stripe' ? elementsCard : card;
    if (newCard) actor.send({ type: 'payment.submit', choice: { kind: 'newCard', card: newCard } });
  };

  return (
    <div className="narrow">
      <ErrorSummary
        errors={summary.map((error) =>
          error.fieldId === 'payment' ? { ...error, fieldId: 'payment-method' } : error,
        )}
      />
      {notice && <p className="notice">{notice}</p>}
      <h1>Payment</h1>
      <p className="payment__amount">
        To pay: <strong>{formatPrice(amount)}</strong>
      </p>
      {isLikelyCardCharge(amount) && (
        <p className="notice">Your card will be charged {formatPrice(amount)} when you pay.</p>
      )}
      {loading ? (
        <p role="status">Loading your saved cards…</p>
      ) : (
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
      )}
      <section aria-labelledby="wallet-heading" className="wallet">
        <h2 id="wallet-heading">Or pay with PayPal</h2>
        <p>You will approve the payment on PayPal&apos;s page and come back here.</p>
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => actor.send({ type: 'payment.submit', choice: { kind: 'wallet' } })}
        >
          Pay with PayPal
        </Button>{' '}
        <Button variant="link" busy={busy} onClick={() => actor.send({ type: 'wallet.setup' })}>
          Save PayPal for next time
        </Button>
      </section>
    </div>
  );
}
