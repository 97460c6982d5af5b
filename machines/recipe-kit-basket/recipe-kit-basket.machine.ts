import { assign, enqueueActions, not, setup } from 'xstate';
import type { BasketLine } from '../../domain/basket-lines';
import {
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
import { unprovided } from '../shared/unprovided-actor';
import {
  addChange,
  nextChange,
  settleChange,
  showPending,
  type PendingChanges,
  type SentChange,
} from '../basket-shared/pending-changes';

/** A recipe-kit line: a dish or add-on for one meal week. */
export interface KitBasketLine extends BasketLine {
  variantId: string;
  mealWeek: string;
  isAddon: boolean;
  isDouble: boolean;
}

/** Per meal week, pounds (the basket meta's weeks). */
export interface KitBasketWeek {
  mealWeek: string;
  foodSubtotal: number;
  addonsSubtotal: number;
  missingToMinimum: number;
  /** The day its box is priced for and its fee (product rule R8.9): the payment step's figures. */
  deliveryDate: string;
  delivery: number;
  discount: number;
  total: number;
}

export interface KitBasketState {
  basketId: string;
  lines: KitBasketLine[];
  weeks: KitBasketWeek[];
  /** The server's totals, pounds: dishes and add-ons before the discount, delivery, discount. */
  subtotal: number;
  delivery: number;
  discount: number;
  total: number;
  minimumSpend: number;
  voucher: { id: string; code: string } | null;
  numberOfRecipes: number | null;
  frequency: number | null;
  /** Product rule R7.19: a box on a plan (a subscription) or a one-off box. */
  startSubscription: boolean;
}

export interface RecipeKitBasketInput {
  /**
   * A `?token=` sign-in is under way: the basket is not created until it ends (product rule R7.11).
   */
  tokenSignIn: boolean;
  /** Boxes on the gift-boxes route are never created in advance. */
  onGiftBoxes: boolean;
}

export interface RecipeKitBasketContext extends RecipeKitBasketInput {
  basket: KitBasketState | null;
  lines: KitBasketLine[];
  /** What the server last confirmed: shown again if it refuses a change. */
  confirmedLines: KitBasketLine[];
  /** Product rule R7.21: clicks not confirmed yet, shown over `confirmedLines` as `lines`. */
  pending: PendingChanges;
  /** The change on its way (one at a time). */
  sending: SentChange | null;
  error: string | null;
  voucherState: VoucherState;
  queued: QueuedEvent[];
  waitTries: number;
}

export type RecipeKitBasketEvent =
  | { type: 'item.add'; variantId: string; mealWeek: string }
  | { type: 'item.increment'; lineId: string }
  | { type: 'item.decrement'; lineId: string }
  | {
      type: 'plan.change';
      numberOfRecipes?: number;
      frequency?: number;
      startSubscription?: boolean;
    }
  | { type: 'voucher.apply'; code: string }
  | { type: 'voucher.remove' }
  | { type: 'checkout.start' }
  | { type: 'basket.retry' }
  | { type: 'session.signedOut' };

type QueuedEvent = Extract<RecipeKitBasketEvent, { type: 'item.add' | 'plan.change' }>;

/** Product rule R7.22: the box could not be read; "Try again" reads it again. */
export const KIT_BASKET_LOAD_FAILED = "Couldn't load your box. Try again.";

/** Product rule R7.21: a plus or minus while a call is on its way is shown at once and kept. */

/** Every week at its minimum and the total at the minimum spend (product rule R7.13; the server's sums). */
export const isKitBasketReady = (basket: KitBasketState | null) =>
  basket !== null &&
  basket.lines.length > 0 &&
  basket.weeks.every((week) => week.missingToMinimum === 0) &&
  basket.total >= basket.minimumSpend;

/**
 * The recipe-kit basket, a long-lived actor (product rules R7.11 and R2.7): created when none
 * exists unless a token sign-in is under way or the customer is on the gift-boxes route; deleted
 * and created again at sign-out. Quantity changes show at once and roll back if refused; minus on 1
 * removes. No click is lost (product rule R7.21): one made while any call is on its way is kept
 * over that call's answer and sent after it. A call made while the basket loads waits up to 100 tries of 100 ms, then fails with
 * 'Basket loading timeout' (the takeaway basket's rule and constants).
 */
export const recipeKitBasketMachine = setup({
  types: {
    input: {} as RecipeKitBasketInput,
    context: {} as RecipeKitBasketContext,
    events: {} as RecipeKitBasketEvent,
  },
  delays: { basketPoll: BASKET_POLL_MS },
  actors: {
    loadBasket: unprovided<KitBasketState | null>('loadBasket'),
    createBasket: unprovided<KitBasketState>('createBasket'),
    addItem: unprovided<KitBasketState, { basketId: string; variantId: string; mealWeek: string }>(
      'addItem',
    ),
    changeItem: unprovided<KitBasketState, { basketId: string; lineId: string; quantity: number }>(
      'changeItem',
    ),
    updatePlan: unprovided<
      KitBasketState,
      {
        basketId: string;
        numberOfRecipes?: number;
        frequency?: number;
        startSubscription?: boolean;
      }
    >('updatePlan'),
    resetBasket: unprovided<KitBasketState>('resetBasket'),
    applyVoucher: unprovided<KitBasketState, { basketId: string; code: string }>('applyVoucher'),
    removeVoucher: unprovided<KitBasketState, { basketId: string; voucherId: string }>(
      'removeVoucher',
    ),
  },
  guards: {
    mayCreate: ({ context }) => !context.tokenSignIn && !context.onGiftBoxes,
    hasBasket: ({ context }) => context.basket !== null,
    hasPendingChange: ({ context }) => nextChange(context.confirmedLines, context.pending) !== null,
    hasWaitTriesLeft: ({ context }) => context.waitTries + 1 < BASKET_WAIT_TRIES,
    hasVoucher: ({ context }) => context.basket?.voucher != null,
    isBasketReady: ({ context }) => isKitBasketReady(context.basket),
  },
  actions: {
    // A basket loaded, made or made again at sign-out: no click on it yet.
    assignBasket: assign((_, basket: KitBasketState | null) => ({
      basket,
      lines: basket?.lines ?? [],
      confirmedLines: basket?.lines ?? [],
      pending: [],
      sending: null,
      error: null,
    })),
    // Any other answer (a dish added, the plan, a voucher): the clicks made meanwhile stay on it.
    assignAnswer: assign(({ context }, basket: KitBasketState) => {
      const lines = showPending(basket.lines, context.pending);
      return { basket: { ...basket, lines }, lines, confirmedLines: basket.lines, error: null };
    }),
    assignConfirmed: assign(({ context }, basket: KitBasketState) => {
      const pending = context.sending ? settleChange(context.pending, context.sending) : [];
      const lines = showPending(basket.lines, pending);
      return {
        basket: { ...basket, lines },
        lines,
        confirmedLines: basket.lines,
        pending,
        sending: null,
        error: null,
      };
    }),
    takeNextChange: assign({
      sending: ({ context }) => nextChange(context.confirmedLines, context.pending),
    }),
    // Nothing left to send (clicks that cancel out, or on a line the server no longer has).
    showConfirmed: assign({
      lines: ({ context }) => context.confirmedLines,
      basket: ({ context }) =>
        context.basket && { ...context.basket, lines: context.confirmedLines },
      pending: [],
      sending: null,
    }),
    recordClick: assign(({ context }, step: { lineId: string; delta: 1 | -1 }) => {
      const pending = addChange(context.pending, step.lineId, step.delta);
      return { pending, lines: showPending(context.confirmedLines, pending), error: null };
    }),
    rollBack: assign({
      lines: ({ context }) => context.confirmedLines,
      // The basket too: a change confirmed before the refused one left the shown lines in it.
      basket: ({ context }) =>
        context.basket && { ...context.basket, lines: context.confirmedLines },
      pending: [],
      sending: null,
      error: BASKET_UPDATE_FAILED,
    }),
    assignFailed: assign({ error: BASKET_UPDATE_FAILED }),
    queueRequest: assign({
      queued: ({ context }, event: QueuedEvent) => [...context.queued, event],
    }),
    countWaitTry: assign({ waitTries: ({ context }) => context.waitTries + 1 }),
    failWaiting: assign({ queued: [], waitTries: 0, error: BASKET_LOADING_TIMEOUT }),
    // The clicks made while it loaded cannot be kept without a box: the message says so (R7.22).
    failLoading: assign({ queued: [], waitTries: 0, error: KIT_BASKET_LOAD_FAILED }),
    clearError: assign({ error: null }),
    // One kept click at a time, each time the box is at rest: the next would reach a busy box,
    // which takes no add or plan, and be lost (R7.21).
    replayNextQueued: enqueueActions(({ context, enqueue }) => {
      const [next, ...rest] = context.queued;
      enqueue.assign({ queued: rest, waitTries: 0 });
      if (next) enqueue.raise(next);
    }),
    // No box to send them to: the box's message says why.
    dropQueued: assign({ queued: [], waitTries: 0 }),
    endTokenSignIn: assign({ tokenSignIn: false }),
    assignVoucherValid: assign({ voucherState: (_, code: string) => voucherValid(code) }),
    assignVoucherInvalid: assign({ voucherState: (_, error: unknown) => voucherInvalid(error) }),
    clearVoucherState: assign({ voucherState: { status: 'none' } as VoucherState }),
  },
}).createMachine({
  id: 'recipeKitBasket',
  context: ({ input }) => ({
    ...input,
    basket: null,
    lines: [],
    confirmedLines: [],
    pending: [],
    sending: null,
    error: null,
    voucherState: { status: 'none' },
    queued: [],
    waitTries: 0,
  }),
  initial: 'loading',
  on: {
    'session.signedOut': { target: '.resetting', actions: 'endTokenSignIn' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBasket',
        src: 'loadBasket',
        onDone: {
          target: 'routing',
          actions: { type: 'assignBasket', params: ({ event }) => event.output },
        },
        onError: { target: 'ready', actions: 'failLoading' },
      },
      on: {
        'item.add': queueWhileLoading<QueuedEvent>(),
        'plan.change': queueWhileLoading<QueuedEvent>(),
      },
      ...waitingForBasket('recipeKitBasket'),
    },
    // No basket yet: create one unless the customer is mid token sign-in or on gift boxes.
    routing: {
      always: [
        { guard: 'hasBasket', target: 'ready' },
        { guard: 'mayCreate', target: 'creating' },
        { target: 'ready', actions: 'dropQueued' },
      ],
    },
    creating: {
      tags: ['busy'],
      on: {
        'item.add': { actions: { type: 'queueRequest', params: ({ event }) => event } },
        'plan.change': { actions: { type: 'queueRequest', params: ({ event }) => event } },
      },
      invoke: {
        id: 'createBasket',
        src: 'createBasket',
        onDone: {
          target: 'ready',
          actions: { type: 'assignBasket', params: ({ event }) => event.output },
        },
        onError: { target: 'ready', actions: ['assignFailed', 'dropQueued'] },
      },
    },
    ready: {
      // Clicks kept while the box loaded, or was made, go now, one each time it rests (R7.21).
      entry: 'replayNextQueued',
      on: {
        'item.add': { guard: 'hasBasket', target: 'adding' },
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
        'plan.change': { guard: 'hasBasket', target: 'updatingPlan' },
        'voucher.apply': { guard: 'hasBasket', target: 'applyingVoucher' },
        'voucher.remove': { guard: 'hasVoucher', target: 'removingVoucher' },
        'checkout.start': { guard: 'isBasketReady', target: 'checkingOut' },
        // No box (its read or its creation failed): read it again, and make it if there is none.
        'basket.retry': { guard: not('hasBasket'), target: 'loading', actions: 'clearError' },
      },
    },
    applyingVoucher: {
      tags: ['busy'],
      on: keepClicks,
      invoke: {
        id: 'applyVoucher',
        src: 'applyVoucher',
        input: ({ context, event }) => ({
          basketId: context.basket?.basketId ?? '',
          code: (event as Extract<RecipeKitBasketEvent, { type: 'voucher.apply' }>).code,
        }),
        onDone: {
          target: 'checking',
          actions: [
            { type: 'assignAnswer', params: ({ event }) => event.output },
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
      on: keepClicks,
      invoke: {
        id: 'removeVoucher',
        src: 'removeVoucher',
        input: ({ context }) => ({
          basketId: context.basket?.basketId ?? '',
          voucherId: context.basket?.voucher?.id ?? '',
        }),
        onDone: {
          target: 'checking',
          actions: [
            { type: 'assignAnswer', params: ({ event }) => event.output },
            'clearVoucherState',
          ],
        },
        onError: { target: 'checking', actions: 'assignFailed' },
      },
    },
    // Every week meets its minimum: the view goes to /checkout (the kit checkout's own machine).
    checkingOut: {
      meta: { path: '/checkout' },
    },
    adding: {
      tags: ['busy'],
      on: keepClicks,
      invoke: {
        id: 'addItem',
        src: 'addItem',
        input: ({ context, event }) => {
          const add = event as Extract<RecipeKitBasketEvent, { type: 'item.add' }>;
          return {
            basketId: context.basket?.basketId ?? '',
            variantId: add.variantId,
            mealWeek: add.mealWeek,
          };
        },
        onDone: {
          target: 'checking',
          actions: { type: 'assignAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'checking', actions: 'assignFailed' },
      },
    },
    syncing: {
      tags: ['busy'],
      on: keepClicks,
      invoke: {
        id: 'changeItem',
        src: 'changeItem',
        input: ({ context }) => ({
          basketId: context.basket?.basketId ?? '',
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
    updatingPlan: {
      tags: ['busy'],
      on: keepClicks,
      invoke: {
        id: 'updatePlan',
        src: 'updatePlan',
        input: ({ context, event }) => {
          const change = event as Extract<RecipeKitBasketEvent, { type: 'plan.change' }>;
          return {
            basketId: context.basket?.basketId ?? '',
            numberOfRecipes: change.numberOfRecipes,
            frequency: change.frequency,
            startSubscription: change.startSubscription ?? context.basket?.startSubscription,
          };
        },
        onDone: {
          target: 'checking',
          actions: { type: 'assignAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'checking', actions: 'assignFailed' },
      },
    },
    // Sign-out: the basket is deleted (DELETE baskets/delete_by_type) and a fresh one created.
    resetting: {
      tags: ['busy'],
      invoke: {
        id: 'resetBasket',
        src: 'resetBasket',
        onDone: {
          target: 'ready',
          actions: { type: 'assignBasket', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: [{ type: 'assignBasket', params: () => null }, 'assignFailed'],
        },
      },
    },
  },
});
