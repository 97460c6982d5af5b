/** A basket line as the customer sees it: a dish (with its modifiers priced in) and its quantity. */
export interface BasketLine {
  id: string;
  title: string;
  quantity: number;
  /** Unit price with modifiers, pounds. */
  price: number;
  /** The dish on the menu. */
  productId?: string;
  /** The modifiers chosen for the dish, by title. */
  modifiers?: string[];
}

export const subtotalOf = (lines: BasketLine[]) =>
  Math.round(lines.reduce((sum, line) => sum + line.price * line.quantity, 0) * 100) / 100;

/**
 * Product rule R4.3: minus on quantity 1 removes the item. Returns the lines after the change, so
 * the change can be shown at once and undone if the server refuses it.
 */
export function changeQuantity(lines: BasketLine[], lineId: string, delta: 1 | -1): BasketLine[] {
  return lines.flatMap((line) => {
    if (line.id !== lineId) return [line];
    const quantity = line.quantity + delta;
    return quantity < 1 ? [] : [{ ...line, quantity }];
  });
}

/** The first line whose shown quantity differs from the server's (0 when the customer removed it). */
export function firstPendingChange(
  shown: BasketLine[],
  confirmed: BasketLine[],
): { lineId: string; quantity: number } | null {
  for (const line of confirmed) {
    const quantity = shown.find((candidate) => candidate.id === line.id)?.quantity ?? 0;
    if (quantity !== line.quantity) return { lineId: line.id, quantity };
  }
  return null;
}
