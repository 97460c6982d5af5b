import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { APP_ROUTES, orderEditPath } from '../../../domain/app-routes';
import { formatCutoff, orderEditability } from '../../../domain/order-edit';
import { isPaymentFailed, orderStatusText } from '../../../domain/order-status';
import { isKitOrderType, isReorderableState } from '../../../domain/reorder';
import { isApiRequestError } from '../../api/api-error';
import { fetchOrderPage, type OrderPageData } from '../../api/order-page';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { QueryError } from '../../components/query-error';
import { Badge } from '../../components/ui/badge';
import { useCustomer } from '../../session/session-context';
import { OrderAddressSection } from './order-address-section';
import { OrderAgainSection } from './order-again-section';
import { OrderFeedbackSection } from './order-feedback-section';
import { OrderInvoiceSection } from './order-invoice-section';
import { OrderLinesSection } from './order-lines-section';
import { OrderPaymentSection } from './order-payment-section';
import { orderTitle } from './order-title';
import './order-page.css';

const PAST_STATES = new Set(['delivered', 'collected', 'dropped']);

export const orderPageQueryKey = (orderId: string) => ['orders', orderId, 'page'] as const;

/**
 * /order/:orderId (product rule R9.14): one order with its lines, where it went, how it was paid,
 * its feedback and its invoice. Signed-in only: a signed-out customer goes to /social-login with
 * a returnTo parameter (product rule R2.2) and comes back here.
 */
function OrderPage() {
  const customer = useCustomer();
  const location = useLocation();
  const { orderId = '' } = useParams();
  useDocumentTitle('Your order');
  if (customer === undefined) {
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  }
  if (customer === null) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`/social-login?${new URLSearchParams({ returnTo })}`} replace />;
  }
  return <OrderLoader key={orderId} orderId={orderId} />;
}

function OrderLoader({ orderId }: { orderId: string }) {
  const valid = /^[1-9]\d{0,9}$/.test(orderId);
  const order = useQuery({
    queryKey: orderPageQueryKey(orderId),
    queryFn: () => fetchOrderPage(orderId),
    enabled: valid,
    staleTime: 0,
  });
  const status = isApiRequestError(order.error) ? order.error.status : undefined;
  if (!valid || status === 404 || status === 400) {
    return (
      <div className="narrow">
        <h1>Order not found</h1>
        <p>We could not find this order in your account. Check the link, or see all your orders.</p>
        <p>
          <Link to={APP_ROUTES.orderHistory}>See your past orders</Link>
        </p>
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="narrow">
        <h1>Your order</h1>
        <QueryError what="your order" retry={() => void order.refetch()} />
      </div>
    );
  }
  if (!order.data) {
    return (
      <p className="page-loading" role="status">
        Loading your order…
      </p>
    );
  }
  return <OrderDetails data={order.data} />;
}

function OrderDetails({ data }: { data: OrderPageData }) {
  const { order } = data;
  useDocumentTitle(`Order ${order.reference}`);
  const failed = isPaymentFailed(order.state);
  // Product rule R9.19: a recipe-kit order can change until its week's cut-off.
  const editability = orderEditability(
    { type: order.orderType, state: order.state, deliveryDate: order.deliveryDate },
    new Date(),
  );
  return (
    <div className="order-page">
      <p className="order-page__back">
        {/* Back to the list the order is in (product rule R9.6): past once it has reached the customer. */}
        {PAST_STATES.has(order.state) ? (
          <Link to={APP_ROUTES.orderHistory}>Your past orders</Link>
        ) : (
          <Link to={APP_ROUTES.upcomingOrders}>Your upcoming orders</Link>
        )}
      </p>
      <h1>Order {order.reference}</h1>
      <p className="order-page__summary">
        <span>{orderTitle(order)}</span>{' '}
        <Badge tone={failed ? 'accent' : order.state === 'delivered' ? 'success' : 'neutral'}>
          {orderStatusText(order.state, order.paymentFailed)}
        </Badge>
      </p>
      {/* Product rule R9.28: "failed" only where a payment failed; a new box awaits its first. */}
      {failed && order.paymentFailed && (
        <div className="notice notice--error">
          <p>
            The payment for this order failed, so we have not started it. Pay with another card to
            go ahead.
          </p>
        </div>
      )}
      {failed && !order.paymentFailed && (
        <div className="notice notice--warning">
          <p>This order is awaiting payment, so we have not started it. Pay for it to go ahead.</p>
        </div>
      )}
      {editability.editable && (
        <div className="notice order-page__edit">
          <p>
            You can change the day, dishes and address of this box until{' '}
            {formatCutoff(editability.cutoff)}.
          </p>
          <p>
            <Link className="button button--secondary" to={orderEditPath(order.id)}>
              Change this order
            </Link>
          </p>
        </div>
      )}
      <div className="order-page__grid">
        <div className="order-page__main">
          <OrderLinesSection data={data} />
          <OrderFeedbackSection data={data} />
        </div>
        <div className="order-page__side">
          <OrderAddressSection order={order} />
          <OrderPaymentSection data={data} />
          <OrderInvoiceSection data={data} />
          {/* Product rule R9.27: a kit box, not cancelled or dropped, can be ordered again. */}
          {isKitOrderType(order.orderType) && isReorderableState(order.state) && (
            <OrderAgainSection orderId={order.id} />
          )}
        </div>
      </div>
    </div>
  );
}

export default withQueryClient(OrderPage);
