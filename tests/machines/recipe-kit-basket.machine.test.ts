import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import {
  BASKET_LOADING_TIMEOUT,
  BASKET_UPDATE_FAILED,
  isKitBasketReady,
  recipeKitBasketMachine,
  type KitBasketLine,
  type KitBasketState,
} from '../../machines/recipe-kit-basket/recipe-kit-basket.machine';

const W1 = '2026-03-02';
const line = (id: string, quantity: number): KitBasketLine => ({
  id,
  title: `Dish ${id}`,
  quantity,
  price: 8.95,
  variantId: `${id}1`,
  mealWeek: W1,
  isAddon: false,
  isDouble: false,
});
const state = (lines: KitBasketLine[]): KitBasketState => ({
  basketId: 'k1',
  lines,
  weeks: [{ mealWeek: W1, foodSubtotal: 17.9, addonsSubtotal: 0, missingToMinimum: 0 }],
  subtotal: 17.9,
  delivery: 0,
  discount: 0,
  total: 17.9,
  minimumSpend: 10,
  voucher: null,
  numberOfRecipes: null,
  frequency: null,
});
const loaded = state([line('1', 1), line('2', 1)]);
const withVoucher: KitBasketState = {
  ...loaded,
  discount: 2,
  total: 15.9,
  voucher: { id: '7', code: 'PASTA10' },
};
const inputOf = (fn: { mock: { calls: unknown[][] } }) =>
  (fn.mock.calls[0]?.[0] as { input?: unknown } | undefined)?.input;
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
const transient = ['routing', 'checking'];

type Actors = Partial<
  Record<keyof typeof recipeKitBasketMachine.implementations.actors, AnyActorLogic>
>;

function startWith(actors: Actors, input = { tokenSignIn: false, onGiftBoxes: false }) {
  const actor = createActor(
    recipeKitBasketMachine.provide({
      actors: {
        loadBasket: fromPromise(async (): Promise<KitBasketState | null> => loaded),
        createBasket: fromPromise(async (): Promise<KitBasketState> => state([])),
        addItem: fromPromise(async (): Promise<KitBasketState> => loaded),
        changeItem: fromPromise(async (): Promise<KitBasketState> => loaded),
        updatePlan: fromPromise(async (): Promise<KitBasketState> => loaded),
        resetBasket: fromPromise(async (): Promise<KitBasketState> => state([])),
        applyVoucher: fromPromise(async (): Promise<KitBasketState> => withVoucher),
        removeVoucher: fromPromise(async (): Promise<KitBasketState> => loaded),
        ...actors,
      } as never,
    }),
    { input },
  );
  actor.subscribe((snapshot) => stateKeys(snapshot.value).forEach((key) => visited.add(key)));
  return actor.start();
}

afterEach(() => vi.useRealTimers());

describe('recipe-kit basket machine', () => {
  it('loads the existing basket', async () => {
    const actor = startWith({});
    await settled();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.basket?.basketId).toBe('k1');
  });

  it('creates a basket when none exists', async () => {
    const create = vi.fn(async (): Promise<KitBasketState> => state([]));
    const actor = startWith({
      loadBasket: fromPromise(async () => null),
      createBasket: fromPromise(create),
    });
    await settled();
    await settled();
    expect(create).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.basket?.lines).toEqual([]);
  });

  it('does not create one during a token sign-in or on the gift-boxes route', async () => {
    for (const input of [
      { tokenSignIn: true, onGiftBoxes: false },
      { tokenSignIn: false, onGiftBoxes: true },
    ]) {
      const create = vi.fn(async (): Promise<KitBasketState> => state([]));
      const actor = startWith(
        { loadBasket: fromPromise(async () => null), createBasket: fromPromise(create) },
        input,
      );
      await settled();
      expect(create).not.toHaveBeenCalled();
      expect(actor.getSnapshot().matches('ready')).toBe(true);
    }
  });

  it('shows a quantity change at once and keeps it once confirmed', async () => {
    const actor = startWith({
      changeItem: fromPromise(async () => state([line('1', 2), line('2', 1)])),
    });
    await settled();
    actor.send({ type: 'item.increment', lineId: '1' });
    expect(actor.getSnapshot().context.lines[0]?.quantity).toBe(2);
    await settled();
    await settled();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.lines[0]?.quantity).toBe(2);
  });

  it('minus on 1 removes the line, and a refusal rolls it back', async () => {
    const change = vi.fn(async (): Promise<KitBasketState> => {
      throw new Error('refused');
    });
    const actor = startWith({ changeItem: fromPromise(change) });
    await settled();
    actor.send({ type: 'item.decrement', lineId: '1' });
    expect(actor.getSnapshot().context.lines.map((l) => l.id)).toEqual(['2']);
    await settled();
    expect(inputOf(change)).toMatchObject({ lineId: '1', quantity: 0 });
    expect(actor.getSnapshot().context.lines.map((l) => l.id)).toEqual(['1', '2']);
    expect(actor.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });

  it('adds a dish for a week, and says so when it fails', async () => {
    const add = vi.fn(async (): Promise<KitBasketState> => loaded);
    const actor = startWith({ addItem: fromPromise(add) });
    await settled();
    actor.send({ type: 'item.add', variantId: '11', mealWeek: W1 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled();
    expect(inputOf(add)).toEqual({ basketId: 'k1', variantId: '11', mealWeek: W1 });

    const failing = startWith({
      addItem: fromPromise(async (): Promise<KitBasketState> => {
        throw new Error('closed');
      }),
    });
    await settled();
    failing.send({ type: 'item.add', variantId: '11', mealWeek: W1 });
    await settled();
    expect(failing.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });

  it('changes the plan (recipes and frequency)', async () => {
    const update = vi.fn(async (): Promise<KitBasketState> => loaded);
    const actor = startWith({ updatePlan: fromPromise(update) });
    await settled();
    actor.send({ type: 'plan.change', numberOfRecipes: 4, frequency: 2 });
    await settled();
    expect(inputOf(update)).toEqual({
      basketId: 'k1',
      numberOfRecipes: 4,
      frequency: 2,
    });
    const failing = startWith({
      updatePlan: fromPromise(async (): Promise<KitBasketState> => {
        throw new Error('no');
      }),
    });
    await settled();
    failing.send({ type: 'plan.change', frequency: 3 });
    await settled();
    expect(failing.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });

  it('queues an add made while loading and sends it once the basket is there', async () => {
    let resolve: (s: KitBasketState) => void = () => undefined;
    const add = vi.fn(async (): Promise<KitBasketState> => loaded);
    const actor = startWith({
      loadBasket: fromPromise(() => new Promise<KitBasketState>((r) => (resolve = r))),
      addItem: fromPromise(add),
    });
    actor.send({ type: 'item.add', variantId: '11', mealWeek: W1 });
    actor.send({ type: 'plan.change', frequency: 2 });
    expect(actor.getSnapshot().matches({ loading: 'waiting' })).toBe(true);
    resolve(loaded);
    await settled();
    await settled();
    expect(add).toHaveBeenCalledOnce();
  });

  it("fails with 'Basket loading timeout' after 100 tries of 100 ms", async () => {
    vi.useFakeTimers();
    const actor = startWith({ loadBasket: fromPromise(() => new Promise<never>(() => undefined)) });
    actor.send({ type: 'item.add', variantId: '11', mealWeek: W1 });
    await vi.advanceTimersByTimeAsync(9_900);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().context.error).toBe(BASKET_LOADING_TIMEOUT);
  });

  it('queues adds made while creating; a failed load or create leaves it ready', async () => {
    const add = vi.fn(async (): Promise<KitBasketState> => loaded);
    const actor = startWith({
      loadBasket: fromPromise(async () => null),
      addItem: fromPromise(add),
    });
    await settled();
    actor.send({ type: 'item.add', variantId: '11', mealWeek: W1 });
    actor.send({ type: 'plan.change', frequency: 2 });
    await settled();
    await settled();
    expect(add).toHaveBeenCalledOnce();

    const failing = startWith({
      loadBasket: fromPromise(async () => null),
      createBasket: fromPromise(async (): Promise<KitBasketState> => {
        throw new Error('down');
      }),
    });
    await settled();
    expect(failing.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
    const broken = startWith({
      loadBasket: fromPromise(async (): Promise<KitBasketState> => {
        throw new Error('down');
      }),
    });
    await settled();
    expect(broken.getSnapshot().matches('ready')).toBe(true);
  });

  it('deletes and recreates the basket at sign-out', async () => {
    const reset = vi.fn(async (): Promise<KitBasketState> => state([]));
    const actor = startWith({ resetBasket: fromPromise(reset) });
    await settled();
    actor.send({ type: 'session.signedOut' });
    await settled();
    expect(reset).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.lines).toEqual([]);

    const failing = startWith({
      resetBasket: fromPromise(async (): Promise<KitBasketState> => {
        throw new Error('down');
      }),
    });
    await settled();
    failing.send({ type: 'session.signedOut' });
    await settled();
    expect(failing.getSnapshot().context.basket).toBeNull();
  });

  it('applies a voucher, says why one is refused, and removes it', async () => {
    const apply = vi.fn(async (): Promise<KitBasketState> => withVoucher);
    const actor = startWith({ applyVoucher: fromPromise(apply) });
    await settled();
    expect(actor.getSnapshot().can({ type: 'voucher.remove' })).toBe(false);
    actor.send({ type: 'voucher.apply', code: 'pasta10' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled();
    expect(inputOf(apply)).toEqual({ basketId: 'k1', code: 'pasta10' });
    expect(actor.getSnapshot().context.voucherState).toEqual({ status: 'valid', code: 'PASTA10' });
    expect(actor.getSnapshot().context.basket?.total).toBe(15.9);

    const remove = vi.fn(async (): Promise<KitBasketState> => loaded);
    const removing = startWith({
      loadBasket: fromPromise(async (): Promise<KitBasketState> => withVoucher),
      removeVoucher: fromPromise(remove),
    });
    await settled();
    removing.send({ type: 'voucher.remove' });
    await settled();
    expect(inputOf(remove)).toEqual({ basketId: 'k1', voucherId: '7' });
    expect(removing.getSnapshot().context.basket?.voucher).toBeNull();
    expect(removing.getSnapshot().context.voucherState).toEqual({ status: 'none' });

    const refused = startWith({
      applyVoucher: fromPromise(async (): Promise<KitBasketState> => {
        throw Object.assign(new Error('no'), { status: 404 });
      }),
    });
    await settled();
    refused.send({ type: 'voucher.apply', code: 'NOPE' });
    await settled();
    expect(refused.getSnapshot().context.voucherState).toEqual({
      status: 'invalid',
      message: 'Invalid code',
    });

    const failing = startWith({
      loadBasket: fromPromise(async (): Promise<KitBasketState> => withVoucher),
      removeVoucher: fromPromise(async (): Promise<KitBasketState> => {
        throw new Error('down');
      }),
    });
    await settled();
    failing.send({ type: 'voucher.remove' });
    await settled();
    expect(failing.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });

  it('goes to checkout only when every week meets its minimum', async () => {
    const short = startWith({
      loadBasket: fromPromise(async (): Promise<KitBasketState> => ({
        ...loaded,
        weeks: [{ mealWeek: W1, foodSubtotal: 8.95, addonsSubtotal: 0, missingToMinimum: 1.05 }],
      })),
    });
    await settled();
    expect(short.getSnapshot().can({ type: 'checkout.start' })).toBe(false);

    const actor = startWith({});
    await settled();
    actor.send({ type: 'checkout.start' });
    expect(actor.getSnapshot().matches('checkingOut')).toBe(true);
  });

  it('is ready for checkout only when every week meets its minimum', () => {
    expect(isKitBasketReady(loaded)).toBe(true);
    expect(
      isKitBasketReady({
        ...loaded,
        weeks: [{ mealWeek: W1, foodSubtotal: 8.95, addonsSubtotal: 0, missingToMinimum: 1.05 }],
      }),
    ).toBe(false);
    expect(isKitBasketReady(null)).toBe(false);
  });
});

interface Node {
  states: Record<string, Node>;
}
const allStates = (node: Node, prefix = ''): string[] =>
  Object.entries(node.states).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...allStates(child, `${prefix}${key}.`),
  ]);

afterAll(() => {
  // Transient routing states are passed within one step; every other state must have been seen.
  const expected = allStates(recipeKitBasketMachine.root as unknown as Node).filter(
    (key) => !transient.includes(key),
  );
  expect(expected.filter((key) => !visited.has(key))).toEqual([]);
});
