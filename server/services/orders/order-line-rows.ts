import type { orderLineItems } from '../../db/schema';

/** One line of a recipe-kit order as it is written (modifiers are takeaway's, never a kit's). */
export interface KitOrderLine {
  productId: number;
  productVariantId: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  unitPricePence: number;
  isAddon: boolean;
}

/** A kit line's own fields, out of an order line row or a line with more. */
export const kitOrderLineOf = (line: KitOrderLine): KitOrderLine => ({
  productId: line.productId,
  productVariantId: line.productVariantId,
  title: line.title,
  variantTitle: line.variantTitle,
  quantity: line.quantity,
  unitPricePence: line.unitPricePence,
  isAddon: line.isAddon,
});

/** The order's `order_line_items` rows for its lines (a line's other fields stay out). */
export const lineItemRows = (
  orderId: number,
  lines: KitOrderLine[],
): (typeof orderLineItems.$inferInsert)[] =>
  lines.map((line) => ({ orderId, ...kitOrderLineOf(line) }));
