import { useMutation } from '@tanstack/react-query';
import { isApiRequestError } from '../../api/api-error';
import { sendOrderInvoice } from '../../api/order-page';
import type { OrderPageData } from '../../api/order-page';
import { Button } from '../../components/form/button';

/**
 * "Send me the invoice" (product rule R9.17): the server emails it at most once every 10 minutes,
 * so a second click says when it went instead of sending another. Unpaid orders have none yet.
 */
export function OrderInvoiceSection({ data: { order } }: { data: OrderPageData }) {
  const send = useMutation({ mutationFn: () => sendOrderInvoice(order.id) });
  return (
    <section className="card order-page__section" aria-labelledby="order-invoice">
      <h2 id="order-invoice">Invoice</h2>
      {order.paidAt === null ? (
        <p>Your invoice will be ready once the order is paid.</p>
      ) : (
        <>
          <p>We email the invoice to the address on your account.</p>
          <Button variant="secondary" busy={send.isPending} onClick={() => send.mutate()}>
            Send me the invoice
          </Button>
        </>
      )}
      <div role="status" className="order-page__status">
        {send.isSuccess && <p className="notice">{send.data.message}.</p>}
      </div>
      {send.isError && (
        <p className="notice notice--error" role="alert">
          {(isApiRequestError(send.error) && send.error.serverMessage) ||
            'Sorry, we could not send your invoice. Try again.'}
        </p>
      )}
    </section>
  );
}
