import { orderPaymentPath } from '../../../machines/shared/order-paths';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import { ORDER_FETCH_FAILED, type LineItem, type Order } from '../../api/orders';
import { useDocumentTitle } from '../../app/use-document-title';
import { QueryError } from '../../components/query-error';
import { formatPrice } from '../../../domain/money';
import { isPaymentFailed, orderStatusText } from '../../../domain/order-status';

/** Product rule R9.5: the upcoming list takes up to 3000 orders. */
const UPCOMING_PER_PAGE = 3000;

const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

interface UpcomingOrder {
  order: Order;
  items: LineItem[];
}

async function fetchUpcomingOrders(): Promise<UpcomingOrder[]> {
  const body = await unwrap(
    api.GET('/orders', {
      params: {
        query: { 'filter[delivery_date]': 'upcoming', per_page: UPCOMING_PER_PAGE },
      },
    }),
    ORDER_FETCH_FAILED,
  );
  const items = body.included.map((resource) => toEntity(resource) as LineItem);
  return body.data.map((resource) => {
    const order = toEntity(resource) as Order;
    return {
      order,
      items: order.lineItemIds.flatMap((id) => items.filter((item) => item.id === id)),
    };
  });
}

function OrderCard({ order, items }: UpcomingOrder) {
  const headingId = `upcoming-order-${order.id}`;
  return (
    <li>
      <article className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>
          {order.deliveryDate
            ? `Delivery on ${longDate.format(new Date(`${order.deliveryDate}T00:00:00Z`))}`
            : `Order ${order.reference}`}
        </h2>
        {/* Product rule R9.8: the order's reference, as its confirmation and emails give it. */}
        <p className="upcoming-order__reference">Order reference {order.reference}</p>
        <p>
          <strong>{orderStatusText(order.state)}</strong>
          {order.chefSelected ? ' · Dishes chosen by our chef' : null}
        </p>
        <ul aria-label="Items">
          {items.map((item) => (
            <li key={item.id}>
              {item.quantity} × {item.title}
              {item.variantTitle ? ` (${item.variantTitle})` : null}
            </li>
          ))}
        </ul>
        <p>Total {formatPrice(order.totalPrice)}</p>
        {/* Product rule R9.2: payment_pending and not_authorized orders are payment-failed. */}
        {isPaymentFailed(order.state) && (
          <p>
            <Link
              className="button button--primary"
              to={orderPaymentPath(order.id)}
              aria-describedby={headingId}
            >
              Pay now
            </Link>
          </p>
        )}
      </article>
    </li>
  );
}

/** /account/upcoming-orders: the customer's orders still to be delivered, soonest first. */
export function UpcomingOrdersPage() {
  useDocumentTitle('Upcoming orders');
  // Read again on every visit: an order paid a moment ago must not still say 'Payment failed'.
  const upcoming = useQuery({
    queryKey: ['orders', 'upcoming'],
    queryFn: fetchUpcomingOrders,
    staleTime: 0,
  });
  return (
    <div className="page">
      <h1>Upcoming orders</h1>
      {upcoming.isError ? (
        <QueryError what="your upcoming orders" retry={() => void upcoming.refetch()} />
      ) : !upcoming.data ? (
        <p className="page-loading" role="status">
          Loading your orders…
        </p>
      ) : upcoming.data.length === 0 ? (
        <p>You have no upcoming orders.</p>
      ) : (
        <ul className="order-list" aria-label="Upcoming orders">
          {upcoming.data.map((entry) => (
            <OrderCard key={entry.order.id} {...entry} />
          ))}
        </ul>
      )}
    </div>
  );
}
