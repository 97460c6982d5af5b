import { useQuery } from '@tanstack/react-query';
import { generatePath, Link, Navigate, useParams } from 'react-router-dom';
import { APP_ROUTES } from '../../../domain/app-routes';
import { formatPrice } from '../../../domain/money';
import { dayAndDate } from '../../../domain/pasta-plan';
import { paymentMethodText, paymentStateText } from '../../../domain/order-page';
import { orderStatusText } from '../../../domain/order-status';
import { isApiRequestError } from '../../api/api-error';
import { fetchOrderPage } from '../../api/order-page';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { QueryError } from '../../components/query-error';
import { Badge } from '../../components/ui/badge';
import { isRowId, SignedIn } from './signed-in';
import './schedule-week.css';

/**
 * /schedule/one-off/:orderId/view (product rule R10.28): a one-off (non-plan) recipe box: its
 * dishes, total, delivery date, address and payment, with a link to the order. A plan's box has
 * its week's page instead.
 */
function OneOffBoxPage() {
  const { orderId = '' } = useParams();
  useDocumentTitle('Your one-off box');
  return (
    <SignedIn>
      <OneOffBox key={orderId} orderId={orderId} />
    </SignedIn>
  );
}

function NotABox() {
  return (
    <div className="narrow">
      <h1>Box not found</h1>
      <p>We could not find this one-off box in your account.</p>
      <p>
        <Link to={APP_ROUTES.upcomingOrders}>Your upcoming orders</Link>
      </p>
    </div>
  );
}

function OneOffBox({ orderId }: { orderId: string }) {
  const valid = isRowId(orderId);
  const query = useQuery({
    queryKey: ['orders', orderId, 'page'],
    queryFn: () => fetchOrderPage(orderId),
    enabled: valid,
    staleTime: 0,
  });
  const status = isApiRequestError(query.error) ? query.error.status : undefined;
  if (!valid || status === 404 || status === 400) return <NotABox />;
  if (query.isError)
    return (
      <div className="narrow">
        <h1>Your one-off box</h1>
        <QueryError what="your box" retry={() => void query.refetch()} />
      </div>
    );
  if (!query.data)
    return (
      <p className="page-loading" role="status">
        Loading your box…
      </p>
    );
  const { order, lines, detail } = query.data;
  if (order.orderType !== 'recipe_kit') return <NotABox />;
  // A plan's week: its own page says what can still change (product rule R10.28).
  if (order.scheduleWeekId)
    return (
      <Navigate
        replace
        to={generatePath(APP_ROUTES.scheduleWeek, { scheduleWeekId: order.scheduleWeekId })}
      />
    );
  const address = order.address;
  return (
    <div className="page schedule-week">
      <p className="schedule-week__back">
        <Link to={APP_ROUTES.upcomingOrders}>Your upcoming orders</Link>
      </p>
      <div className="schedule-week__heading">
        <h1>
          Your one-off box{order.deliveryDate ? ` for ${dayAndDate(order.deliveryDate)}` : ''}
        </h1>
        <Badge tone={order.state === 'paid' ? 'success' : 'accent'}>
          {orderStatusText(order.state, order.paymentFailed)}
        </Badge>
      </div>
      <div className="schedule-week__grid">
        <section className="card" aria-labelledby="box-dishes">
          <div className="schedule-week__heading">
            <h2 id="box-dishes">Your dishes</h2>
            <span>Total {formatPrice(order.totalPrice)}</span>
          </div>
          <ul className="schedule-week__dishes">
            {lines.map(({ item }) => (
              <li key={item.id}>
                <span>
                  {item.quantity} × {item.title}
                  {item.variantTitle && (
                    <span className="schedule-week__variant"> ({item.variantTitle})</span>
                  )}
                </span>
                <span>{formatPrice(item.total)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="box-delivery">
          <h2 id="box-delivery">Delivery and payment</h2>
          <dl className="schedule-week__facts">
            <dt>Delivery date</dt>
            <dd>{order.deliveryDate ? dayAndDate(order.deliveryDate) : 'Not set'}</dd>
            <dt>Address</dt>
            <dd>
              {address
                ? [address.address1, address.address2, address.city, address.zip]
                    .filter(Boolean)
                    .join(', ')
                : 'No address'}
            </dd>
            <dt>Payment</dt>
            <dd>
              {detail.payment
                ? `${paymentStateText(detail.payment.state)} · ${paymentMethodText(
                    detail.payment.paymentMethodType,
                    detail.payment.brand,
                    detail.payment.last4,
                  )}`
                : orderStatusText(order.state, order.paymentFailed)}
            </dd>
          </dl>
          <p>
            <Link to={`/order/${order.id}`}>See the full order</Link>
          </p>
        </section>
      </div>
    </div>
  );
}

export default withQueryClient(OneOffBoxPage);
