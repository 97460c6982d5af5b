import type { SnapshotFrom } from 'xstate';
import { BASKET_WAIT_TRIES } from '../../../machines/basket-shared/basket-shared';
import {
  recipeKitBasketMachine,
  type KitBasketLine,
  type KitBasketState,
  type RecipeKitBasketEvent,
  type RecipeKitBasketInput,
} from '../../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import { subtotalOf } from '../../../domain/basket-lines';
import { callInput, withAnswer } from '../support/call-answers';

export { callInput };
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof recipeKitBasketMachine>;

/** The machine's calls by name, as `provide` takes them (a new one fails to compile below). */
export type ActorName = keyof NonNullable<
  Parameters<typeof recipeKitBasketMachine.provide>[0]['actors']
>;
export type CallOutcome = `xstate.${'done' | 'error'}.actor.${ActorName}`;
/** One poll of a call waiting for the basket to load (the machine's delayed event). */
export const POLL = 'xstate.after.basketPoll.recipeKitBasket.loading.waiting';
export type ModelEvent =
  | RecipeKitBasketEvent
  | { type: CallOutcome; output?: unknown; error?: unknown }
  | { type: typeof POLL };

export const W1 = '2026-03-02';
export const MINIMUM = 10;
export const cacio: KitBasketLine = {
  id: '1',
  title: 'Cacio e Pepe',
  quantity: 1,
  price: 8.95,
  variantId: '11',
  mealWeek: W1,
  isAddon: false,
  isDouble: false,
};
export const ragu: KitBasketLine = {
  ...cacio,
  id: '2',
  title: 'Ragù',
  price: 7.95,
  variantId: '21',
};
export const dishes = [cacio, ragu];

/** The server's sums for these lines, as GET baskets/{id} answers them (one meal week). */
export function withLines(basket: KitBasketState, lines: KitBasketLine[]): KitBasketState {
  const food = subtotalOf(lines);
  const discount = basket.voucher ? 2 : 0;
  return {
    ...basket,
    lines,
    weeks: lines.length
      ? [
          {
            mealWeek: W1,
            foodSubtotal: food,
            addonsSubtotal: 0,
            missingToMinimum: Math.max(0, Math.round((MINIMUM - food) * 100) / 100),
            deliveryDate: W1,
            delivery: 0,
            discount,
            total: Math.max(0, food - discount),
          },
        ]
      : [],
    subtotal: food,
    discount,
    total: Math.max(0, food - discount),
  };
}
export const emptyBasket: KitBasketState = {
  basketId: 'k1',
  lines: [],
  weeks: [],
  subtotal: 0,
  delivery: 0,
  discount: 0,
  total: 0,
  minimumSpend: MINIMUM,
  voucher: null,
  numberOfRecipes: null,
  frequency: null,
  startSubscription: true,
};
/** A box over the minimum: Cacio e Pepe and Ragù, £16.90. */
export const filled = withLines(emptyBasket, [cacio, ragu]);
/** The model's box: one dish, two portions (£17.90); quantities stay within 0 to 2. */
export const MAX_QUANTITY = 2;
export const twoCacio = withLines(emptyBasket, [{ ...cacio, quantity: 2 }]);
/** The one made at sign-out in place of the deleted one. */
export const fresh: KitBasketState = { ...emptyBasket, basketId: 'k2' };

export const setQuantity = (lines: KitBasketLine[], lineId: string, quantity: number) =>
  lines.flatMap((line) =>
    line.id !== lineId ? [line] : quantity < 1 ? [] : [{ ...line, quantity }],
  );

/**
 * What the server answers each call, from the call's input: the basket after the change asked
 * for, so a path where the customer clicks faster than the server answers ends where it would.
 */
export const answers: Record<ActorName, (s: Snapshot) => KitBasketState | null> = {
  loadBasket: () => twoCacio,
  createBasket: () => emptyBasket,
  addItem: (s) => {
    const { variantId } = callInput<{ variantId: string }>(s, 'addItem');
    const lines = s.context.confirmedLines;
    const line = lines.find((candidate) => candidate.variantId === variantId);
    const dish = dishes.find((candidate) => candidate.variantId === variantId)!;
    return withLines(
      s.context.basket!,
      line ? setQuantity(lines, line.id, line.quantity + 1) : [...lines, dish],
    );
  },
  changeItem: (s) => {
    const { lineId, quantity } = callInput<{ lineId: string; quantity: number }>(s, 'changeItem');
    return withLines(s.context.basket!, setQuantity(s.context.confirmedLines, lineId, quantity));
  },
  updatePlan: (s) => {
    const { numberOfRecipes, frequency } = callInput<{
      numberOfRecipes?: number;
      frequency?: number;
    }>(s, 'updatePlan');
    const basket = s.context.basket!;
    return {
      ...basket,
      numberOfRecipes: numberOfRecipes ?? basket.numberOfRecipes,
      frequency: frequency ?? basket.frequency,
    };
  },
  resetBasket: () => fresh,
  applyVoucher: (s) => {
    const { code } = callInput<{ code: string }>(s, 'applyVoucher');
    const basket = s.context.basket!;
    return withLines({ ...basket, voucher: { id: '7', code: code.toUpperCase() } }, basket.lines);
  },
  removeVoucher: (s) => {
    const basket = s.context.basket!;
    return withLines({ ...basket, voucher: null }, basket.lines);
  },
};

/**
 * What each state offers: the menu's Add (up to two portions), the box's plus and minus, the plan,
 * a voucher, Checkout, a sign-out during a voucher call, a poll while a call waits for the basket; and for
 * each call on its way, the server's answer or a failure (or no basket yet, for a first load).
 */
export function eventsOf(s: Snapshot): ModelEvent[] {
  const calls = Object.keys(s.children) as ActorName[];
  const shown = s.context.lines.find((line) => line.id === cacio.id)?.quantity ?? 0;
  const candidates: ModelEvent[] = [
    ...(shown < MAX_QUANTITY
      ? [{ type: 'item.add', variantId: cacio.variantId, mealWeek: W1 } as const]
      : []),
    ...(shown > 0 && shown < MAX_QUANTITY
      ? [{ type: 'item.increment', lineId: cacio.id } as const]
      : []),
    ...(shown > 0 ? [{ type: 'item.decrement', lineId: cacio.id } as const] : []),
    { type: 'plan.change', numberOfRecipes: 4, frequency: 2 },
    { type: 'voucher.apply', code: 'pasta10' },
    { type: 'voucher.remove' },
    { type: 'checkout.start' },
    { type: 'basket.retry' },
    // A sign-out reaches the box only as a voucher call's 401: the header's Sign out leaves the
    // menu first, and the box's other calls answer a session ended on the server 404 (R2.5, R2.7).
    ...(s.matches('applyingVoucher') || s.matches('removingVoucher')
      ? [{ type: 'session.signedOut' } as const]
      : []),
    { type: POLL },
    ...calls.flatMap((name): ModelEvent[] => [
      { type: `xstate.done.actor.${name}`, output: answers[name](s) },
      ...(name === 'loadBasket'
        ? [{ type: 'xstate.done.actor.loadBasket', output: null } as const]
        : []),
      { type: `xstate.error.actor.${name}`, error: { status: 500 } },
    ]),
  ];
  // Two clicks kept while the box loads show every order they are sent in; more would only make
  // the model endless (each is kept, R7.21).
  const keptEnough = s.context.queued.length >= 2;
  return candidates
    .filter((event) => !(keptEnough && (event.type === 'item.add' || event.type === 'plan.change')))
    .filter((event) => s.can(event as RecipeKitBasketEvent));
}

/** An answer worked out for the state the path is really in (a first load's is fixed). */
export const materialize = (event: ModelEvent, s: Snapshot): ModelEvent =>
  withAnswer(event, s, answers);
export const entries: { name: string; input: RecipeKitBasketInput }[] = [
  { name: 'on /menu', input: { tokenSignIn: false, onGiftBoxes: false } },
  { name: 'during a token sign-in', input: { tokenSignIn: true, onGiftBoxes: false } },
  { name: 'on the gift-boxes route', input: { tokenSignIn: false, onGiftBoxes: true } },
];

export const quantities = (lines: KitBasketLine[]) =>
  lines.map((line) => `${line.id}×${line.quantity}`).join(' ');

/**
 * States told apart by all that the guards, the routing and the server's answers read: where it
 * is, whether there is a basket and a voucher, the quantities shown and confirmed, the change on
 * its way, the clicks kept while it loads and their order. Not by messages, the plan or the basket's id; nor by the entry, which
 * routing reads only once, when the first load ends.
 */
export const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.basket && { voucher: s.context.basket.voucher !== null },
    quantities(s.context.lines),
    quantities(s.context.confirmedLines),
    s.children.changeItem ? callInput<{ quantity: number }>(s, 'changeItem').quantity : null,
    s.context.pending.map((change) => `${change.lineId}${change.delta}`).join(' '),
    s.context.queued.map((event) => event.type).join(' '),
  ]);

export const pathModel = {
  machine: recipeKitBasketMachine,
  entries: entries,
  events: eventsOf as (s: Snapshot) => RecipeKitBasketEvent[],
  serializeState: serialize,
  // Product rule R4.4: a call kept while the basket loads gives up at the hundredth poll.
  waitsOut: {
    state: 'loading.waiting',
    event: { type: POLL } as unknown as RecipeKitBasketEvent,
    times: BASKET_WAIT_TRIES,
  },
  tooManySimplePaths:
    'clicks while calls are on their way interleave in too many orders; its test walks the shortest path to each transition',
} satisfies PathModel<Snapshot, RecipeKitBasketEvent, RecipeKitBasketInput>;
