import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { LazyOrderStatusLine as OrderStatusLine } from '../checkout-shared/order-status-line-lazy';
import { formatPrice } from '../../../domain/money';
import type { TakeawayStepProps } from './takeaway-step-props';

/**
 * The takeaway order confirmation, reached only from a payment: the order's reference (product
 * rule R9.8), its status as tracking words it (R9.1), and the email on its way (R9.9).
 */
export function TakeawayConfirmationStep({ actor }: TakeawayStepProps) {
  useDocumentTitle('Order placed');
  const order = useSelector(actor, (snapshot) => snapshot.context.order);
  if (!order) return null;
  return (
    <div className="narrow">
      <div className="panel panel--confirmation">
        <h1>Grazie! Your order is placed</h1>
        <p>
          Your order reference is <strong className="order-reference">{order.reference}</strong>
        </p>
      </div>
      <OrderStatusLine orderId={order.id} />
      <p>We have taken {formatPrice(order.totalPrice)} and sent your order to the kitchen.</p>
      <p>We are emailing you a confirmation with your order reference.</p>
      <p>
        <Link className="button button--primary" to={`/takeaway/track/${order.id}`}>
          Follow your order
        </Link>
      </p>
    </div>
  );
}
