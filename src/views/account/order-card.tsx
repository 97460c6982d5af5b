import { Link } from 'react-router-dom';
import { orderPagePath } from '../../../domain/app-routes';
import { orderPaymentPath } from '../../../machines/shared/order-paths';
import type { OrderWithItems } from '../../api/orders';
import { formatPrice } from '../../../domain/money';
import { isPaymentFailed, orderStatusText } from '../../../domain/order-status';

const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

const RATEABLE = new Set(['delivered', 'collected']);

function heading({ order }: OrderWithItems) {
  const day = order.deliveryDate
    ? longDate.format(new Date(`${order.deliveryDate}T00:00:00Z`))
    : null;
  if (order.orderType === 'takeaway') {
    const from = order.restaurantSite ? ` from Sfoglia ${order.restaurantSite}` : '';
    return `Takeaway${from}${day ? `, ${day}` : ''}`;
  }
  return day ? `Delivery on ${day}` : `Order ${order.reference}`;
}

/**
 * One order in the account's lists: its status, its dishes with their extras (product rule R9.7),
 * its total, and the way on: its own page (R9.14), pay a failed payment (R9.2), or for a takeaway
 * follow it and, once delivered or collected, rate it.
 */
export function OrderCard({ order, lines }: OrderWithItems) {
  const headingId = `order-${order.id}`;
  const isTakeaway = order.orderType === 'takeaway';
  return (
    <li>
      <article className="card order-card" aria-labelledby={headingId}>
        <h2 id={headingId}>{heading({ order, lines })}</h2>
        {/* Product rule R9.8: the order's reference, as its confirmation and emails give it. */}
        <p className="order-card__reference">Order reference {order.reference}</p>
        <p>
          <strong>{orderStatusText(order.state, order.paymentFailed)}</strong>
          {order.chefSelected ? ' · Dishes chosen by our chef' : null}
        </p>
        <ul aria-label="Items" className="order-card__items">
          {lines.map(({ item, subItems }) => (
            <li key={item.id}>
              {item.quantity} × {item.title}
              {item.variantTitle ? ` (${item.variantTitle})` : null}
              {subItems.length > 0 && (
                <ul aria-label={`Extras for ${item.title}`} className="order-card__extras">
                  {subItems.map((sub) => (
                    <li key={sub.id}>+ {sub.title}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <p>Total {formatPrice(order.totalPrice)}</p>
        {/* Product rule R9.14: every order links to its own page; R9.2 a failed payment to paying. */}
        <ul className="order-card__actions" aria-label="For this order">
          {isPaymentFailed(order.state) && (
            <li>
              <Link
                className="button button--primary"
                to={orderPaymentPath(order.id)}
                aria-describedby={headingId}
              >
                Pay now
              </Link>
            </li>
          )}
          <li>
            <Link to={orderPagePath(order.id)} aria-describedby={headingId}>
              See the order
            </Link>
          </li>
          {isTakeaway && !isPaymentFailed(order.state) && (
            <>
              <li>
                <Link to={`/takeaway/track/${order.id}`} aria-describedby={headingId}>
                  {RATEABLE.has(order.state) ? 'See its tracking' : 'Track your order'}
                </Link>
              </li>
              {RATEABLE.has(order.state) && (
                <li>
                  <Link to={`/rate-my-takeaway?order_id=${order.id}`} aria-describedby={headingId}>
                    {order.rating === null
                      ? 'Rate your order'
                      : `Your rating: ${order.rating} of 5 · change it`}
                  </Link>
                </li>
              )}
            </>
          )}
        </ul>
      </article>
    </li>
  );
}
