/** Product rule R4.11: a takeaway line holds at most 50 of its dish (the contract's maximum). */
export const MAX_LINE_QUANTITY = 50;

/** A basket line as the merge rule sees it: its dish, and the dishes of its modifiers. */
export interface LineShape {
  id: number;
  productId: number;
  modifierProductIds: readonly number[];
}

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/**
 * Product rule R4.10: the same dish with the same set of modifiers (in any order) is one line; an
 * add finds that line, if there is one, and bumps its quantity instead of making a second line.
 */
export function findMergeableLine<T extends LineShape>(
  lines: readonly T[],
  productId: number,
  modifierProductIds: readonly number[],
): T | undefined {
  return lines.find(
    (line) => line.productId === productId && sameSet(line.modifierProductIds, modifierProductIds),
  );
}

/** The price of a dish with its extras, times the quantity, in pounds rounded to pennies. */
export function linePrice(dishPrice: number, extraPrices: readonly number[], quantity: number) {
  const unitPence =
    Math.round(dishPrice * 100) +
    extraPrices.reduce((sum, price) => sum + Math.round(price * 100), 0);
  return (unitPence * quantity) / 100;
}

/** Product rule R4.12: what the toast says once the dish is in the basket. */
export function addedText(title: string, quantity: number): string {
  return quantity > 1 ? `Added ${quantity} ${title}` : `Added ${title}`;
}

/**
 * Why an add failed, for the customer: the server's own words for the line limit (product rule
 * R4.11), the generic fallback for anything else.
 */
export function addFailureMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null) return fallback;
  const { code, errors } = error as { code?: unknown; errors?: { detail?: unknown }[] };
  const detail = errors?.[0]?.detail;
  return code === 'quantity_limit' && typeof detail === 'string' ? detail : fallback;
}
