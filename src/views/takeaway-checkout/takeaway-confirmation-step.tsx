import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { formatPrice } from '../../../domain/money';
import type { TakeawayStepProps } from './takeaway-step-props';

/** The takeaway order confirmation, reached only from a payment. */
export function TakeawayConfirmationStep({ actor }: TakeawayStepProps) {
  useDocumentTitle('Order placed');
  const order = useSelector(actor, (snapshot) => snapshot.context.order);
  if (!order) return null;
  return (
    <div className="narrow">
      <div className="panel panel--confirmation">
        <h1>Grazie! Your order is placed</h1>
        <p>
          Order number <strong>{order.id}</strong>
        </p>
      </div>
      <p>We have taken {formatPrice(order.totalPrice)} and sent your order to the kitchen.</p>
      <p>
        <Link className="button button--primary" to={`/takeaway/track/${order.id}`}>
          Follow your order
        </Link>
      </p>
    </div>
  );
}
