import type { SnapshotFrom } from 'xstate';
import { BASKET_WAIT_TRIES } from '../../../machines/basket-shared/basket-shared';
import { subtotalOf, type BasketLine } from '../../../domain/basket-lines';
import {
  EMPTY_TOTALS,
  takeawayBasketMachine,
  type TakeawayBasketEvent,
  type TakeawayBasketState,
} from '../../../machines/takeaway-basket/takeaway-basket.machine';
import { callInput, withAnswer } from '../support/call-answers';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof takeawayBasketMachine>;

/** The machine's calls by name, as `provide` takes them (a new one fails to compile below). */
export type ActorName = keyof NonNullable<
  Parameters<typeof takeawayBasketMachine.provide>[0]['actors']
>;
export type CallOutcome = `xstate.${'done' | 'error'}.actor.${ActorName}`;
/** One poll of a call waiting for the basket to load (the machine's delayed event). */
export const POLL = 'xstate.after.basketPoll.takeawayBasket.loading.waiting';
export type ModelEvent =
  | TakeawayBasketEvent
  | { type: CallOutcome; output?: unknown; error?: unknown }
  | { type: typeof POLL };

/** Above the £10 minimum with two portions; one portion is below it (product rule R4.6). */
export const MINIMUM = 10;
export const cacio: BasketLine = {
  id: '1',
  title: 'Cacio e Pepe',
  quantity: 1,
  price: 6.5,
  productId: '101',
};
/** The model's basket holds up to two portions of one dish. */
export const MAX_QUANTITY = 2;

/** The server's basket for these lines, as GET baskets/{id} answers it. */
export function basketWith(
  lines: BasketLine[],
  voucher: TakeawayBasketState['voucher'] = null,
): TakeawayBasketState {
  const subtotal = subtotalOf(lines);
  const discount = voucher ? 1 : 0;
  return {
    basketId: 'b1',
    lines,
    voucher,
    totals: {
      ...EMPTY_TOTALS,
      subtotal,
      discount,
      total: Math.max(0, subtotal - discount),
      minimumSpend: MINIMUM,
    },
  };
}
/** What the browser had before: two portions, enough to check out. */
export const stored = basketWith([{ ...cacio, quantity: 2 }]);

const withQuantity = (lines: BasketLine[], quantity: number) =>
  quantity < 1 ? [] : [{ ...cacio, ...lines[0], quantity }];

/**
 * What the server answers each call, from the call's input: the basket after the change asked
 * for, so a path where the customer clicks faster than the server answers ends where it would.
 */
export const answers: Record<ActorName, (s: Snapshot) => TakeawayBasketState | undefined> = {
  loadBasket: () => stored,
  addItem: (s) => {
    const { quantity } = callInput<{ quantity: number }>(s, 'addItem');
    const shown = s.context.confirmedLines[0]?.quantity ?? 0;
    return basketWith(withQuantity(s.context.confirmedLines, shown + quantity), s.context.voucher);
  },
  changeItem: (s) => {
    const { quantity } = callInput<{ quantity: number }>(s, 'changeItem');
    return basketWith(withQuantity(s.context.confirmedLines, quantity), s.context.voucher);
  },
  applyVoucher: (s) => {
    const { code } = callInput<{ code: string }>(s, 'applyVoucher');
    return basketWith(s.context.confirmedLines, { id: '7', code: code.toUpperCase() });
  },
  removeVoucher: (s) => basketWith(s.context.confirmedLines, null),
  deleteBasket: () => undefined,
};

/**
 * What each state offers: the menu's Add, the basket's plus and minus (up to two portions), a
 * voucher, emptying, Checkout, the upsell step's close and continue, a poll while a call waits for
 * the basket; and for each call on its way, the server's answer or a failure.
 */
export function eventsOf(s: Snapshot): ModelEvent[] {
  const calls = Object.keys(s.children) as ActorName[];
  const shown = s.context.lines.find((line) => line.id === cacio.id)?.quantity ?? 0;
  const candidates: ModelEvent[] = [
    // The menu's Add: for a dish not in the basket yet, or while a change is on its way (it
    // waits its turn); otherwise more portions are the basket's plus.
    ...((shown === 0 && s.context.confirmedLines.length === 0) ||
    (s.matches('syncing') && (s.context.confirmedLines[0]?.quantity ?? 0) < MAX_QUANTITY)
      ? [{ type: 'item.add', productId: cacio.productId!, quantity: 1 } as const]
      : []),
    ...(shown > 0 && shown < MAX_QUANTITY
      ? [{ type: 'item.increment', lineId: cacio.id } as const]
      : []),
    ...(shown > 0 ? [{ type: 'item.decrement', lineId: cacio.id } as const] : []),
    { type: 'voucher.apply', code: 'pasta10' },
    { type: 'voucher.remove' },
    { type: 'basket.empty' },
    { type: 'checkout.start' },
    { type: 'upsell.close' },
    { type: 'checkout.continue' },
    { type: POLL },
    ...calls.flatMap((name): ModelEvent[] => [
      { type: `xstate.done.actor.${name}`, output: answers[name](s) },
      { type: `xstate.error.actor.${name}`, error: { status: 500 } },
    ]),
  ];
  // Two calls wait their turn at most: a third only repeats the second's paths (R4.4).
  const queues = (event: ModelEvent) =>
    s.context.queued.length >= 2 &&
    ['item.add', 'voucher.apply', 'voucher.remove', 'basket.empty'].includes(event.type);
  return candidates.filter((event) => !queues(event) && s.can(event as TakeawayBasketEvent));
}

/** An answer worked out for the state the path is really in (a first load's is fixed). */
export const materialize = (event: ModelEvent, s: Snapshot): ModelEvent =>
  withAnswer(event, s, answers);

export const entries = [{ name: 'on a restaurant menu', input: { restaurantId: 16 } }] as const;

const quantities = (lines: BasketLine[]) =>
  lines.map((line) => `${line.id}×${line.quantity}`).join(' ');

/**
 * States told apart by all that the guards, the routing and the server's answers read: where it
 * is, whether there is a basket and a voucher, the quantities shown and confirmed, the change on
 * its way, calls queued, the upsell step. Not by messages or totals beyond them.
 */
export const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.basketId !== null,
    s.context.voucher !== null,
    quantities(s.context.lines),
    quantities(s.context.confirmedLines),
    s.context.sending?.quantity ?? null,
    s.context.pending.map((change) => `${change.lineId}${change.delta}`).join(' '),
    s.context.queued.map((event) => event.type).join(' '),
    s.context.offeringUpsells,
  ]);

export const pathModel = {
  machine: takeawayBasketMachine,
  entries,
  events: eventsOf as (s: Snapshot) => TakeawayBasketEvent[],
  serializeState: serialize,
  // Product rule R4.4: a call kept while the basket loads gives up at the hundredth poll.
  waitsOut: {
    state: 'loading.waiting',
    event: { type: POLL } as unknown as TakeawayBasketEvent,
    times: BASKET_WAIT_TRIES,
  },
  tooManySimplePaths:
    'clicks while calls are on their way interleave in too many orders; its test walks the shortest path to each transition',
} satisfies PathModel<Snapshot, TakeawayBasketEvent, { restaurantId: number }>;
