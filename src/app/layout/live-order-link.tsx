import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { fetchLiveOrders, type Order } from '../../api/orders';
import { orderStatusText } from '../../../domain/order-status';
import { useSessionStatus } from '../../session/session-context';

export const LIVE_ORDERS_POLL_MS = 30_000;

/**
 * "Your order is on its way", from every page while a signed-in customer has a takeaway order in
 * progress: GET orders/live every 30 s (and on each new page). The plain client, not TanStack
 * Query, keeps the layout out of the query library's weight on first load.
 */
export function LiveOrderLink() {
  const status = useSessionStatus();
  const { pathname } = useLocation();
  const [order, setOrder] = useState<Order | null>(null);

  useEffect(() => {
    if (status !== 'signedIn') return;
    let cancelled = false;
    const load = () =>
      fetchLiveOrders()
        .then((orders) => {
          if (!cancelled) setOrder(orders[0] ?? null);
        })
        // Best effort: a failed poll keeps what was shown; the next one tries again.
        .catch(() => undefined);
    void load();
    const timer = window.setInterval(load, LIVE_ORDERS_POLL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [status, pathname]);

  // Signed out, the last answer is stale: the next customer's first poll replaces it.
  if (!order || status !== 'signedIn') return null;
  const href = `/takeaway/track/${order.id}`;
  if (pathname === href) return null;
  return (
    <div className="notice" role="region" aria-label="Your order in progress">
      <p>
        <Link to={href}>Your order is on its way</Link> ·{' '}
        {orderStatusText(order.state, order.paymentFailed)}
      </p>
    </div>
  );
}
