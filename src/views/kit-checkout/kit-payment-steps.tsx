import { useSelector } from '@xstate/react';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { useFormStep } from '../../flows/use-form-step';
import { formatPrice } from '../../../domain/money';
import { PriceRows, type PriceRowItem } from '../../components/ui/price-rows';
import { useCustomer } from '../../session/session-context';
import { PaymentErrorSummary, usePaymentError } from '../checkout-shared/card-payment-errors';
import { LazyCardPaymentForm } from '../checkout-shared/card-payment-form-lazy';
import type { KitStepProps } from './kit-step-props';
import { RecurringPromise } from './recurring-promise';

/** What the box costs, store credit first (POST preview_order). */
function PreviewSummary({ actor }: KitStepProps) {
  const preview = useSelector(actor, (s) => s.context.preview);
  if (!preview) return null;
  const rows: PriceRowItem[] = [
    { label: 'Dishes', amount: formatPrice(preview.subtotal) },
    { label: 'Delivery', amount: formatPrice(preview.delivery) },
    ...(preview.discount > 0
      ? [
          {
            label: 'Discount',
            amount: `−${formatPrice(preview.discount)}`,
            kind: 'discount' as const,
          },
        ]
      : []),
    ...(preview.storeCredit > 0
      ? [
          {
            label: 'Store credit',
            amount: `−${formatPrice(preview.storeCredit)}`,
            kind: 'discount' as const,
          },
        ]
      : []),
    { label: 'To pay now', amount: formatPrice(preview.amountToCharge), kind: 'total' as const },
  ];
  return <PriceRows rows={rows} className="payment__preview" />;
}

/** Pay the first box by card: a saved one or a new one. */
export function KitPaymentStep({ actor }: KitStepProps) {
  useDocumentTitle('Checkout: payment');
  const { busy, summary, errorFor } = useFormStep(actor);
  const declined = usePaymentError(actor);
  const methods = useSelector(actor, (s) => s.context.methods);
  const gateway = useSelector(actor, (s) => s.context.gateway);
  const likely = useSelector(actor, (s) => s.context.preview?.likelyCardCharge ?? false);
  const amount = useSelector(actor, (s) => s.context.preview?.amountToCharge ?? 0);
  const chosen = useSelector(actor, (s) =>
    s.context.choice?.kind === 'saved' ? s.context.choice.methodId : null,
  );
  return (
    <div className="narrow">
      <PaymentErrorSummary summary={summary} />
      <h1>Payment</h1>
      <PreviewSummary actor={actor} />
      <RecurringPromise actor={actor} />
      {likely && (
        <p className="notice">Your card will be charged {formatPrice(amount)} for this box.</p>
      )}
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
      <RecurringPromise actor={actor} />
      <Button
        busy={busy}
        onClick={() => actor.send({ type: 'payment.submit', choice: { kind: 'credits' } })}
      >
        Place order
      </Button>
    </div>
  );
}
