import { assign, emit, enqueueActions, setup } from 'xstate';
import type { BasketLine } from '../../domain/basket-lines';
import { isTakeawayBasketValid } from '../../domain/takeaway-basket';
import { addFailureMessage } from '../../domain/takeaway-lines';
import {
  BASKET_DELETE_FAILED,
  BASKET_LOADING_TIMEOUT,
  BASKET_POLL_MS,
  BASKET_UPDATE_FAILED,
  BASKET_WAIT_TRIES,
  checkingChanges,
  keepClicks,
  queueWhileLoading,
  stepOf,
  voucherInvalid,
  voucherValid,
  waitingForBasket,
  type VoucherState,
} from '../basket-shared/basket-shared';
import {
  addChange,
  nextChange,
  settleChange,
  showPending,
  type PendingChanges,
  type SentChange,
} from '../basket-shared/pending-changes';
import { unprovided } from '../shared/unprovided-actor';

/** The server's totals for the basket, pounds; the minimum from the basket meta. */
export interface BasketTotals {
  subtotal: number;
  delivery: number;
  discount: number;
  total: number;
  minimumSpend: number;
}

export interface TakeawayBasketState {
  basketId: string | null;
  lines: BasketLine[];
  totals?: BasketTotals;
  voucher?: { id: string; code: string } | null;
}

export interface TakeawayBasketContext {
  restaurantId: number;
  basketId: string | null;
  lines: BasketLine[];
  totals: BasketTotals;
  voucher: { id: string; code: string } | null;
  voucherState: VoucherState;
  /** What the server last confirmed: shown again if it refuses a change. */
  confirmedLines: BasketLine[];
  /** Plus and minus clicks the server has not confirmed, shown over its lines (R4.15, R7.21). */
  pending: PendingChanges;
  /** The change on its way. */
  sending: SentChange | null;
  error: string | null;
  /** Calls asked for while the basket was still loading, sent once it has loaded. */
  queued: QueuedEvent[];
  waitTries: number;
  offeringUpsells: boolean;
  /** The add on its way, told to the view once the server has it (product rule R4.12). */
  pendingAdd: { productId: string; quantity: number } | null;
}

export type TakeawayBasketEvent =
  | { type: 'item.add'; productId: string; subItems?: string[]; quantity?: number }
  | { type: 'item.increment'; lineId: string }
  | { type: 'item.decrement'; lineId: string }
  | { type: 'voucher.apply'; code: string }
  | { type: 'voucher.remove' }
  | { type: 'basket.empty' }
  | { type: 'checkout.start' }
  | { type: 'upsell.close' }
  | { type: 'checkout.continue' };

/** Told to the view: a dish is in the basket, so it can say so (product rule R4.12). */
export type TakeawayBasketEmitted =
  | { type: 'item.added'; productId: string; quantity: number }
  | { type: 'item.failed'; message: string };

/** While it loads the page shows no dish and no voucher: only an Add or a code can be asked. */
type QueuedEvent = Extract<TakeawayBasketEvent, { type: 'item.add' | 'voucher.apply' }>;

type QuantityChange = { basketId: string; lineId: string; quantity: number };

/** While a call is on its way: plus and minus are kept over its answer, an Add waits its turn. */
const keepClicksAndAdds = {
  ...keepClicks,
  'item.add': {
    actions: {
      type: 'queueRequest' as const,
      params: ({ event }: { event: QueuedEvent }) => event,
    },
  },
};

const hasBasket = (context: TakeawayBasketContext) => context.basketId !== null;

export const EMPTY_TOTALS: BasketTotals = {
  subtotal: 0,
  delivery: 0,
  discount: 0,
  total: 0,
  minimumSpend: 10,
};

/**
 * The takeaway basket, alive while the customer is on the menu. It is never created in advance
 * (product rules R4.2 and R4.3): the first add creates it. Quantity changes show at once; clicks
 * made while any call is on its way are kept over its answer (the kit basket's pending changes)
 * and sent after it, and an Add clicked meanwhile waits its turn, so no click is lost (product
 * rule R4.15); a refusal restores what the server confirmed. A call made while the basket is still
 * loading waits for it (product rule R4.4).
 */
export const takeawayBasketMachine = setup({
  types: {
    input: {} as { restaurantId: number },
    context: {} as TakeawayBasketContext,
    events: {} as TakeawayBasketEvent,
    emitted: {} as TakeawayBasketEmitted,
  },
  delays: { basketPoll: BASKET_POLL_MS },
  actors: {
    loadBasket: unprovided<TakeawayBasketState, { restaurantId: number }>('loadBasket'),
    addItem: unprovided<
      TakeawayBasketState,
      {
        basketId: string | null;
        restaurantId: number;
        productId: string;
        subItems: string[];
        quantity: number;
      }
    >('addItem'),
    changeItem: unprovided<TakeawayBasketState, QuantityChange>('changeItem'),
    applyVoucher: unprovided<TakeawayBasketState, { basketId: string; code: string }>(
      'applyVoucher',
    ),
    removeVoucher: unprovided<TakeawayBasketState, { basketId: string; voucherId: string }>(
      'removeVoucher',
    ),
    deleteBasket: unprovided<void, { basketId: string }>('deleteBasket'),
  },
  guards: {
    hasBasket: ({ context }) => hasBasket(context),
    hasVoucher: ({ context }) => context.basketId !== null && context.voucher !== null,
    hasPendingChange: ({ context }) => nextChange(context.confirmedLines, context.pending) !== null,
    hasWaitTriesLeft: ({ context }) => context.waitTries + 1 < BASKET_WAIT_TRIES,
    isBasketValid: ({ context }) =>
      isTakeawayBasketValid(
        context.lines.length,
        context.totals.subtotal,
        context.totals.minimumSpend,
      ),
    isOfferingUpsells: ({ context }) =>
      context.offeringUpsells &&
      isTakeawayBasketValid(
        context.lines.length,
        context.totals.subtotal,
        context.totals.minimumSpend,
      ),
  },
  actions: {
    // Any answer but a quantity change's: the clicks made meanwhile stay on it.
    assignBasket: assign(({ context }, state: TakeawayBasketState) => ({
      basketId: state.basketId,
      lines: showPending(state.lines, context.pending),
      confirmedLines: state.lines,
      totals: state.totals ?? context.totals,
      voucher: state.voucher === undefined ? context.voucher : state.voucher,
      error: null,
    })),
    assignConfirmed: assign(({ context }, state: TakeawayBasketState) => {
      const pending = context.sending ? settleChange(context.pending, context.sending) : [];
      return {
        lines: showPending(state.lines, pending),
        confirmedLines: state.lines,
        pending,
        sending: null,
        totals: state.totals ?? context.totals,
        voucher: state.voucher === undefined ? context.voucher : state.voucher,
      };
    }),
    takeNextChange: assign({
      sending: ({ context }) => nextChange(context.confirmedLines, context.pending),
    }),
    // Nothing left to send (clicks that cancel out, or on a line the server no longer has).
    showConfirmed: assign({
      lines: ({ context }) => context.confirmedLines,
      pending: [],
      sending: null,
    }),
    recordClick: assign(({ context }, step: { lineId: string; delta: 1 | -1 }) => {
      const pending = addChange(context.pending, step.lineId, step.delta);
      return { pending, lines: showPending(context.confirmedLines, pending), error: null };
    }),
    rollBack: assign({
      lines: ({ context }) => context.confirmedLines,
      pending: [],
      sending: null,
      error: BASKET_UPDATE_FAILED,
    }),
    assignAddFailed: assign({ error: BASKET_UPDATE_FAILED, pendingAdd: null }),
    tellAddFailed: enqueueActions(({ enqueue }, error: unknown) => {
      const message = addFailureMessage(error, BASKET_UPDATE_FAILED);
      enqueue.assign({ error: message, pendingAdd: null });
      enqueue(emit({ type: 'item.failed', message }));
    }),
    assignPendingAdd: assign({
      pendingAdd: (_, add: { productId: string; quantity: number }) => add,
    }),
    tellItemAdded: enqueueActions(({ context, enqueue }) => {
      if (context.pendingAdd) enqueue(emit({ type: 'item.added', ...context.pendingAdd }));
      enqueue.assign({ pendingAdd: null });
    }),
    queueRequest: assign({
      queued: ({ context }, event: QueuedEvent) => [...context.queued, event],
    }),
    countWaitTry: assign({ waitTries: ({ context }) => context.waitTries + 1 }),
    failWaiting: assign({ queued: [], waitTries: 0, error: BASKET_LOADING_TIMEOUT }),
    // One kept call at a time, each time the basket is at rest: raised together, the first would
    // make it busy and a code after it would be lost (R4.4, R4.15). A code with no basket to take
    // it (the load or the add before it failed) is dropped.
    replayNextQueued: enqueueActions(({ context, enqueue }) => {
      const sendable = (event: QueuedEvent) => event.type === 'item.add' || hasBasket(context);
      const next = context.queued.findIndex(sendable);
      enqueue.assign({ queued: next < 0 ? [] : context.queued.slice(next + 1), waitTries: 0 });
      if (next >= 0) enqueue.raise(context.queued[next]!);
    }),
    assignVoucherValid: assign({ voucherState: (_, code: string) => voucherValid(code) }),
    assignVoucherInvalid: assign({ voucherState: (_, error: unknown) => voucherInvalid(error) }),
    clearVoucherState: assign({ voucherState: { status: 'none' } as VoucherState }),
    clearBasket: assign({
      basketId: null,
      lines: [],
      confirmedLines: [],
      pending: [],
      sending: null,
      totals: ({ context }) => ({ ...EMPTY_TOTALS, minimumSpend: context.totals.minimumSpend }),
      voucher: null,
      voucherState: { status: 'none' } as VoucherState,
      error: null,
      offeringUpsells: false,
    }),
    assignDeleteFailed: assign({ error: BASKET_DELETE_FAILED }),
    offerUpsells: assign({ offeringUpsells: true }),
    closeUpsells: assign({ offeringUpsells: false }),
  },
}).createMachine({
  id: 'takeawayBasket',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    basketId: null,
    lines: [],
    totals: EMPTY_TOTALS,
    voucher: null,
    voucherState: { status: 'none' },
    confirmedLines: [],
    pending: [],
    sending: null,
    error: null,
    queued: [],
    waitTries: 0,
    offeringUpsells: false,
    pendingAdd: null,
  }),
  initial: 'loading',
  states: {
    // Busy while loading: a call that needs the basket waits for it rather than dropping a click.
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBasket',
        src: 'loadBasket',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignBasket', params: ({ event }) => event.output },
        },
        onError: 'ready',
      },
      on: {
        'item.add': queueWhileLoading<QueuedEvent>(),
        'voucher.apply': queueWhileLoading<QueuedEvent>(),
      },
      ...waitingForBasket('takeawayBasket'),
    },
    // Calls kept while it loaded, and Adds clicked while a call was on its way, go now in the
    // order they were clicked, one each time the basket rests.
    ready: {
      entry: 'replayNextQueued',
      on: {
        'item.add': {
          target: 'adding',
          actions: {
            type: 'assignPendingAdd',
            params: ({ event }) => ({
              productId: event.productId,
              quantity: event.quantity ?? 1,
            }),
          },
        },
        'item.increment': {
          guard: 'hasBasket',
          target: 'checking',
          actions: { type: 'recordClick', params: ({ event }) => stepOf(event) },
        },
        'item.decrement': {
          guard: 'hasBasket',
          target: 'checking',
          actions: { type: 'recordClick', params: ({ event }) => stepOf(event) },
        },
        'voucher.apply': { guard: 'hasBasket', target: 'applyingVoucher' },
        'voucher.remove': { guard: 'hasVoucher', target: 'removingVoucher' },
        'basket.empty': { guard: 'hasBasket', target: 'emptying' },
        'checkout.start': { guard: 'isBasketValid', actions: 'offerUpsells' },
        'upsell.close': { actions: 'closeUpsells' },
        'checkout.continue': { guard: 'isOfferingUpsells', target: 'checkingOut' },
      },
    },
    adding: {
      tags: ['busy'],
      on: keepClicksAndAdds,
      invoke: {
        id: 'addItem',
        src: 'addItem',
        input: ({ context, event }) => {
          const add = event as Extract<TakeawayBasketEvent, { type: 'item.add' }>;
          return {
            basketId: context.basketId,
            restaurantId: context.restaurantId,
            productId: add.productId,
            subItems: add.subItems ?? [],
            quantity: add.quantity ?? 1,
          };
        },
        onDone: {
          target: 'checking',
          actions: [{ type: 'assignBasket', params: ({ event }) => event.output }, 'tellItemAdded'],
        },
        onError: {
          target: 'checking',
          actions: {
            type: 'tellAddFailed',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    syncing: {
      tags: ['busy'],
      on: keepClicksAndAdds,
      invoke: {
        id: 'changeItem',
        src: 'changeItem',
        input: ({ context }) => ({
          basketId: context.basketId ?? '',
          lineId: context.sending?.lineId ?? '',
          quantity: context.sending?.quantity ?? 0,
        }),
        onDone: {
          target: 'checking',
          actions: { type: 'assignConfirmed', params: ({ event }) => event.output },
        },
        onError: { target: 'ready', actions: 'rollBack' },
      },
    },
    checking: checkingChanges,
    applyingVoucher: {
      tags: ['busy'],
      on: keepClicksAndAdds,
      invoke: {
        id: 'applyVoucher',
        src: 'applyVoucher',
        input: ({ context, event }) => ({
          basketId: context.basketId ?? '',
          code: (event as Extract<TakeawayBasketEvent, { type: 'voucher.apply' }>).code,
        }),
        onDone: {
          target: 'checking',
          actions: [
            { type: 'assignBasket', params: ({ event }) => event.output },
            {
              type: 'assignVoucherValid',
              params: ({ event }) => event.output.voucher?.code ?? '',
            },
          ],
        },
        onError: {
          target: 'checking',
          actions: {
            type: 'assignVoucherInvalid',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    removingVoucher: {
      tags: ['busy'],
      on: keepClicksAndAdds,
      invoke: {
        id: 'removeVoucher',
        src: 'removeVoucher',
        input: ({ context }) => ({
          basketId: context.basketId ?? '',
          voucherId: context.voucher?.id ?? '',
        }),
        onDone: {
          target: 'checking',
          actions: [
            { type: 'assignBasket', params: ({ event }) => event.output },
            'clearVoucherState',
          ],
        },
        onError: { target: 'checking', actions: 'assignAddFailed' },
      },
    },
    emptying: {
      tags: ['busy'],
      invoke: {
        id: 'deleteBasket',
        src: 'deleteBasket',
        input: ({ context }) => ({ basketId: context.basketId ?? '' }),
        onDone: { target: 'ready', actions: 'clearBasket' },
        onError: { target: 'ready', actions: 'assignDeleteFailed' },
      },
    },
    // The customer leaves the menu for the checkout (the coordinator's flow).
    checkingOut: { type: 'final' },
  },
});
