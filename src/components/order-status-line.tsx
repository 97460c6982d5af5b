import { useQuery } from '@tanstack/react-query';
import { fetchOrder } from '../api/orders';
import { withQueryClient } from '../app/with-query-client';
import { isOrderFinished } from '../../domain/order-progress';
import { orderStatusText } from '../../domain/order-status';

/** As often as the tracking page asks. */
const POLL_MS = 10_000;

/**
 * "Status: Is being prepared": the order's status as the server has it, in product rule R9.1's
 * words, so a confirmation says what tracking and the order lists say for the same order. Shares
 * the tracking page's query, so the two never disagree.
 */
function StatusLine({ orderId }: { orderId: string }) {
  const order = useQuery({
    queryKey: ['orders', orderId],
    queryFn: () => fetchOrder(orderId),
    refetchInterval: (query) =>
      query.state.data && isOrderFinished(query.state.data.order.state) ? false : POLL_MS,
  });
  if (!order.data) return null;
  return (
    <p className="order-status-line">
      Status:{' '}
      <strong>{orderStatusText(order.data.order.state, order.data.order.paymentFailed)}</strong>
    </p>
  );
}

export const OrderStatusLine = withQueryClient(StatusLine);
