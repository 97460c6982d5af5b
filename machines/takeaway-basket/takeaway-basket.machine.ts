import { assign, fromPromise, setup } from 'xstate';
import { changeQuantity, firstPendingChange, type BasketLine } from '../../src/domain/basket-lines';

export const BASKET_UPDATE_FAILED = "Couldn't update your basket. Try again.";

export interface TakeawayBasketState {
  basketId: string | null;
  lines: BasketLine[];
}

export interface TakeawayBasketContext extends TakeawayBasketState {
  restaurantId: number;
  /** What the server last confirmed: shown again if it refuses a change. */
  confirmedLines: BasketLine[];
  error: string | null;
}

export type TakeawayBasketEvent =
  | { type: 'item.add'; productId: string }
  | { type: 'item.increment'; lineId: string }
  | { type: 'item.decrement'; lineId: string };

type QuantityChange = { basketId: string; lineId: string; quantity: number };

const stepOf = (event: TakeawayBasketEvent) => ({
  lineId: 'lineId' in event ? event.lineId : '',
  delta: event.type === 'item.increment' ? (1 as const) : (-1 as const),
});

/**
 * The takeaway basket, alive while the customer is on the menu. It is never created in advance
 * (spec section 4): the first add creates it. Quantity changes show at once; clicks made while a
 * change is on its way are kept and sent after it; a refusal restores what the server confirmed.
 */
export const takeawayBasketMachine = setup({
  types: {
    input: {} as { restaurantId: number },
    context: {} as TakeawayBasketContext,
    events: {} as TakeawayBasketEvent,
  },
  actors: {
    loadBasket: fromPromise<TakeawayBasketState, { restaurantId: number }>(async () => {
      throw new Error('loadBasket not provided');
    }),
    addItem: fromPromise<
      TakeawayBasketState,
      { basketId: string | null; restaurantId: number; productId: string }
    >(async () => {
      throw new Error('addItem not provided');
    }),
    changeItem: fromPromise<TakeawayBasketState, QuantityChange>(async () => {
      throw new Error('changeItem not provided');
    }),
  },
  guards: {
    hasBasket: ({ context }) => context.basketId !== null,
    hasPendingChange: ({ context }) =>
      firstPendingChange(context.lines, context.confirmedLines) !== null,
  },
  actions: {
    assignBasket: assign((_, state: TakeawayBasketState) => ({
      ...state,
      confirmedLines: state.lines,
      error: null,
    })),
    assignConfirmed: assign({ confirmedLines: (_, state: TakeawayBasketState) => state.lines }),
    showConfirmed: assign({ lines: ({ context }) => context.confirmedLines, error: null }),
    applyChange: assign({
      lines: ({ context }, step: { lineId: string; delta: 1 | -1 }) =>
        changeQuantity(context.lines, step.lineId, step.delta),
      error: null,
    }),
    rollBack: assign({
      lines: ({ context }) => context.confirmedLines,
      error: BASKET_UPDATE_FAILED,
    }),
    assignAddFailed: assign({ error: BASKET_UPDATE_FAILED }),
  },
}).createMachine({
  id: 'takeawayBasket',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    basketId: null,
    lines: [],
    confirmedLines: [],
    error: null,
  }),
  initial: 'loading',
  states: {
    // Busy while loading: the add buttons wait for the basket rather than dropping a click.
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
        onError: { target: 'ready' },
      },
    },
    ready: {
      on: {
        'item.add': { target: 'adding' },
        'item.increment': {
          guard: 'hasBasket',
          target: 'syncing',
          actions: { type: 'applyChange', params: ({ event }) => stepOf(event) },
        },
        'item.decrement': {
          guard: 'hasBasket',
          target: 'syncing',
          actions: { type: 'applyChange', params: ({ event }) => stepOf(event) },
        },
      },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        id: 'addItem',
        src: 'addItem',
        input: ({ context, event }) => ({
          basketId: context.basketId,
          restaurantId: context.restaurantId,
          productId: (event as Extract<TakeawayBasketEvent, { type: 'item.add' }>).productId,
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignBasket', params: ({ event }) => event.output },
        },
        onError: { target: 'ready', actions: 'assignAddFailed' },
      },
    },
    syncing: {
      tags: ['busy'],
      on: {
        'item.increment': {
          actions: { type: 'applyChange', params: ({ event }) => stepOf(event) },
        },
        'item.decrement': {
          actions: { type: 'applyChange', params: ({ event }) => stepOf(event) },
        },
      },
      invoke: {
        id: 'changeItem',
        src: 'changeItem',
        input: ({ context }) => ({
          basketId: context.basketId ?? '',
          ...firstPendingChange(context.lines, context.confirmedLines)!,
        }),
        onDone: {
          target: 'checking',
          actions: { type: 'assignConfirmed', params: ({ event }) => event.output },
        },
        onError: { target: 'ready', actions: 'rollBack' },
      },
    },
    // Changes made while the last one was on its way go next; otherwise the server's basket shows.
    checking: {
      always: [
        { guard: 'hasPendingChange', target: 'syncing' },
        { target: 'ready', actions: 'showConfirmed' },
      ],
    },
  },
});
