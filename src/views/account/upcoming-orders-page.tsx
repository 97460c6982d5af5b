import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { APP_ROUTES } from '../../../domain/app-routes';
import { useDocumentTitle } from '../../app/use-document-title';
import { QueryError } from '../../components/query-error';
import { OrderCard } from './order-card';
import { fetchOrderPage } from './order-list-query';
import { PlanWeeksSection } from './plan-weeks-section';
import './orders.css';

/** Product rule R9.5: the upcoming list takes up to 3000 orders. */
const UPCOMING_PER_PAGE = 3000;

/**
 * /account/upcoming-orders: the customer's orders still to come, soonest first. A takeaway that
 * has been delivered or collected is in the order history instead (product rule R9.6).
 */
export function UpcomingOrdersPage() {
  useDocumentTitle('Upcoming orders');
  // Read again on every visit: an order paid a moment ago must not still say 'Payment failed'.
  const upcoming = useQuery({
    queryKey: ['orders', 'upcoming'],
    queryFn: () => fetchOrderPage('upcoming', 1, UPCOMING_PER_PAGE),
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
      ) : upcoming.data.orders.length === 0 ? (
        <p>You have no upcoming orders.</p>
      ) : (
        <ul className="order-list" aria-label="Upcoming orders">
          {upcoming.data.orders.map((entry) => (
            <OrderCard key={entry.order.id} {...entry} />
          ))}
        </ul>
      )}
      <PlanWeeksSection />
      <p>
        <Link to={APP_ROUTES.orderHistory}>See your past orders</Link>
      </p>
    </div>
  );
}
