import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { APP_ROUTES } from '../../../domain/app-routes';
import { useDocumentTitle } from '../../app/use-document-title';
import { QueryError } from '../../components/query-error';
import { OrderCard } from './order-card';
import { fetchOrderPage } from './order-list-query';
import './orders.css';

/** Product rule R9.5: past orders come in pages of 4. */
const PAST_PER_PAGE = 4;

/**
 * /account/order-history?page=n: orders delivered or collected, latest first, dropped ones left
 * out, in the status words of product rule R9.1 (product rules R9.5, R9.6); each order links to
 * its own page (R9.14), each takeaway also to its tracking page and its rating.
 */
export function OrderHistoryPage() {
  useDocumentTitle('Order history');
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const past = useQuery({
    queryKey: ['orders', 'past', page],
    queryFn: () => fetchOrderPage('past', page, PAST_PER_PAGE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const pages = past.data ? Math.max(1, Math.ceil(past.data.total / PAST_PER_PAGE)) : 1;
  return (
    <div className="page">
      <h1>Order history</h1>
      {past.isError ? (
        <QueryError what="your past orders" retry={() => void past.refetch()} />
      ) : !past.data ? (
        <p className="page-loading" role="status">
          Loading your orders…
        </p>
      ) : past.data.orders.length === 0 ? (
        <p>
          You have no past orders yet. <Link to={APP_ROUTES.addressSearch}>Order fresh pasta</Link>
        </p>
      ) : (
        <>
          <ul className="order-list" aria-label="Past orders">
            {past.data.orders.map((entry) => (
              <OrderCard key={entry.order.id} {...entry} />
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Order history pages" className="order-pages">
              {page > 1 && (
                <Link to={`${APP_ROUTES.orderHistory}?page=${page - 1}`}>Newer orders</Link>
              )}
              <span>
                Page {page} of {pages}
              </span>
              {page < pages && (
                <Link to={`${APP_ROUTES.orderHistory}?page=${page + 1}`}>Older orders</Link>
              )}
            </nav>
          )}
        </>
      )}
      <p>
        <Link to={APP_ROUTES.upcomingOrders}>See your upcoming orders</Link>
      </p>
    </div>
  );
}
