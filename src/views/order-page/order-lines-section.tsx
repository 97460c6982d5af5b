import { formatPrice } from '../../../domain/money';
import type { OrderPageData } from '../../api/order-page';
import { PriceRows, type PriceRowItem } from '../../components/ui/price-rows';

/** The order's dishes, each with its extras (product rule R9.7), and what made up its total. */
export function OrderLinesSection({ data: { order, lines } }: { data: OrderPageData }) {
  const rows: PriceRowItem[] = [{ label: 'Subtotal', amount: formatPrice(order.subtotalPrice) }];
  if (order.fulfillmentType === 'delivery' || order.deliveryPrice > 0)
    rows.push({
      label: 'Delivery',
      amount: order.deliveryPrice > 0 ? formatPrice(order.deliveryPrice) : 'Free',
    });
  if (order.totalDiscounts > 0)
    rows.push({
      label: order.voucherCode ? `Voucher ${order.voucherCode}` : 'Discount',
      amount: `−${formatPrice(order.totalDiscounts)}`,
      kind: 'discount',
    });
  rows.push({ label: 'Total', amount: formatPrice(order.totalPrice), kind: 'total' });
  return (
    <section className="card order-page__section" aria-labelledby="order-lines">
      <h2 id="order-lines">What you ordered</h2>
      {order.chefSelected && <p>Dishes chosen by our chef.</p>}
      <ul className="order-lines" aria-label="Items">
        {lines.map(({ item, subItems }) => (
          <li key={item.id} className="order-lines__line">
            <div className="order-lines__what">
              <span>
                {item.quantity} × {item.title}
              </span>
              {item.variantTitle && (
                <span className="order-lines__variant"> · {item.variantTitle}</span>
              )}
              {subItems.length > 0 && (
                <ul aria-label={`Extras for ${item.title}`} className="order-lines__extras">
                  {subItems.map((sub) => (
                    <li key={sub.id}>+ {sub.title}</li>
                  ))}
                </ul>
              )}
            </div>
            <span className="order-lines__price">{formatPrice(item.total)}</span>
          </li>
        ))}
      </ul>
      <PriceRows rows={rows} />
    </section>
  );
}
