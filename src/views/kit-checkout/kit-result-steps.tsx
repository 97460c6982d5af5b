import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { formatPrice } from '../../domain/money';
import { formatDeliveryDay } from './kit-instructions-step';
import type { KitStepProps } from './kit-step-props';

/** The box is ordered: its first delivery and, for a subscription, how often. */
export function KitConfirmationStep({ actor }: KitStepProps) {
  useDocumentTitle('Box ordered');
  const order = useSelector(actor, (s) => s.context.order);
  if (!order) return null;
  return (
    <div className="narrow">
      <div className="panel panel--confirmation">
        <h1>Grazie! Your box is ordered</h1>
        <p>
          Order number <strong>{order.id}</strong>
        </p>
      </div>
      {order.deliveryDate && (
        <p>Your first box arrives on {formatDeliveryDay(order.deliveryDate)}.</p>
      )}
      {order.subscriptionId && order.frequency && (
        <p>
          Then a box every {order.frequency === 1 ? 'week' : `${order.frequency} weeks`}: skip,
          pause or cancel anytime.
        </p>
      )}
      <p>Paid: {formatPrice(order.totalPrice)}.</p>
      <p>
        <Link to="/account/upcoming-orders">See your upcoming boxes</Link>
      </p>
    </div>
  );
}
