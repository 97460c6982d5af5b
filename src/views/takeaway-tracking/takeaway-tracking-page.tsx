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
import { formatPrice } from '../../../domain/money';
import {
  formatMinutesWindow,
  isOrderFinished,
  orderStatusSentence,
  progressStep,
  PROGRESS_STEPS,
  trackingEstimate,
  type Fulfilment,
} from '../../../domain/order-progress';
import { orderStatusText } from '../../../domain/order-status';
import { RouteMap } from './route-map';
import './takeaway-tracking.css';

export const ORDER_POLL_MS = 10_000;
export const DRIVER_POLL_MS = 5_000;

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
      query.state.data && isOrderFinished(query.state.data.order.state) ? false : ORDER_POLL_MS,
  });
  const state = order.data?.order.state;
  // Read for deliveries on their way to the door: the route's length sets the estimate before
  // the rider leaves (product rule R9.11), the driver's position after.
  const delivering =
    order.data?.order.fulfillmentType === 'delivery' &&
    state !== undefined &&
    !isOrderFinished(state);
  const driver = useQuery({
    queryKey: ['orders', orderId, 'driver_location', state],
    queryFn: () => fetchDriverLocation(orderId),
    enabled: delivering,
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
  return <Tracking data={order.data} driver={delivering ? driver.data : undefined} />;
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
  const fulfilment = order.fulfillmentType ?? 'delivery';
  const finished = isOrderFinished(order.state);
  const places = driver ? driverPlaces(driver) : null;
  const routeMiles =
    places?.restaurant && places.home ? distanceInMiles(places.restaurant, places.home) : null;
  const driverMiles =
    order.state === 'shipped' && places?.at && places.home
      ? distanceInMiles(places.at, places.home)
      : null;
  const estimate = trackingEstimate({
    state: order.state,
    fulfilment,
    prepTime: order.prepTime,
    etaDelay: order.etaDelay,
    routeMiles,
    driverMiles,
  });
  return (
    <div className="narrow tracking">
      <h1>
        Your order <span className="order-reference">{order.reference}</span>
      </h1>
      <section aria-labelledby="order-status" className="card">
        <h2 id="order-status">Status</h2>
        <p className="tracking__status">
          Status: <strong>{orderStatusText(order.state, order.paymentFailed)}</strong>
        </p>
        {/* Announced when polling brings a new status or a new estimate. */}
        <div role="status" aria-live="polite" className="tracking__live">
          <p className="tracking__sentence">
            {orderStatusSentence(order.state, fulfilment, order.paymentFailed)}
          </p>
          {estimate && (
            <p className="tracking__estimate">
              {fulfilment === 'delivery' ? 'Estimated delivery' : 'Ready in'}:{' '}
              <strong>{formatMinutesWindow(estimate)}</strong>
            </p>
          )}
        </div>
        <ProgressStepper state={order.state} fulfilment={fulfilment} />
        {order.state === 'shipped' && (
          <DriverProgress order={order} places={places} driverMiles={driverMiles} />
        )}
        {finished && order.state !== 'dropped' && (
          <p>
            <Link className="button button--primary" to={`/rate-my-takeaway?order_id=${order.id}`}>
              Rate your order
            </Link>
          </p>
        )}
      </section>
      <section aria-labelledby="order-where" className="card">
        <h2 id="order-where">{fulfilment === 'delivery' ? 'Delivering to' : 'Collect from'}</h2>
        {fulfilment === 'delivery' && order.address ? (
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

/** Product rule R9.10: where the order is, the current step marked for assistive technology. */
function ProgressStepper({ state, fulfilment }: { state: string; fulfilment: Fulfilment }) {
  const current = progressStep(state);
  if (current === null) return null;
  // Delivered (or collected) is the last step and done: nothing is left to wait for.
  const done = (index: number) => index < current || (index === current && isOrderFinished(state));
  return (
    <ol className="order-stepper" aria-label="Order progress">
      {PROGRESS_STEPS[fulfilment].map((label, index) => (
        <li
          key={label}
          className={`order-stepper__step${done(index) ? ' order-stepper__step--done' : ''}${
            index === current ? ' order-stepper__step--current' : ''
          }`}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="order-stepper__marker" aria-hidden="true">
            {done(index) ? '✓' : index + 1}
          </span>
          <span className="order-stepper__label">
            {label}
            {done(index) && <span className="visually-hidden"> (done)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

interface Places {
  restaurant: Coordinates | null;
  home: Coordinates | null;
  at: Coordinates | null;
}

const driverPlaces = (driver: DriverLocation): Places => ({
  restaurant: coordinates(driver.restaurantLat, driver.restaurantLon),
  home: coordinates(driver.destinationLat, driver.destinationLon),
  at: coordinates(driver.lat, driver.lon),
});

function DriverProgress({
  order,
  places,
  driverMiles,
}: {
  order: Order;
  places: Places | null;
  driverMiles: number | null;
}) {
  if (!places) return <p>Finding your driver…</p>;
  const { restaurant, home, at } = places;
  if (!home || !at || driverMiles === null) return <p>Your driver is on the way.</p>;
  const away = formatMiles(driverMiles);
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
