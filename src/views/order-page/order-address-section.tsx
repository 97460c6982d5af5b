import type { Order } from '../../api/orders';

/** Where the order went: the delivery address, or the restaurant it was collected from or eaten at. */
export function OrderAddressSection({ order }: { order: Order }) {
  const { address } = order;
  const delivered = order.fulfillmentType !== 'pickup' && order.fulfillmentType !== 'eat_in';
  const heading = delivered
    ? 'Delivery address'
    : order.fulfillmentType === 'pickup'
      ? 'Collection'
      : 'Eat in';
  return (
    <section className="card order-page__section" aria-labelledby="order-address">
      <h2 id="order-address">{heading}</h2>
      {delivered && address ? (
        <address className="order-page__address">
          {[
            [address.firstName, address.lastName].filter(Boolean).join(' '),
            address.address1,
            address.address2,
            address.city,
            address.zip,
          ]
            .filter(Boolean)
            .map((line) => (
              <span key={line}>{line}</span>
            ))}
        </address>
      ) : delivered ? (
        <p>No delivery address was recorded for this order.</p>
      ) : (
        <p>
          {order.fulfillmentType === 'pickup' ? 'Collection from' : 'At'} Sfoglia{' '}
          {order.restaurantSite ?? 'restaurant'}
          {order.tableNumber ? `, table ${order.tableNumber}` : ''}
        </p>
      )}
      {order.deliveryNote && <p>Note for the rider: {order.deliveryNote}</p>}
    </section>
  );
}
