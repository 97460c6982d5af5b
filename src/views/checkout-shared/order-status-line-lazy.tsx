import { lazyPart } from './lazy-part';

/**
 * The confirmation's "Status: …" line, which polls the order through TanStack Query: in a chunk
 * of its own, loaded while the customer pays (product rule R5.11). It shows nothing until the
 * status is known either way, so it needs no place held.
 */
export const orderStatusLine = lazyPart<{ orderId: string }>(
  () =>
    import('../../components/order-status-line').then((module) => ({
      default: module.OrderStatusLine,
    })),
  () => null,
);
export const LazyOrderStatusLine = orderStatusLine.View;
