import { Link, Navigate, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { formatPrice } from '../../../domain/money';

/** What /payment/{orderId} hands the success page (router state, kept by a reload). */
export interface PaymentSuccessState {
  orderId: string;
  /** The order's reference for people (product rule R9.8); null only if the order was never read. */
  reference: string | null;
  /** Pounds; null when the order had been paid before. */
  amountPaid: number | null;
}

const isPaymentSuccessState = (state: unknown): state is PaymentSuccessState =>
  typeof state === 'object' &&
  state !== null &&
  typeof (state as { orderId?: unknown }).orderId === 'string' &&
  ['string', 'object'].includes(typeof (state as { reference?: unknown }).reference);

/**
 * /payment/success: the order is paid. Product rule R1.9: a confirmation page reached from the
 * wrong origin (not from paying an order here) goes to /.
 */
export default function PaymentSuccessPage() {
  useDocumentTitle('Payment successful');
  const { state } = useLocation();
  if (!isPaymentSuccessState(state)) return <Navigate to="/" replace />;
  return (
    <div className="narrow">
      <div className="panel panel--confirmation">
        <h1>Thank you, your payment was successful</h1>
        {/* Product rule R9.8: an order is named by its reference, never by its id. */}
        {state.reference !== null && (
          <p>
            Order reference <strong>{state.reference}</strong>
          </p>
        )}
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
