import { useId, useState } from 'react';
import type { OrderSummary } from '../../../machines/checkout-shared/checkout-shared.types';
import { formatPrice } from '../../../domain/money';
import { PriceRows, type PriceRowItem } from '../../components/ui/price-rows';
import { useWideScreen } from './use-wide-screen';
import './checkout-shared.css';

const rowsOf = (summary: OrderSummary): PriceRowItem[] => [
  { label: 'Subtotal', amount: formatPrice(summary.subtotal) },
  ...(summary.delivery > 0 ? [{ label: 'Delivery', amount: formatPrice(summary.delivery) }] : []),
  ...(summary.discount > 0
    ? [
        {
          label: 'Discount',
          amount: `−${formatPrice(summary.discount)}`,
          kind: 'discount' as const,
        },
      ]
    : []),
  { label: 'Total', amount: formatPrice(summary.total), kind: 'total' as const },
];

/**
 * The order on every checkout step (product rule R5.8): each dish with its extras, the fees, the
 * discount and the total. A disclosure: closed on phones ("Show order summary" and the total),
 * open on a desktop as the side column; the customer opens or closes it on either.
 */
export function OrderSummaryPanel({ summary }: { summary: OrderSummary }) {
  const wide = useWideScreen();
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? wide;
  const contentId = useId();
  const headingId = useId();
  return (
    <section className="order-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="order-summary__heading">
        <button
          type="button"
          className="order-summary__toggle"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setOpen(!expanded)}
        >
          <span className="order-summary__toggle-label">
            {expanded ? 'Hide order summary' : 'Show order summary'}
          </span>
          <span className="order-summary__toggle-total">{formatPrice(summary.total)}</span>
        </button>
      </h2>
      <div id={contentId} className="order-summary__content" hidden={!expanded}>
        <ul className="order-summary__lines">
          {summary.lines.map((line) => (
            <li key={line.id} className="order-summary__line">
              <span className="order-summary__title">
                {line.quantity > 1 && (
                  <span className="order-summary__quantity">{line.quantity} × </span>
                )}
                {line.title}
              </span>
              <span className="order-summary__amount">{formatPrice(line.total)}</span>
              {line.extras.length > 0 && (
                <span className="order-summary__extras">{line.extras.join(', ')}</span>
              )}
            </li>
          ))}
        </ul>
        <PriceRows rows={rowsOf(summary)} />
      </div>
    </section>
  );
}

/** Whether the step on screen shows the order summary: not on the `results` (a receipt, a failure). */
export const showsSummary = (step: string | null, results: readonly string[]) =>
  step === null || !results.includes(step);

/**
 * A checkout's page: the step, and beside it (a desktop) or above it (a phone) the order summary
 * when there is one to show.
 */
export function CheckoutLayout({
  summary,
  children,
}: {
  summary: OrderSummary | null | undefined;
  children: React.ReactNode;
}) {
  if (!summary) return <>{children}</>;
  return (
    <div className="checkout-layout">
      <div className="checkout-layout__summary">
        <OrderSummaryPanel summary={summary} />
      </div>
      <div className="checkout-layout__step">{children}</div>
    </div>
  );
}
