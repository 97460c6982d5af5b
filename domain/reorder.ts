/**
 * Product rule R9.27: ordering a past recipe-kit box again. The box's dishes are matched against
 * the week's menu by variant (same recipe, same portion): what the menu still sells is ordered again
 * at today's price, what it no longer has is left out and named.
 */

/** A line of the box being ordered again. */
export interface PastBoxLine {
  productVariantId: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  isAddon: boolean;
}

/** A variant the week's menu sells, with its dish. */
export interface MenuOffer {
  variantId: number;
  productId: number;
  title: string;
  variantTitle: string;
  pricePence: number;
  onSale: boolean;
}

export interface ReorderLine extends PastBoxLine {
  productId: number;
  unitPricePence: number;
}

export interface ReorderSplit {
  kept: ReorderLine[];
  leftOut: PastBoxLine[];
}

/** Order states a box can be ordered again from: never one that was cancelled or dropped. */
const NOT_REORDERABLE = new Set(['cancelled', 'dropped']);

export const isReorderableState = (state: string) => !NOT_REORDERABLE.has(state);

/** Kit boxes only: a takeaway order is a restaurant's, not a week's menu. */
export const isKitOrderType = (type: string) => type === 'recipe_kit' || type === 'one_off';

/** The box's lines, one per variant (quantities added up), split by what the menu still sells. */
export function splitByMenu(
  lines: readonly PastBoxLine[],
  menu: readonly MenuOffer[],
): ReorderSplit {
  const merged = new Map<string, PastBoxLine>();
  for (const line of lines) {
    const seen = merged.get(line.productVariantId);
    if (seen) seen.quantity += line.quantity;
    else merged.set(line.productVariantId, { ...line });
  }
  const kept: ReorderLine[] = [];
  const leftOut: PastBoxLine[] = [];
  for (const line of merged.values()) {
    const offer = menu.find((o) => String(o.variantId) === line.productVariantId && o.onSale);
    if (!offer) leftOut.push(line);
    else
      kept.push({
        ...line,
        title: offer.title,
        variantTitle: offer.variantTitle,
        productId: offer.productId,
        unitPricePence: offer.pricePence,
      });
  }
  return { kept, leftOut };
}

export const REORDER_MESSAGES = {
  notKit: 'Only a recipe-kit box can be ordered again: takeaway orders are placed from the menu.',
  notReorderable:
    'This box was cancelled or could not be processed, so it cannot be ordered again.',
  nothingOnMenu:
    "None of this box's dishes are on the menu of the next open week, so there is nothing to order again.",
  noMenu: 'There is no menu open for ordering yet: try again later.',
  noAddress: 'Add a delivery address to your account before ordering a box again.',
  keyReused: 'This Idempotency-Key was already used for another box. Send a new key.',
} as const;
