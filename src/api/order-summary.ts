import type { OrderSummary } from '../../machines/checkout-shared/checkout-shared.types';
import type { BasketDocument } from './basket-calls';

/**
 * The order summary every checkout step shows (product rule R5.8), from the basket document the
 * checkout already loads: each dish with its extras, and the server's totals.
 */
export function orderSummaryOf({
  data,
  included,
}: Pick<BasketDocument, 'data' | 'included'>): OrderSummary {
  const a = data.attributes;
  return {
    lines: included
      .filter((item) => item.attributes.parent === null)
      .map(({ id, attributes: item }) => ({
        id,
        title: item.title,
        quantity: item.quantity,
        total: item.total,
        extras: [
          ...(item.variant_title ? [item.variant_title] : []),
          ...(item.is_double ? ['Double portion'] : []),
          ...included
            .filter((sub) => sub.attributes.parent === id)
            .map((sub) => sub.attributes.title),
        ],
      })),
    subtotal: a.subtotal_price,
    delivery: a.delivery_price,
    discount: a.total_discount,
    total: a.total_price,
  };
}
