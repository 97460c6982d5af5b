import { useSelector } from '@xstate/react';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { useFormStep } from '../../flows/use-form-step';
import { formatPrice } from '../../../domain/money';
import { isLikelyCardCharge } from '../../../domain/payment';
import { PaymentErrorSummary, usePaymentError } from '../checkout-shared/card-payment-errors';
import { LazyCardPaymentForm } from '../checkout-shared/card-payment-form-lazy';
import type { TakeawayStepProps } from './takeaway-step-props';

/** Pay with a saved method, a new card, or the wallet; the order is written when paying. */
export function TakeawayPaymentStep({ actor }: TakeawayStepProps) {
  useDocumentTitle('Checkout: payment');
  const { busy, summary, errorFor } = useFormStep(actor);
  const declined = usePaymentError(actor);
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
  const gateway = useSelector(actor, (snapshot) => snapshot.context.gateway);

  return (
    <div className="narrow">
      <PaymentErrorSummary summary={summary} />
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
        <LazyCardPaymentForm
          methods={methods}
          gateway={gateway}
          chosen={chosen}
          amount={amount}
          busy={busy}
          errorFor={errorFor}
          declined={declined}
          onPay={(choice) => actor.send({ type: 'payment.submit', choice })}
        />
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
