import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'react-router-dom';
import type { Actor } from 'xstate';
import type { PayableOrder } from '../../../machines/order-payment/order-payment.types';
import { useDocumentTitle } from '../../app/use-document-title';
import { useFormStep } from '../../flows/use-form-step';
import { formatPrice } from '../../../domain/money';
import { orderStatusText } from '../../../domain/order-status';
import { PaymentErrorSummary, usePaymentError } from '../checkout-shared/card-payment-errors';
import { LazyCardPaymentForm } from '../checkout-shared/card-payment-form-lazy';
import type { liveOrderPaymentMachine } from './order-payment-actors';

export type OrderPaymentActor = Actor<typeof liveOrderPaymentMachine>;

export interface OrderPaymentViewProps {
  actor: OrderPaymentActor;
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

export const deliveryDay = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));

/** The order: its dishes, delivery, total, the store credit spent on it, and what is left to pay. */
function OrderSummary({ order }: { order: PayableOrder }) {
  return (
    <section aria-labelledby="order-summary-heading" className="card">
      <h2 id="order-summary-heading">Order {order.reference}</h2>
      <p>
        Status: <strong>{orderStatusText(order.state, order.paymentFailed)}</strong>
      </p>
      {order.deliveryDate && <p>Delivery on {deliveryDay(order.deliveryDate)}</p>}
      <ul aria-label="Items">
        {order.lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.title}
            {line.variantTitle ? ` (${line.variantTitle})` : null}: {formatPrice(line.total)}
          </li>
        ))}
      </ul>
      <dl className="summary-list">
        <div>
          <dt>Total</dt>
          <dd>{formatPrice(order.totalPrice)}</dd>
        </div>
        {order.storeCredit > 0 && (
          <div>
            <dt>Store credit</dt>
            <dd>−{formatPrice(order.storeCredit)}</dd>
          </div>
        )}
        <div>
          <dt>To pay now</dt>
          <dd>
            <strong>{formatPrice(order.amountToCharge)}</strong>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The dishes a box ordered again left out (product rule R9.27), as "Order this box again" passed
 * them in the page's history state; nothing for any other way here.
 */
export function LeftOutDishes() {
  const { state } = useLocation() as { state: unknown };
  const titles =
    typeof state === 'object' &&
    state !== null &&
    'leftOut' in state &&
    Array.isArray(state.leftOut)
      ? state.leftOut.filter((title): title is string => typeof title === 'string')
      : [];
  if (titles.length === 0) return null;
  return (
    <p className="notice notice--warning">
      Not on this week&apos;s menu, left out: {titles.join(', ')}.
    </p>
  );
}

/** Pay the order with a saved method or a new card; stays on screen while the payment runs. */
export function PayStep({ actor }: OrderPaymentViewProps) {
  useDocumentTitle('Pay for your order');
  const { busy, summary, errorFor } = useFormStep(actor);
  const declined = usePaymentError(actor);
  const order = useSelector(actor, (s) => s.context.order);
  const methods = useSelector(actor, (s) => s.context.methods);
  const gateway = useSelector(actor, (s) => s.context.gateway);
  const chosen = useSelector(actor, (s) =>
    s.context.choice?.kind === 'saved' ? s.context.choice.methodId : null,
  );
  if (!order) return null;

  return (
    <div className="narrow">
      <PaymentErrorSummary summary={summary} />
      <h1>Pay for your order</h1>
      {/* Product rule R9.28: "couldn't take the payment" only where a payment failed. */}
      <p>
        {order.paymentFailed
          ? "We couldn't take the payment for this order. Pay now to keep your delivery."
          : 'This order is awaiting payment. Pay now to keep your delivery.'}
      </p>
      <LeftOutDishes />
      <OrderSummary order={order} />
      <LazyCardPaymentForm
        methods={methods}
        gateway={gateway}
        chosen={chosen}
        amount={order.amountToCharge}
        busy={busy}
        errorFor={errorFor}
        declined={declined}
        onPay={(choice) => actor.send({ type: 'payment.submit', choice })}
      />
    </div>
  );
}

/** Loading the order, or checking a payment after the bank's page. */
export function Waiting({ message }: { message: string }) {
  return (
    <p className="page-loading" role="status">
      {message}
    </p>
  );
}

/** The order exists but waits for no payment (dropped, for one). */
export function NothingToPay({ actor }: OrderPaymentViewProps) {
  useDocumentTitle('Nothing to pay');
  const order = useSelector(actor, (s) => s.context.order);
  return (
    <div className="narrow">
      <h1>Nothing to pay</h1>
      <p>
        Order {order?.reference} is not waiting for a payment
        {order ? (
          <>
            : its status is <strong>{orderStatusText(order.state, order.paymentFailed)}</strong>
          </>
        ) : null}
        .
      </p>
      {order?.state === 'dropped' && (
        // Product rule R9.29: a box not paid by its delivery day could not be packed.
        <p>
          It was not paid in time, so it will not be delivered, and nothing was charged for it. Any
          store credit spent on it is back in your account.
        </p>
      )}
      <p>
        <Link to="/account/upcoming-orders">See your upcoming orders</Link>
      </p>
    </div>
  );
}

/** No such order in this customer's account (the server answers 404 for another's). */
export function OrderNotFound() {
  useDocumentTitle('Order not found');
  return (
    <div className="narrow">
      <h1>Order not found</h1>
      <p>We could not find this order in your account. Check the link, or see your orders.</p>
      <p>
        <Link to="/account/upcoming-orders">See your upcoming orders</Link>
      </p>
    </div>
  );
}
