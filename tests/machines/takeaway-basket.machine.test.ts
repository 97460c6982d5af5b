import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  BASKET_UPDATE_FAILED,
  takeawayBasketMachine,
  type TakeawayBasketState,
} from '../../machines/takeaway-basket/takeaway-basket.machine';
import { changeQuantity } from '../../src/domain/basket-lines';

const lines = [
  { id: '1', title: 'Cacio e Pepe', quantity: 1, price: 10.5 },
  { id: '2', title: 'Burrata', quantity: 2, price: 7.5 },
];
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  changeItem: (input: { quantity: number; lineId: string }) => Promise<TakeawayBasketState>,
) {
  const actor = createActor(
    takeawayBasketMachine.provide({
      actors: {
        loadBasket: fromPromise(async (): Promise<TakeawayBasketState> => ({
          basketId: 'b1',
          lines,
        })),
        addItem: fromPromise(async (): Promise<TakeawayBasketState> => ({ basketId: 'b1', lines })),
        changeItem: fromPromise(async ({ input }) => changeItem(input)),
      },
    }),
    { input: { restaurantId: 16 } },
  ).start();
  return actor;
}

describe('changeQuantity (spec section 4)', () => {
  it('removes the item when minus is pressed on quantity 1', () => {
    expect(changeQuantity(lines, '1', -1)).toEqual([lines[1]]);
    expect(changeQuantity(lines, '2', -1)[1]?.quantity).toBe(1);
    expect(changeQuantity(lines, '2', 1)[1]?.quantity).toBe(3);
  });
});

describe('takeaway basket machine', () => {
  it('shows a quantity change at once, then the server basket', async () => {
    let release: (state: TakeawayBasketState) => void = () => undefined;
    const actor = start(() => new Promise((resolve) => (release = resolve)));
    await settled();

    actor.send({ type: 'item.decrement', lineId: '1' });

    expect(actor.getSnapshot().context.lines.map((line) => line.id)).toEqual(['2']);
    release({ basketId: 'b1', lines: [lines[1]!] });
    await settled();
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('rolls the change back and says so when the server refuses it', async () => {
    const actor = start(async () => {
      throw new Error('500');
    });
    await settled();

    actor.send({ type: 'item.increment', lineId: '2' });
    expect(actor.getSnapshot().context.lines[1]?.quantity).toBe(3);
    await settled();

    expect(actor.getSnapshot().context.lines).toEqual(lines);
    expect(actor.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });

  it('asks the server to remove a line that reaches 0', async () => {
    const calls: { quantity: number; lineId: string }[] = [];
    const actor = start(async (input) => {
      calls.push(input);
      return { basketId: 'b1', lines: [lines[1]!] };
    });
    await settled();

    actor.send({ type: 'item.decrement', lineId: '1' });
    await settled();

    expect(calls).toEqual([{ basketId: 'b1', lineId: '1', quantity: 0 }]);
  });
});

describe('clicks during a change', () => {
  it('are kept and sent after the change on its way', async () => {
    const calls: { lineId: string; quantity: number }[] = [];
    const releases: (() => void)[] = [];
    const actor = start(
      (input) =>
        new Promise((resolve) => {
          calls.push({ lineId: input.lineId, quantity: input.quantity });
          releases.push(() =>
            resolve({
              basketId: 'b1',
              lines: lines.map((line) =>
                line.id === input.lineId ? { ...line, quantity: input.quantity } : line,
              ),
            }),
          );
        }),
    );
    await settled();

    actor.send({ type: 'item.increment', lineId: '2' });
    actor.send({ type: 'item.increment', lineId: '2' });
    expect(actor.getSnapshot().context.lines[1]?.quantity).toBe(4);
    releases[0]?.();
    await settled();
    releases[1]?.();
    await settled();

    expect(calls).toEqual([
      { lineId: '2', quantity: 3 },
      { lineId: '2', quantity: 4 },
    ]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.lines[1]?.quantity).toBe(4);
  });
});
