import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiRequestError } from '../../api/api-error';
import { reorderBox } from '../../api/order-page';

const newKey = () => `reorder-${crypto.randomUUID()}`;

/**
 * "Order this box again" (product rule R9.27): the box's dishes for the next open week, then
 * straight to paying for it. The key stays the same until the call answers, so a double click (or a
 * retry after a network error) writes one order.
 */
export function OrderAgainSection({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const [key, setKey] = useState(newKey);
  const reorder = useMutation({
    mutationFn: () => reorderBox(orderId, key),
    onSuccess: (placed) => {
      setKey(newKey());
      const leftOut = placed.leftOut.length ? { leftOut: placed.leftOut } : undefined;
      void navigate(
        placed.amountToCharge > 0 ? `/payment/${placed.orderId}` : `/order/${placed.orderId}`,
        { state: leftOut },
      );
    },
  });
  const refusal = isApiRequestError(reorder.error) ? reorder.error.serverMessage : undefined;
  return (
    <section
      className="card order-page__section order-page__again"
      aria-labelledby="order-again-title"
    >
      <h2 id="order-again-title">Enjoyed this box?</h2>
      <p>Order the same dishes again for the next open week, delivered to your default address.</p>
      {reorder.isError && (
        <p className="notice notice--error" role="alert">
          {refusal ?? 'We could not order this box again. Try again.'}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={reorder.isPending}
        onClick={() => reorder.mutate()}
      >
        {reorder.isPending ? 'Ordering…' : 'Order this box again'}
      </button>
    </section>
  );
}
