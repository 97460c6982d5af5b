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
import { useCustomer } from '../../session/session-context';
import { NEW_CARD, PaymentMethodFields, selectedMethod } from '../checkout/payment-method-fields';
import type { KitStepProps } from './kit-step-props';

/** What the box costs, store credit first (POST preview_order). */
function PreviewSummary({ actor }: KitStepProps) {
  const preview = useSelector(actor, (s) => s.context.preview);
  if (!preview) return null;
  const rows: [string, number][] = [
    ['Dishes', preview.subtotal],
    ['Delivery', preview.delivery],
    ...(preview.discount > 0 ? ([['Discount', -preview.discount]] as [string, number][]) : []),
    ...(preview.storeCredit > 0
      ? ([['Store credit', -preview.storeCredit]] as [string, number][])
      : []),
  ];
  return (
    <dl className="summary-list">
      {rows.map(([label, amount]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{amount < 0 ? `−${formatPrice(-amount)}` : formatPrice(amount)}</dd>
        </div>
      ))}
      <div>
        <dt>To pay now</dt>
        <dd>
          <strong>{formatPrice(preview.amountToCharge)}</strong>
        </dd>
      </div>
    </dl>
  );
}

/** Pay the first box by card: a saved one or a new one. */
export function KitPaymentStep({ actor }: KitStepProps) {
  useDocumentTitle('Checkout: payment');
  const { busy, summary, errorFor } = useFormStep(actor);
  const methods = useSelector(actor, (s) => s.context.methods);
  const gateway = useSelector(actor, (s) => s.context.gateway);
  const likely = useSelector(actor, (s) => s.context.preview?.likelyCardCharge ?? false);
  const amount = useSelector(actor, (s) => s.context.preview?.amountToCharge ?? 0);
  const chosen = useSelector(actor, (s) =>
    s.context.choice?.kind === 'saved' ? s.context.choice.methodId : null,
  );
  const [picked, setPicked] = useState<string | null>(null);
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
      <h1>Payment</h1>
      <PreviewSummary actor={actor} />
      {likely && (
        <p className="notice">Your card will be charged {formatPrice(amount)} for this box.</p>
      )}
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
    </div>
  );
}

/** Store credit covers the whole box: no card is asked for. */
export function KitPaymentWithCreditsStep({ actor }: KitStepProps) {
  useDocumentTitle('Checkout: pay with your credit');
  const { busy, summary } = useFormStep(actor);
  const used = useSelector(actor, (s) => s.context.preview?.storeCredit ?? 0);
  const balance = useCustomer()?.storeCredits;
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>Your store credit covers this box</h1>
      <p>
        No card needed: {formatPrice(used)} of your store credit pays for it.
        {balance !== undefined &&
          ` You'll have ${formatPrice(Math.max(0, balance - used))} left for later boxes.`}
      </p>
      <PreviewSummary actor={actor} />
      <Button
        busy={busy}
        onClick={() => actor.send({ type: 'payment.submit', choice: { kind: 'credits' } })}
      >
        Place order
      </Button>
    </div>
  );
}
