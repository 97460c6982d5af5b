import { Link } from 'react-router-dom';
import { orderPaymentPath } from '../../../machines/shared/order-paths';
import { formatPrice } from '../../../domain/money';
import { paymentMethodText, paymentStateText } from '../../../domain/order-page';
import { isPaymentFailed, orderStatusText } from '../../../domain/order-status';
import type { OrderPageData } from '../../api/order-page';

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/**
 * How the order was paid (product rule R9.15): the method, the amount and its state, store credit
 * spent; a payment-failed order links to where it is paid (product rules R9.2, R9.3).
 */
export function OrderPaymentSection({ data: { order, detail } }: { data: OrderPageData }) {
  const { payment } = detail;
  const failed = isPaymentFailed(order.state);
  // Optional in the contract (older clients' documents): no credit spent, the card pays it all.
  const storeCredit = order.storeCredit ?? 0;
  const toCharge = order.amountToCharge ?? order.totalPrice;
  return (
    <section className="card order-page__section" aria-labelledby="order-payment">
      <h2 id="order-payment">Payment</h2>
      <dl className="summary-list">
        {payment && (
          <div>
            <dt>Method</dt>
            <dd>{paymentMethodText(payment.paymentMethodType, payment.brand, payment.last4)}</dd>
          </div>
        )}
        {storeCredit > 0 && (
          <div>
            <dt>Store credit</dt>
            <dd>{formatPrice(storeCredit)}</dd>
          </div>
        )}
        <div>
          <dt>Amount</dt>
          <dd>{formatPrice(payment?.amount ?? toCharge)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            {failed
              ? orderStatusText(order.state, order.paymentFailed)
              : payment
                ? paymentStateText(payment.state)
                : toCharge === 0
                  ? 'Paid with store credit'
                  : 'Not paid yet'}
          </dd>
        </div>
        {payment && (
          <div>
            <dt>Date</dt>
            <dd>{dayMonthYear.format(new Date(payment.createdAt))}</dd>
          </div>
        )}
      </dl>
      {failed && (
        <p>
          <Link className="button button--primary" to={orderPaymentPath(order.id)}>
            Pay now
          </Link>
        </p>
      )}
    </section>
  );
}
