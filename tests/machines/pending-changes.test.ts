import { describe, expect, it } from 'vitest';
import {
  addChange,
  nextChange,
  settleChange,
  showPending,
  type PendingChanges,
} from '../../machines/basket-shared/pending-changes';
import type { BasketLine } from '../../domain/basket-lines';

const line = (id: string, quantity: number): BasketLine => ({ id, title: id, quantity, price: 5 });
const server = [line('a', 1), line('b', 2)];

describe('pending changes (product rule R7.21)', () => {
  it('merges clicks per line, keeps the order lines were first clicked, and drops net zero', () => {
    let pending: PendingChanges = [];
    for (const [lineId, delta] of [
      ['b', 1],
      ['a', 1],
      ['b', 1],
      ['a', -1],
    ] as const)
      pending = addChange(pending, lineId, delta);

    expect(pending).toEqual([{ lineId: 'b', delta: 2 }]);
  });

  it('shows the clicks over the server lines; a line brought to none is removed', () => {
    const pending = addChange(addChange([], 'a', -1), 'b', 3);

    expect(showPending(server, pending)).toEqual([line('b', 5)]);
  });

  it('sends the first clicked line the server has, at its new quantity (never below 0)', () => {
    const pending: PendingChanges = [
      { lineId: 'gone', delta: 1 },
      { lineId: 'a', delta: -4 },
    ];

    expect(nextChange(server, pending)).toEqual({ lineId: 'a', quantity: 0, delta: -1 });
    expect(nextChange(server, [{ lineId: 'gone', delta: 1 }])).toBeNull();
  });

  it('once a call is confirmed, only the clicks made after it are pending', () => {
    const sent = nextChange(server, [{ lineId: 'a', delta: 1 }])!;
    const later = addChange(addChange([{ lineId: 'a', delta: 1 }], 'a', 1), 'b', -1);

    expect(settleChange(later, sent)).toEqual([
      { lineId: 'a', delta: 1 },
      { lineId: 'b', delta: -1 },
    ]);
  });
});
