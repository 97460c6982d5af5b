import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { isApiRequestError } from '../../api/api-error';
import {
  fetchDriverLocation,
  fetchOrder,
  type DriverLocation,
  type Order,
  type OrderWithItems,
} from '../../api/orders';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { QueryError } from '../../components/query-error';
import { distanceInMiles, formatMiles, type Coordinates } from '../../../domain/distance';
import { etaText } from '../../../domain/eta';
import { formatPrice } from '../../../domain/money';
import { orderStatusText } from '../../../domain/order-status';
import { RouteMap } from './route-map';

export const ORDER_POLL_MS = 10_000;
export const DRIVER_POLL_MS = 5_000;

/** Nothing more will happen to these: polling stops. */
const FINISHED = new Set(['delivered', 'collected', 'dropped']);
/** Before the kitchen accepts, the ETA is the default of product rule R4.7. */
const BEFORE_ACCEPTANCE = new Set(['payment_pending', 'not_authorized', 'paid']);

const coordinates = (lat: number | null, lon: number | null): Coordinates | null =>
  lat === null || lon === null ? null : { lat, lon };

/** /takeaway/track/:orderId: the order's progress, its ETA, and the driver on the way. */
function TakeawayTrackingPage() {
  const { orderId = '' } = useParams();
  const location = useLocation();
  useDocumentTitle('Track your order');
  const order = useQuery({
    queryKey: ['orders', orderId],
    queryFn: () => fetchOrder(orderId),
    enabled: /^\d+$/.test(orderId),
    refetchInterval: (query) =>
      query.state.data && FINISHED.has(query.state.data.order.state) ? false : ORDER_POLL_MS,
  });
  const state = order.data?.order.state;
  const driver = useQuery({
    queryKey: ['orders', orderId, 'driver_location'],
    queryFn: () => fetchDriverLocation(orderId),
    enabled: state === 'shipped',
    refetchInterval: state === 'shipped' ? DRIVER_POLL_MS : false,
  });

  const status = isApiRequestError(order.error) ? order.error.status : undefined;
  if (!/^\d+$/.test(orderId) || status === 404) return <OrderNotFound />;
  if (status === 401) {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <div className="narrow">
        <h1>Track your order</h1>
        <p>
          <Link to={`/social-login?${new URLSearchParams({ returnTo })}`}>Sign in</Link> to follow
          your order.
        </p>
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="narrow">
        <h1>Track your order</h1>
        <QueryError what="your order" retry={() => void order.refetch()} />
      </div>
    );
  }
  if (!order.data) {
    return (
      <p className="page-loading" role="status">
        Loading your order…
      </p>
    );
  }
  return <Tracking data={order.data} driver={state === 'shipped' ? driver.data : undefined} />;
}

function OrderNotFound() {
  return (
    <div className="narrow">
      <h1>Order not found</h1>
      <p>We could not find this order in your account. Check the link, or see your orders.</p>
      <p>
        <Link to="/account">Go to your account</Link>
      </p>
    </div>
  );
}

function Tracking({ data, driver }: { data: OrderWithItems; driver: DriverLocation | undefined }) {
  const { order, lines } = data;
  const finished = FINISHED.has(order.state);
  const eta = BEFORE_ACCEPTANCE.has(order.state)
    ? etaText(null)
    : etaText({ prepTime: order.prepTime, etaDelay: order.etaDelay });
  return (
    <div className="narrow">
      <h1>Your order #{order.id}</h1>
      <section aria-labelledby="order-status" className="card">
        <h2 id="order-status">Status</h2>
        {/* Announced when polling brings a new status. */}
        <p role="status" aria-live="polite" className="eta">
          <strong>{orderStatusText(order.state)}</strong>
        </p>
        {!finished && (
          <p>
            {order.fulfillmentType === 'delivery' ? 'Estimated delivery' : 'Ready in'}: {eta}
          </p>
        )}
        {order.state === 'shipped' && <DriverProgress order={order} driver={driver} />}
        {finished && order.state !== 'dropped' && (
          <p>
            <Link className="button button--primary" to={`/rate-my-takeaway?order_id=${order.id}`}>
              Rate your order
            </Link>
          </p>
        )}
      </section>
      <section aria-labelledby="order-where" className="card">
        <h2 id="order-where">
          {order.fulfillmentType === 'delivery' ? 'Delivering to' : 'Collect from'}
        </h2>
        {order.fulfillmentType === 'delivery' && order.address ? (
          <p className="address-block">
            {[order.address.address1, order.address.address2, order.address.city, order.address.zip]
              .filter(Boolean)
              .join(', ')}
          </p>
        ) : (
          <p className="address-block">Sfoglia {order.restaurantSite}</p>
        )}
      </section>
      <section aria-labelledby="order-items" className="card">
        <h2 id="order-items">Your items</h2>
        <ul className="basket__lines">
          {lines.map(({ item, subItems }) => (
            <li key={item.id} className="basket__line">
              {item.quantity} × {item.title}
              {subItems.length > 0 && ` (${subItems.map((sub) => sub.title).join(', ')})`}{' '}
              <span>{formatPrice(item.total)}</span>
            </li>
          ))}
        </ul>
        {order.deliveryPrice > 0 && <p>Delivery: {formatPrice(order.deliveryPrice)}</p>}
        {order.totalDiscounts > 0 && <p>Discount: −{formatPrice(order.totalDiscounts)}</p>}
        <p>
          <strong>Total: {formatPrice(order.totalPrice)}</strong>
        </p>
      </section>
    </div>
  );
}

function DriverProgress({ order, driver }: { order: Order; driver: DriverLocation | undefined }) {
  if (!driver) return <p>Finding your driver…</p>;
  const restaurant = coordinates(driver.restaurantLat, driver.restaurantLon);
  const home = coordinates(driver.destinationLat, driver.destinationLon);
  const at = coordinates(driver.lat, driver.lon);
  if (!home || !at) return <p>Your driver is on the way.</p>;
  const away = formatMiles(distanceInMiles(at, home));
  return (
    <>
      <p>Your driver is {away} away.</p>
      {restaurant && (
        <RouteMap
          restaurant={restaurant}
          home={home}
          driver={at}
          description={`Route from Sfoglia ${order.restaurantSite ?? ''} to your address: the driver is ${away} away.`}
        />
      )}
    </>
  );
}

export default withQueryClient(TakeawayTrackingPage);
