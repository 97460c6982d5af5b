import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type {
  ElementsCard,
  SavedPaymentMethod,
  TypedCard,
} from '../../../machines/takeaway-checkout/takeaway-checkout.types';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ErrorSummary } from '../../components/form/error-summary';
import { useFormStep } from '../../flows/use-form-step';
import { formatPrice } from '../../domain/money';
import { isLikelyCardCharge } from '../../domain/payment';
import { CardFields } from './card-fields';
import type { CheckoutStepProps } from './checkout-step-props';

const NEW_CARD = 'new-card';
// Stripe's own code loads only where a customer pays by card with Stripe configured.
const StripeCardElement = lazy(() => import('./stripe-card-element'));

const describeMethod = (method: SavedPaymentMethod) =>
  method.type === 'PaypalAccount'
    ? `PayPal${method.email ? ` (${method.email})` : ''}`
    : `${method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card'} ending ${method.last4 ?? '····'}`;

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
  const fallback = methods.find((method) => method.isDefault)?.id ?? methods[0]?.id ?? NEW_CARD;
  // The customer's pick, else what the checkout chose (a card just saved, a wallet set up).
  const selected =
    picked && (picked === NEW_CARD || methods.some((method) => method.id === picked))
      ? picked
      : chosen && methods.some((method) => method.id === chosen)
        ? chosen
        : fallback;

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
          <ChoiceGroup
            id="payment-method"
            type="radio"
            legend="How would you like to pay?"
            choices={[
              ...methods.map((method) => ({ value: method.id, label: describeMethod(method) })),
              { value: NEW_CARD, label: 'A new card' },
            ]}
            values={[selected]}
            onChange={([value]) => setPicked(value ?? null)}
            error={errorFor('payment')}
          />
          {selected === NEW_CARD &&
            (gateway.name === 'stripe' ? (
              <Suspense fallback={<p role="status">Loading the card form…</p>}>
                <StripeCardElement
                  publishableKey={gateway.publishableKey}
                  error={errorFor('cardNumber')}
                  onCard={setElementsCard}
                />
              </Suspense>
            ) : (
              <CardFields card={card} onChange={setCard} errorFor={errorFor} />
            ))}
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
