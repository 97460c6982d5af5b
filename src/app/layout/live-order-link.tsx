import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { fetchLiveOrders, liveOrdersFromPage, type Order } from '../../api/orders';
import { orderStatusText } from '../../../domain/order-status';
import { useSessionStatus } from '../../session/session-context';

export const LIVE_ORDERS_POLL_MS = 30_000;

/**
 * "Your order is on its way", from every page while a signed-in customer has a takeaway order in
 * progress: GET orders/live every 30 s (and on each new page). The plain client, not TanStack
 * Query, keeps the layout out of the query library's weight on first load. The page's own answer
 * (R14.12) draws it with the first paint, while the session is still loading, so it pushes
 * nothing down.
 */
export function LiveOrderLink() {
  const status = useSessionStatus();
  const { pathname } = useLocation();
  const [inPage] = useState(liveOrdersFromPage);
  const [order, setOrder] = useState<Order | null>(inPage?.[0] ?? null);
  // The page's answer is this page's first poll.
  const pageAnswered = useRef(inPage !== undefined);

  // Signed out, the last answer is stale: forgotten, so the next customer never sees it.
  const [lastStatus, setLastStatus] = useState(status);
  if (status !== lastStatus) {
    setLastStatus(status);
    if (status === 'signedOut') setOrder(null);
  }

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
    if (pageAnswered.current) pageAnswered.current = false;
    else void load();
    const timer = window.setInterval(load, LIVE_ORDERS_POLL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [status, pathname]);

  if (!order || status === 'signedOut') return null;
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
