import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import {
  BASKET_DELETE_FAILED,
  BASKET_LOADING_TIMEOUT,
  BASKET_POLL_MS,
  BASKET_UPDATE_FAILED,
  BASKET_WAIT_TRIES,
} from '../../machines/basket-shared/basket-shared';
import {
  takeawayBasketMachine,
  type TakeawayBasketState,
} from '../../machines/takeaway-basket/takeaway-basket.machine';
import { ApiRequestError } from '../../src/api/api-error';
import { changeQuantity } from '../../domain/basket-lines';

const lines = [
  { id: '1', title: 'Cacio e Pepe', quantity: 1, price: 10.5 },
  { id: '2', title: 'Burrata', quantity: 2, price: 7.5 },
];
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

// Coverage guard: every state of the machine is visited by the tests in this file.
const visited = new Set<string>();
const stateKeys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'string'
    ? [`${prefix}${value}`]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
        `${prefix}${key}`,
        ...stateKeys(child, `${prefix}${key}.`),
      ]);

const totals = { subtotal: 25.5, delivery: 1.99, discount: 0, total: 27.49, minimumSpend: 10 };
const loaded: TakeawayBasketState = { basketId: 'b1', lines, totals, voucher: null };

type Actors = Partial<
  Record<keyof typeof takeawayBasketMachine.implementations.actors, AnyActorLogic>
>;

function startWith(actors: Actors) {
  const actor = createActor(
    takeawayBasketMachine.provide({
      actors: {
        loadBasket: fromPromise(async (): Promise<TakeawayBasketState> => loaded),
        addItem: fromPromise(async (): Promise<TakeawayBasketState> => loaded),
        changeItem: fromPromise(async (): Promise<TakeawayBasketState> => loaded),
        applyVoucher: fromPromise(async (): Promise<TakeawayBasketState> => loaded),
        removeVoucher: fromPromise(async (): Promise<TakeawayBasketState> => loaded),
        deleteBasket: fromPromise(async () => undefined),
        ...actors,
      } as never,
    }),
    { input: { restaurantId: 16 } },
  );
  actor.subscribe((snapshot) => stateKeys(snapshot.value).forEach((key) => visited.add(key)));
  return actor.start();
}

function start(
  changeItem: (input: { quantity: number; lineId: string }) => Promise<TakeawayBasketState>,
) {
  return startWith({
    changeItem: fromPromise(async ({ input }: { input: { quantity: number; lineId: string } }) =>
      changeItem(input),
    ),
  });
}

describe('changeQuantity (product rule R4.3)', () => {
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

describe('clicks during an add (product rule R4.15)', () => {
  /** An add the test answers when it likes: the basket with one more of the dish. */
  const slowAdds = () => {
    const adds: string[] = [];
    const releases: (() => void)[] = [];
    let served = lines;
    const addItem = fromPromise(
      ({ input }: { input: { productId: string } }) =>
        new Promise<TakeawayBasketState>((resolve) => {
          adds.push(input.productId);
          releases.push(() => {
            served = served.some((line) => line.id === input.productId)
              ? served.map((line) =>
                  line.id === input.productId ? { ...line, quantity: line.quantity + 1 } : line,
                )
              : [...served, { id: input.productId, title: 'Tiramisù', quantity: 1, price: 6.5 }];
            resolve({ basketId: 'b1', lines: served });
          });
        }),
    );
    const changeItem = fromPromise(
      async ({ input }: { input: { lineId: string; quantity: number } }) => {
        served = served.map((line) =>
          line.id === input.lineId ? { ...line, quantity: input.quantity } : line,
        );
        return { basketId: 'b1', lines: served };
      },
    );
    return { adds, releases, actors: { addItem, changeItem } };
  };

  it('keeps a plus made while a dish is being added, over the add’s answer, and sends it', async () => {
    const { releases, actors } = slowAdds();
    const actor = startWith(actors);
    await settled();

    actor.send({ type: 'item.add', productId: '3' });
    actor.send({ type: 'item.increment', lineId: '2' });
    expect(actor.getSnapshot().context.lines[1]?.quantity).toBe(3);
    releases[0]?.();
    await settled();

    // The add's answer (Burrata still 2) does not undo the click shown.
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.lines.map((line) => [line.id, line.quantity])).toEqual([
      ['1', 1],
      ['2', 3],
      ['3', 1],
    ]);
    expect(snapshot.context.confirmedLines).toEqual(snapshot.context.lines);
  });

  it('sends an Add clicked while another is on its way after it, so each click counts', async () => {
    const { adds, releases, actors } = slowAdds();
    const actor = startWith(actors);
    await settled();

    actor.send({ type: 'item.add', productId: '3' });
    actor.send({ type: 'item.add', productId: '3' });
    actor.send({ type: 'item.add', productId: '3' });
    expect(adds).toEqual(['3']);
    releases[0]?.();
    await settled();
    releases[1]?.();
    await settled();
    releases[2]?.();
    await settled();

    expect(adds).toEqual(['3', '3', '3']);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.lines.find((line) => line.id === '3')?.quantity).toBe(3);
  });
});

describe('adding a dish with modifiers', () => {
  it('sends the chosen modifiers as sub items and shows them on the line', async () => {
    const inputs: unknown[] = [];
    const actor = startWith({
      loadBasket: fromPromise(async () => ({ basketId: null, lines: [] })),
      addItem: fromPromise(async ({ input }) => {
        inputs.push(input);
        return {
          ...loaded,
          lines: [
            { id: '9', title: 'Cacio e Pepe', quantity: 1, price: 15, modifiers: ['Truffle'] },
          ],
        };
      }),
    });
    await settled();

    actor.send({ type: 'item.add', productId: '102', subItems: ['901'] });
    await settled();

    expect(inputs).toEqual([
      { basketId: null, restaurantId: 16, productId: '102', subItems: ['901'], quantity: 1 },
    ]);
    expect(actor.getSnapshot().context.lines[0]?.modifiers).toEqual(['Truffle']);
  });

  it('tells the view once the server has the dish, with the quantity asked for (product rule R4.12)', async () => {
    const inputs: unknown[] = [];
    const actor = startWith({
      loadBasket: fromPromise(async () => ({ basketId: null, lines: [] })),
      addItem: fromPromise(async ({ input }) => {
        inputs.push(input);
        return {
          ...loaded,
          lines: [{ id: '9', title: 'Cacio e Pepe', quantity: 2, price: 10.5, modifiers: [] }],
        };
      }),
    });
    const told: unknown[] = [];
    actor.on('item.added', (event) => told.push(event));
    await settled();

    actor.send({ type: 'item.add', productId: '102', quantity: 2 });
    await settled();

    expect(inputs).toMatchObject([{ productId: '102', quantity: 2 }]);
    expect(told).toEqual([{ type: 'item.added', productId: '102', quantity: 2 }]);
    expect(actor.getSnapshot().context.pendingAdd).toBeNull();
  });

  it('tells nothing when adding fails', async () => {
    const actor = startWith({
      addItem: fromPromise(async () => {
        throw new Error('500');
      }),
    });
    const told: unknown[] = [];
    actor.on('item.added', (event) => told.push(event));
    await settled();

    actor.send({ type: 'item.add', productId: '102' });
    await settled();

    expect(told).toEqual([]);
  });

  it("tells the view the server's words when a line would go above 50 (product rule R4.11)", async () => {
    const actor = startWith({
      addItem: fromPromise(async () => {
        throw Object.assign(new Error('400'), {
          code: 'quantity_limit',
          errors: [
            { code: 'quantity_limit', detail: 'You can have up to 50 Burrata in one basket' },
          ],
        });
      }),
    });
    const told: unknown[] = [];
    actor.on('item.failed', (event) => told.push(event));
    await settled();

    actor.send({ type: 'item.add', productId: '201', quantity: 6 });
    await settled();

    const message = 'You can have up to 50 Burrata in one basket';
    expect(told).toEqual([{ type: 'item.failed', message }]);
    expect(actor.getSnapshot().context.error).toBe(message);
  });

  it('says so when adding fails', async () => {
    const actor = startWith({
      addItem: fromPromise(async () => {
        throw new Error('500');
      }),
    });
    await settled();

    actor.send({ type: 'item.add', productId: '102' });
    await settled();

    expect(actor.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });
});

describe('a call made while the basket is loading (product rule R4.4: 100 tries of 100 ms)', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the basket, then makes the call', async () => {
    vi.useFakeTimers();
    let release: (state: TakeawayBasketState) => void = () => undefined;
    const added: unknown[] = [];
    const actor = startWith({
      loadBasket: fromPromise(() => new Promise<TakeawayBasketState>((r) => (release = r))),
      addItem: fromPromise(async ({ input }) => {
        added.push(input);
        return loaded;
      }),
    });

    actor.send({ type: 'item.add', productId: '102' });
    await vi.advanceTimersByTimeAsync(BASKET_POLL_MS * 50);
    expect(actor.getSnapshot().matches({ loading: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.waitTries).toBe(50);
    release(loaded);
    await vi.advanceTimersByTimeAsync(0);

    expect(added).toEqual([
      { basketId: 'b1', restaurantId: 16, productId: '102', subItems: [], quantity: 1 },
    ]);
    expect(actor.getSnapshot().context.waitTries).toBe(0);
  });

  it("gives up after 100 tries with 'Basket loading timeout'", async () => {
    vi.useFakeTimers();
    const actor = startWith({
      loadBasket: fromPromise(() => new Promise<TakeawayBasketState>(() => undefined)),
    });

    actor.send({ type: 'voucher.apply', code: 'PASTA5' });
    await vi.advanceTimersByTimeAsync(BASKET_POLL_MS * (BASKET_WAIT_TRIES - 1));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(BASKET_POLL_MS);

    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe(BASKET_LOADING_TIMEOUT);
    expect(actor.getSnapshot().context.queued).toEqual([]);
  });

  it('drops a code kept while a load fails: there is no basket to take it', async () => {
    vi.useFakeTimers();
    let fail: (error: Error) => void = () => undefined;
    const actor = startWith({
      loadBasket: fromPromise(() => new Promise<TakeawayBasketState>((_, r) => (fail = r))),
    });

    actor.send({ type: 'voucher.apply', code: 'PASTA5' });
    expect(actor.getSnapshot().context.queued).toHaveLength(1);
    fail(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);

    // Without a basket the code cannot go: it is dropped rather than sent with no id.
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.queued).toEqual([]);
  });

  it('takes no Remove voucher or Empty basket while it loads: the page shows neither', () => {
    const actor = startWith({
      loadBasket: fromPromise(() => new Promise<TakeawayBasketState>(() => undefined)),
    });

    expect(actor.getSnapshot().can({ type: 'voucher.remove' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'basket.empty' })).toBe(false);
  });

  it('sends an add and then a voucher clicked while loading one after the other (R4.4)', async () => {
    vi.useFakeTimers();
    let release: (state: TakeawayBasketState) => void = () => undefined;
    const calls: string[] = [];
    const actor = startWith({
      loadBasket: fromPromise(() => new Promise<TakeawayBasketState>((r) => (release = r))),
      addItem: fromPromise(async ({ input }: { input: { productId: string } }) => {
        calls.push(`add ${input.productId}`);
        return loaded;
      }),
      applyVoucher: fromPromise(async ({ input }: { input: { code: string } }) => {
        calls.push(`voucher ${input.code}`);
        return { ...loaded, voucher: { id: '3', code: 'PASTA5' } };
      }),
    });

    actor.send({ type: 'item.add', productId: '102' });
    actor.send({ type: 'voucher.apply', code: 'PASTA5' });
    release({ ...loaded, basketId: null, lines: [] });
    await vi.advanceTimersByTimeAsync(0);

    // The add makes the basket; the voucher goes once it is answered, not into the busy add.
    expect(calls).toEqual(['add 102', 'voucher PASTA5']);
    expect(actor.getSnapshot().context.voucherState).toEqual({ status: 'valid', code: 'PASTA5' });
    expect(actor.getSnapshot().context.queued).toEqual([]);
  });

  it('drops a kept voucher the basket cannot take and still sends the add after it', async () => {
    vi.useFakeTimers();
    let release: (state: TakeawayBasketState) => void = () => undefined;
    const calls: string[] = [];
    const actor = startWith({
      loadBasket: fromPromise(() => new Promise<TakeawayBasketState>((r) => (release = r))),
      addItem: fromPromise(async () => {
        calls.push('add');
        return loaded;
      }),
      applyVoucher: fromPromise(async () => {
        calls.push('voucher');
        return loaded;
      }),
    });

    actor.send({ type: 'voucher.apply', code: 'PASTA5' });
    actor.send({ type: 'item.add', productId: '102' });
    release({ ...loaded, basketId: null, lines: [] });
    await vi.advanceTimersByTimeAsync(0);

    expect(calls).toEqual(['add']);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.queued).toEqual([]);
  });
});

describe('vouchers (product rule R12.4)', () => {
  const refusing = (error: unknown) =>
    startWith({
      applyVoucher: fromPromise(async () => {
        throw error;
      }),
    });

  it('applies a voucher and shows the new totals', async () => {
    const actor = startWith({
      applyVoucher: fromPromise(async () => ({
        ...loaded,
        totals: { ...totals, discount: 5, total: 22.49 },
        voucher: { id: '3', code: 'PASTA5' },
      })),
    });
    await settled();

    actor.send({ type: 'voucher.apply', code: 'pasta5' });
    await settled();

    expect(actor.getSnapshot().context.voucherState).toEqual({ status: 'valid', code: 'PASTA5' });
    expect(actor.getSnapshot().context.totals.discount).toBe(5);
  });

  it.each([
    [
      new ApiRequestError(
        400,
        [{ status: '400', code: 'x', title: 't', detail: 'PASTA5 expired on 2023-08-31' }],
        '',
      ),
      'PASTA5 expired on 2023-08-31',
    ],
    [new ApiRequestError(404, [], ''), 'Invalid code'],
    [new ApiRequestError(500, [], ''), "Couldn't validate voucher"],
    [new Error('odd'), 'Voucher invalid'],
  ])('on %s shows %s', async (error, message) => {
    const actor = refusing(error);
    await settled();

    actor.send({ type: 'voucher.apply', code: 'PASTA5' });
    await settled();

    expect(actor.getSnapshot().context.voucherState).toEqual({ status: 'invalid', message });
  });

  it('removes the applied voucher', async () => {
    const inputs: unknown[] = [];
    const actor = startWith({
      loadBasket: fromPromise(async () => ({ ...loaded, voucher: { id: '3', code: 'PASTA5' } })),
      removeVoucher: fromPromise(async ({ input }) => {
        inputs.push(input);
        return { ...loaded, voucher: null };
      }),
    });
    await settled();

    actor.send({ type: 'voucher.remove' });
    await settled();

    expect(inputs).toEqual([{ basketId: 'b1', voucherId: '3' }]);
    expect(actor.getSnapshot().context.voucher).toBeNull();
  });

  it('says so when removing fails', async () => {
    const actor = startWith({
      loadBasket: fromPromise(async () => ({ ...loaded, voucher: { id: '3', code: 'PASTA5' } })),
      removeVoucher: fromPromise(async () => {
        throw new Error('500');
      }),
    });
    await settled();

    actor.send({ type: 'voucher.remove' });
    await settled();

    expect(actor.getSnapshot().context.voucher).toEqual({ id: '3', code: 'PASTA5' });
    expect(actor.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });
});

describe('emptying the basket', () => {
  it('deletes it and starts again empty', async () => {
    const actor = startWith({});
    await settled();

    actor.send({ type: 'basket.empty' });
    await settled();

    expect(actor.getSnapshot().context).toMatchObject({ basketId: null, lines: [] });
  });

  it('says "Couldn\'t delete basket" when the delete fails', async () => {
    const actor = startWith({
      deleteBasket: fromPromise(async () => {
        throw new Error('500');
      }),
    });
    await settled();

    actor.send({ type: 'basket.empty' });
    await settled();

    expect(actor.getSnapshot().context.error).toBe(BASKET_DELETE_FAILED);
    expect(actor.getSnapshot().context.lines).toEqual(lines);
  });
});

describe('checkout: upsells first', () => {
  it('is refused below the minimum', async () => {
    const actor = startWith({
      loadBasket: fromPromise(async () => ({
        ...loaded,
        totals: { ...totals, subtotal: 9.99 },
      })),
    });
    await settled();

    expect(actor.getSnapshot().can({ type: 'checkout.start' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'checkout.continue' })).toBe(false);
  });

  it('offers upsells, can go back to the menu, then continues to checkout', async () => {
    const actor = startWith({});
    await settled();

    actor.send({ type: 'checkout.start' });
    expect(actor.getSnapshot().context.offeringUpsells).toBe(true);
    actor.send({ type: 'upsell.close' });
    expect(actor.getSnapshot().can({ type: 'checkout.continue' })).toBe(false);
    actor.send({ type: 'checkout.start' });
    actor.send({ type: 'item.add', productId: '301' });
    await settled();
    actor.send({ type: 'checkout.continue' });

    expect(actor.getSnapshot().value).toBe('checkingOut');
    expect(actor.getSnapshot().status).toBe('done');
  });
});

afterAll(() => {
  // Transient states (only `always`) are passed through, never seen in a snapshot.
  const states = Object.keys(takeawayBasketMachine.root.states)
    .filter((key) => !takeawayBasketMachine.root.states[key]!.always?.length)
    .flatMap((key) => [
      key,
      ...Object.keys(takeawayBasketMachine.root.states[key]!.states).map(
        (child) => `${key}.${child}`,
      ),
    ]);
  expect(states.filter((state) => !visited.has(state))).toEqual([]);
});
