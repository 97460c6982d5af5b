import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { fetchOrder } from '../../api/orders';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { formatPrice } from '../../../domain/money';

/** What /payment/{orderId} hands the success page (router state, kept by a reload). */
export interface PaymentSuccessState {
  orderId: string;
  /**
   * The order's reference for people (product rule R9.8); null when the page did not read the
   * order (paid on the way back from the bank's 3-D Secure page).
   */
  reference: string | null;
  /** Pounds; null when the order had been paid before. */
  amountPaid: number | null;
}

const isPaymentSuccessState = (state: unknown): state is PaymentSuccessState => {
  if (typeof state !== 'object' || state === null) return false;
  const { orderId, reference } = state as { orderId?: unknown; reference?: unknown };
  return typeof orderId === 'string' && (reference === null || typeof reference === 'string');
};

/**
 * Product rule R9.8: the order named by its reference, never by its id; read from the order when
 * the payment page did not know it (shared with the other views of the order).
 */
function OrderReference({ orderId, known }: { orderId: string; known: string | null }) {
  const order = useQuery({
    queryKey: ['orders', orderId],
    queryFn: () => fetchOrder(orderId),
    enabled: known === null,
  });
  const reference = known ?? order.data?.order.reference;
  if (!reference) return null;
  return (
    <p>
      Order reference <strong>{reference}</strong>
    </p>
  );
}

/**
 * /payment/success: the order is paid. Product rule R1.9: a confirmation page reached from the
 * wrong origin (not from paying an order here) goes to /.
 */
function PaymentSuccessPage() {
  useDocumentTitle('Payment successful');
  const { state } = useLocation();
  if (!isPaymentSuccessState(state)) return <Navigate to="/" replace />;
  return (
    <div className="narrow">
      <div className="panel panel--confirmation">
        <h1>Thank you, your payment was successful</h1>
        <OrderReference orderId={state.orderId} known={state.reference} />
      </div>
      {state.amountPaid !== null && <p>Paid: {formatPrice(state.amountPaid)}.</p>}
      <ul>
        <li>
          <Link to="/account/upcoming-orders">See your upcoming orders</Link>
        </li>
        <li>
          <Link to="/">Back to the home page</Link>
        </li>
      </ul>
    </div>
  );
}

export default withQueryClient(PaymentSuccessPage);
