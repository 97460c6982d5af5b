import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { LazyOrderStatusLine as OrderStatusLine } from '../checkout-shared/order-status-line-lazy';
import { formatPrice } from '../../../domain/money';
import { FailedStep } from '../checkout-shared/failed-step';
import { formatDeliveryDay } from './kit-instructions-step';
import type { PlacedKitOrder } from '../../../machines/kit-checkout/kit-checkout.types';
import type { KitStepProps } from './kit-step-props';

/**
 * The kit checkout's error step. After a failed 3-D Secure the order is written and the box gone:
 * trying again means paying that order with another card.
 */
export function KitErrorStep({ actor }: KitStepProps) {
  const unpaid = useSelector(actor, (s) => s.context.unpaidOrderId !== null);
  if (!unpaid) return <FailedStep actor={actor} />;
  return (
    <FailedStep actor={actor} retryLabel="Pay with another card">
      <p>Your box is ordered but not paid yet: pay for it to confirm it.</p>
    </FailedStep>
  );
}

/** How the box was paid: store credit first (product rule R8.7), the card for the rest. */
function paidText({ totalPrice, storeCredit, amountCharged }: PlacedKitOrder): string {
  if (storeCredit <= 0) return `Paid: ${formatPrice(totalPrice)}.`;
  if (amountCharged <= 0) return `Paid: ${formatPrice(totalPrice)}, all from your store credit.`;
  return `Paid: ${formatPrice(totalPrice)}: ${formatPrice(storeCredit)} from your store credit and ${formatPrice(amountCharged)} by card.`;
}

/**
 * The box is ordered: its reference (product rule R9.8) and status (R9.1), its first delivery
 * and, for a subscription, how often; the confirmation email is on its way (R9.9).
 */
export function KitConfirmationStep({ actor }: KitStepProps) {
  useDocumentTitle('Box ordered');
  const order = useSelector(actor, (s) => s.context.order);
  if (!order) return null;
  return (
    <div className="narrow">
      <div className="panel panel--confirmation">
        <h1>Grazie! Your box is ordered</h1>
        <p>
          Your order reference is <strong className="order-reference">{order.reference}</strong>
        </p>
      </div>
      <OrderStatusLine orderId={order.id} />
      {order.deliveryDate && (
        <p>Your first box arrives on {formatDeliveryDay(order.deliveryDate)}.</p>
      )}
      {order.subscriptionId && order.frequency && (
        <p>
          Then a box every {order.frequency === 1 ? 'week' : `${order.frequency} weeks`}: skip,
          pause or cancel anytime.
        </p>
      )}
      <p>{paidText(order)}</p>
      <p>We are emailing you a confirmation with your order reference.</p>
      <p>
        <Link to="/account/upcoming-orders">See your upcoming boxes</Link>
      </p>
    </div>
  );
}
