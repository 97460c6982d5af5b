import { voucherFailureMessage, type VoucherFailure } from '../../domain/voucher';

/**
 * What the two baskets (takeaway and recipe kit) do alike: a call asked for while the basket loads
 * waits for it (product rule R4.4), quantity changes show at once and go to the server one after
 * another, and a voucher is applied or refused with the words of product rule R12.4. Each machine
 * still names every guard, action and delay in its own `setup`.
 */

export const BASKET_UPDATE_FAILED = "Couldn't update your basket. Try again.";
/** Product rule R4.4. */
export const BASKET_LOADING_TIMEOUT = 'Basket loading timeout';
export const BASKET_DELETE_FAILED = "Couldn't delete basket";
/** Product rule R4.4: a call that needs the basket waits up to 100 tries of 100 ms. */
export const BASKET_WAIT_TRIES = 100;
export const BASKET_POLL_MS = 100;

export type VoucherState =
  { status: 'none' } | { status: 'valid'; code: string } | { status: 'invalid'; message: string };

/** A plus or minus click on a line. */
export const stepOf = (event: { type: string; lineId?: string }) => ({
  lineId: event.lineId ?? '',
  delta: event.type === 'item.increment' ? (1 as const) : (-1 as const),
});

export const voucherValid = (code: string): VoucherState => ({ status: 'valid', code });

/**
 * The server's refusal in the words of product rule R12.4 (an unreadable one reads as a generic
 * refusal).
 */
export const voucherInvalid = (error: unknown): VoucherState => ({
  status: 'invalid',
  message: voucherFailureMessage(
    typeof error === 'object' && error !== null ? (error as VoucherFailure) : {},
  ),
});

/**
 * The loading state's children: idle until a call is asked for, then waiting, one `basketPoll`
 * at a time, until the basket loads or the tries run out (the machine's `ready`, with the
 * 'Basket loading timeout' of product rule R4.4).
 */
export const waitingForBasket = (machine: string) => ({
  initial: 'idle' as const,
  states: {
    idle: {},
    waiting: {
      after: {
        basketPoll: [
          {
            guard: 'hasWaitTriesLeft' as const,
            target: 'waiting',
            reenter: true,
            actions: 'countWaitTry' as const,
          },
          { target: `#${machine}.ready`, actions: 'failWaiting' as const },
        ],
      },
    },
  },
});

/** A call asked for while the basket loads: kept for when it has loaded, and the wait starts. */
export const queueWhileLoading = <TQueued>() => ({
  target: '.waiting',
  actions: { type: 'queueRequest' as const, params: ({ event }: { event: TQueued }) => event },
});

/**
 * Plus and minus while a call is on its way: shown at once over its answer, sent after it
 * (pending-changes.ts, product rules R4.15 and R7.21).
 */
export const keepClicks = {
  'item.increment': {
    actions: {
      type: 'recordClick' as const,
      params: ({ event }: { event: { type: string; lineId?: string } }) => stepOf(event),
    },
  },
  'item.decrement': {
    actions: {
      type: 'recordClick' as const,
      params: ({ event }: { event: { type: string; lineId?: string } }) => stepOf(event),
    },
  },
};

/** Clicks made while a call was on its way go next, one line at a time; else the basket rests. */
export const checkingChanges = {
  always: [
    { guard: 'hasPendingChange' as const, target: 'syncing', actions: 'takeNextChange' as const },
    { target: 'ready', actions: 'showConfirmed' as const },
  ],
};
