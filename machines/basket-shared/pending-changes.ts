import type { BasketLine } from '../../domain/basket-lines';

/**
 * Product rule R7.21: the plus and minus clicks the server has not confirmed yet, kept as one net
 * change per line in the order the lines were first clicked. They are laid over whatever basket
 * the server answers last (a change, an added dish, the plan, a voucher), so no click is lost or
 * overwritten, and they go to the server one line at a time.
 */
export type PendingChanges = readonly { lineId: string; delta: number }[];

/** The change on its way: a line's new quantity and the clicks it carries. */
export interface SentChange {
  lineId: string;
  quantity: number;
  delta: number;
}

/** One more click (or `delta` clicks) on a line, merged with that line's earlier ones. */
export function addChange(pending: PendingChanges, lineId: string, delta: number): PendingChanges {
  const known = pending.some((change) => change.lineId === lineId);
  const merged = known
    ? pending.map((change) =>
        change.lineId === lineId ? { lineId, delta: change.delta + delta } : change,
      )
    : [...pending, { lineId, delta }];
  return merged.filter((change) => change.delta !== 0);
}

const deltaOf = (pending: PendingChanges, lineId: string) =>
  pending.find((change) => change.lineId === lineId)?.delta ?? 0;

/** The box the customer sees: the server's lines with the pending clicks on them (none removes). */
export function showPending<TLine extends BasketLine>(
  confirmed: readonly TLine[],
  pending: PendingChanges,
): TLine[] {
  return confirmed.flatMap((line) => {
    const quantity = line.quantity + deltaOf(pending, line.id);
    return quantity < 1 ? [] : [{ ...line, quantity }];
  });
}

/** The next call to make: the first clicked line the server still has, at its new quantity. */
export function nextChange(
  confirmed: readonly BasketLine[],
  pending: PendingChanges,
): SentChange | null {
  for (const { lineId, delta } of pending) {
    const line = confirmed.find((candidate) => candidate.id === lineId);
    if (!line) continue;
    const quantity = Math.max(0, line.quantity + delta);
    if (quantity !== line.quantity) return { lineId, quantity, delta: quantity - line.quantity };
  }
  return null;
}

/** The clicks a confirmed call carried are no longer pending; later clicks on its line still are. */
export const settleChange = (pending: PendingChanges, sent: SentChange): PendingChanges =>
  addChange(pending, sent.lineId, -sent.delta);
