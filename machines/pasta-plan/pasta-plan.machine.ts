import { assign, setup } from 'xstate';
import {
  canChangeWeek,
  canPause,
  canResume,
  isResumeDateAllowed,
  isSelectableSubscription,
  PASTA_PLAN_MESSAGES,
} from '../../domain/pasta-plan';
import {
  CANCEL_OFFER_MESSAGES,
  CANCEL_PLAN_MESSAGES,
  canCancel,
  cancelReasonError,
  type CancelReason,
} from '../../domain/cancel-plan';
import { unprovided } from '../shared/unprovided-actor';
import type { Plan, PlanData, PlanFailure, PlanWeek } from './pasta-plan.types';

export type { Plan, PlanData, PlanFailure, PlanWeek } from './pasta-plan.types';

export interface PastaPlanContext {
  plans: Plan[];
  weeks: PlanWeek[];
  /** When the server was read: the cut-offs are judged against it. */
  now: string;
  chosenId: string | null;
  /** The week being skipped or put back. */
  weekId: string | null;
  /** The pause being chosen: a resume date, or null for indefinitely. */
  resumeOn: string | null;
  /** The server's refusal, or ours, shown in the error summary. */
  error: string | null;
  /** A done action's confirmation; `noticeId` changes with each, so a repeat shows again. */
  notice: string | null;
  noticeId: number;
  /** The reason being given for cancelling, and the customer's words for "other" (R10.13). */
  cancelReason: CancelReason | null;
  cancelNote: string;
  /** The plan just cancelled and its boxes still delivered (R10.18): gone from `plans`. */
  cancelled: CancelledPlan | null;
  /** The customer's first cancelled plan in the server's list: with none selectable, the page
   * says it is cancelled and how to start again rather than "no plan" (R10.34). */
  endedPlan: Plan | null;
}

export interface CancelledPlan {
  plan: Plan;
  stillDelivered: PlanWeek[];
}

export type PastaPlanEvent =
  | { type: 'plan.choose'; planId: string }
  | { type: 'week.skip'; weekId: string }
  | { type: 'week.unskip'; weekId: string }
  | { type: 'pause.start' }
  /** `until`: a resume date, '' when "until a date" is chosen without one, null indefinitely. */
  | { type: 'pause.choose'; until: string | null }
  | { type: 'pause.confirm' }
  | { type: 'pause.back' }
  | { type: 'pause.cancel' }
  | { type: 'plan.resume' }
  | { type: 'plan.retry' }
  | { type: 'cancel.start' }
  /** `reason`: one of CANCEL_REASONS, or null when none is chosen. */
  | { type: 'cancel.reason'; reason: string | null; note: string }
  | { type: 'cancel.skipInstead' }
  | { type: 'cancel.pauseInstead' }
  | { type: 'cancel.continue' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.back' }
  | { type: 'cancel.keep' }
  | { type: 'cancel.done' };

const chosenPlan = (context: PastaPlanContext) =>
  context.plans.find((plan) => plan.id === context.chosenId) ?? null;
const weekOf = (context: PastaPlanContext, weekId: string) =>
  context.weeks.find((week) => week.id === weekId) ?? null;

/** The chosen plan's weeks, soonest first. */
export const chosenWeeks = (context: PastaPlanContext) =>
  context.weeks.filter((week) => week.subscriptionId === context.chosenId);
export { chosenPlan };

/**
 * Product rule R10.17: the week "skip instead" skips: the chosen plan's next active week that can
 * still be changed.
 */
export const nextSkippableWeek = (context: PastaPlanContext) =>
  chosenWeeks(context).find((week) => week.state === 'active' && isChangeableWeek(context, week)) ??
  null;

/** A rejected call as the machine reads it (the bridge rejects with a PlanFailure). */
export const failureOf = (error: unknown): PlanFailure =>
  (error as PlanFailure | undefined) ?? { status: 0, message: null };

/** A week the customer may still change: the plan is live and the cut-off ahead (R10.5). */
const isChangeableWeek = (context: PastaPlanContext, week: PlanWeek | null) => {
  const plan = chosenPlan(context);
  return (
    week !== null &&
    plan !== null &&
    plan.state !== 'cancelled' &&
    week.subscriptionId === plan.id &&
    canChangeWeek(week, new Date(context.now))
  );
};

/**
 * The pasta plan (/account/pasta-plan, product rules R10.4-R10.12): the customer's selectable
 * plans and the chosen one's coming weeks. Skip or put back a week before its cut-off; pause
 * indefinitely or until one of the plan's coming delivery dates (chosen, then confirmed); resume.
 * Each call answers the plan read again, so the screen shows what the server holds; a refusal
 * shows the server's words and leaves the plan as it was, to try again. Cancelling (R10.13-R10.18)
 * asks why, offers a last chance to skip the next week or pause instead (each the real call),
 * then asks to confirm; the cancelled plan is shown until the customer leaves it.
 */
interface PlanCallInput {
  skipWeek: { weekId: string };
  unskipWeek: { weekId: string };
  pausePlan: { planId: string; resumeOn: string | null };
  resumePlan: { planId: string };
  cancelPlan: { planId: string; reason: CancelReason; note: string | null };
}
type PlanCall = keyof PlanCallInput;

const pastaPlanSetup = setup({
  types: {
    context: {} as PastaPlanContext,
    events: {} as PastaPlanEvent,
  },
  actors: {
    loadPlan: unprovided<PlanData>('loadPlan'),
    skipWeek: unprovided<PlanData, PlanCallInput['skipWeek']>('skipWeek'),
    unskipWeek: unprovided<PlanData, PlanCallInput['unskipWeek']>('unskipWeek'),
    pausePlan: unprovided<PlanData, PlanCallInput['pausePlan']>('pausePlan'),
    resumePlan: unprovided<PlanData, PlanCallInput['resumePlan']>('resumePlan'),
    cancelPlan: unprovided<PlanData, PlanCallInput['cancelPlan']>('cancelPlan'),
  },
  guards: {
    hasNoPlans: (_, data: PlanData) => !data.plans.some(isSelectableSubscription),
    isSelectablePlan: ({ context }, planId: string) =>
      context.plans.some((plan) => plan.id === planId),
    canSkipWeek: ({ context }, weekId: string) => {
      const week = weekOf(context, weekId);
      return week?.state === 'active' && isChangeableWeek(context, week);
    },
    canUnskipWeek: ({ context }, weekId: string) => {
      const week = weekOf(context, weekId);
      return week?.state === 'skipped' && isChangeableWeek(context, week);
    },
    canPausePlan: ({ context }) => {
      const plan = chosenPlan(context);
      return plan !== null && plan.schedule !== null && canPause(plan.state);
    },
    canResumePlan: ({ context }) => {
      const plan = chosenPlan(context);
      return plan !== null && canResume(plan.state);
    },
    /** Product rule R10.14: any plan not yet cancelled. */
    canCancelPlan: ({ context }) => {
      const plan = chosenPlan(context);
      return plan !== null && canCancel(plan.state);
    },
    /** Product rule R10.13: a reason from the list; "other" with the customer's words. */
    isCancelReasonGiven: (_, choice: { reason: string | null; note: string }) =>
      cancelReasonError(choice.reason, choice.note) === null,
    /** Product rule R10.17: skip instead when a coming week can still be skipped. */
    canSkipInstead: ({ context }) => nextSkippableWeek(context) !== null,
    /** Product rule R10.17: pause instead an active or failed plan (a paused one already is). */
    canPauseInstead: ({ context }) => {
      const plan = chosenPlan(context);
      return (
        plan !== null && plan.schedule !== null && canPause(plan.state) && plan.state !== 'paused'
      );
    },
    /** Product rule R10.8: indefinitely, or one of the plan's coming delivery dates. */
    isPauseChoiceAllowed: ({ context }, until: string | null) => {
      const schedule = chosenPlan(context)?.schedule;
      return (
        until === null ||
        (schedule !== undefined &&
          schedule !== null &&
          isResumeDateAllowed(schedule, until, new Date(context.now)))
      );
    },
  },
  actions: {
    assignData: assign(({ context }, data: PlanData) => {
      // Product rule R10.11: only selectable plans are offered; the list keeps the server's order.
      const plans = data.plans.filter(isSelectableSubscription);
      const chosenId = plans.some((plan) => plan.id === context.chosenId)
        ? context.chosenId
        : (plans[0]?.id ?? null);
      const endedPlan = data.plans.find((plan) => plan.state === 'cancelled') ?? null;
      return { plans, weeks: data.weeks, now: data.now, chosenId, endedPlan };
    }),
    choosePlan: assign({ chosenId: (_, planId: string) => planId }),
    assignWeek: assign({ weekId: (_, weekId: string) => weekId }),
    clearMessages: assign({ error: null, notice: null }),
    /** The server's words when it gave some, else ours. */
    assignError: assign({
      error: (_, failure: PlanFailure) => failure.message ?? PASTA_PLAN_MESSAGES.actionFailed,
    }),
    assignNotice: assign({
      notice: (_, text: string) => text,
      noticeId: ({ context }) => context.noticeId + 1,
    }),
    assignResumeOn: assign({ resumeOn: (_, until: string | null) => until }),
    rejectPauseChoice: assign({ error: PASTA_PLAN_MESSAGES.chooseResumeDate }),
    assignCancelReason: assign((_, choice: { reason: string | null; note: string }) => ({
      cancelReason: choice.reason as CancelReason,
      cancelNote: choice.reason === 'other' ? choice.note.trim() : '',
    })),
    rejectCancelReason: assign({
      error: (_, choice: { reason: string | null; note: string }) =>
        cancelReasonError(choice.reason, choice.note),
    }),
    clearCancel: assign({ cancelReason: null, cancelNote: '', cancelled: null }),
    assignSkipInstead: assign({ weekId: ({ context }) => nextSkippableWeek(context)?.id ?? null }),
    /** Product rule R10.18: keep the cancelled plan to show it, with the boxes still delivered. */
    assignCancelled: assign({
      cancelled: ({ context }, data: PlanData) => {
        const plan =
          data.plans.find((p) => p.id === context.chosenId) ??
          ({ ...chosenPlan(context)!, state: 'cancelled' } satisfies Plan);
        const stillDelivered = data.weeks.filter(
          (week) => week.subscriptionId === plan.id && week.state === 'active' && week.orderId,
        );
        return { plan, stillDelivered };
      },
    }),
  },
});

/**
 * A busy state that makes one call on the plan: the plan read again, with a notice, goes back to
 * viewing (or, for the cancel itself, to the cancelled plan); a refusal shows the server's words
 * and goes back to `errorTarget` to try again. The invoke's id is the actor's name, so its done
 * and error events are stable.
 */
const callingPlan = <TCall extends PlanCall>(call: {
  src: TCall;
  input: (args: { context: PastaPlanContext }) => PlanCallInput[TCall];
  notice: string;
  errorTarget: 'viewing' | 'pauseConfirming' | 'cancelOffers' | 'cancelConfirming';
  /**
   * The cancel journey: leaving it (skip or pause instead) forgets the reason given; cancelling
   * keeps the cancelled plan to show it (R10.18).
   */
  cancel?: 'forget' | 'show';
}) =>
  pastaPlanSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: call.src,
      // TypeScript cannot pair a generic src with its input; the signature above checks the pair.
      src: call.src as PlanCall,
      input: call.input as (args: { context: PastaPlanContext }) => never,
      onDone: {
        target: call.cancel === 'show' ? 'cancelled' : 'viewing',
        actions: [
          ...(call.cancel === 'forget' ? (['clearCancel'] as const) : []),
          // Before the data: the chosen plan is still in context should the answer lack it.
          ...(call.cancel === 'show'
            ? [
                {
                  type: 'assignCancelled' as const,
                  params: ({ event }: { event: { output: PlanData } }) => event.output,
                },
              ]
            : []),
          { type: 'assignData', params: ({ event }) => event.output },
          { type: 'assignNotice', params: call.notice },
        ],
      },
      onError: {
        target: call.errorTarget,
        actions: { type: 'assignError', params: ({ event }) => failureOf(event.error) },
      },
    },
  });

export const pastaPlanMachine = pastaPlanSetup.createMachine({
  id: 'pastaPlan',
  context: {
    plans: [],
    weeks: [],
    now: new Date(0).toISOString(),
    chosenId: null,
    weekId: null,
    resumeOn: null,
    error: null,
    notice: null,
    noticeId: 0,
    cancelReason: null,
    cancelNote: '',
    cancelled: null,
    endedPlan: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        onDone: [
          {
            guard: { type: 'hasNoPlans', params: ({ event }) => event.output },
            target: 'noPlan',
            // After cancelling the last plan, the plans held before are gone too.
            actions: { type: 'assignData', params: ({ event }) => event.output },
          },
          {
            target: 'viewing',
            actions: { type: 'assignData', params: ({ event }) => event.output },
          },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'plan.retry': { target: 'loading' } },
    },
    noPlan: {},
    viewing: {
      on: {
        'plan.choose': {
          guard: { type: 'isSelectablePlan', params: ({ event }) => event.planId },
          actions: ['clearMessages', { type: 'choosePlan', params: ({ event }) => event.planId }],
        },
        'week.skip': {
          guard: { type: 'canSkipWeek', params: ({ event }) => event.weekId },
          target: 'skipping',
          actions: ['clearMessages', { type: 'assignWeek', params: ({ event }) => event.weekId }],
        },
        'week.unskip': {
          guard: { type: 'canUnskipWeek', params: ({ event }) => event.weekId },
          target: 'unskipping',
          actions: ['clearMessages', { type: 'assignWeek', params: ({ event }) => event.weekId }],
        },
        'pause.start': {
          guard: 'canPausePlan',
          target: 'pauseChoosing',
          actions: ['clearMessages', { type: 'assignResumeOn', params: null }],
        },
        'plan.resume': {
          guard: 'canResumePlan',
          target: 'resuming',
          actions: 'clearMessages',
        },
        'cancel.start': {
          guard: 'canCancelPlan',
          target: 'cancelReason',
          actions: ['clearMessages', 'clearCancel'],
        },
      },
    },
    skipping: callingPlan({
      src: 'skipWeek',
      input: ({ context }) => ({ weekId: context.weekId ?? '' }),
      notice: PASTA_PLAN_MESSAGES.weekSkipped,
      errorTarget: 'viewing',
    }),
    unskipping: callingPlan({
      src: 'unskipWeek',
      input: ({ context }) => ({ weekId: context.weekId ?? '' }),
      notice: PASTA_PLAN_MESSAGES.weekUnskipped,
      errorTarget: 'viewing',
    }),
    pauseChoosing: {
      on: {
        'pause.choose': [
          {
            guard: { type: 'isPauseChoiceAllowed', params: ({ event }) => event.until },
            target: 'pauseConfirming',
            actions: [
              'clearMessages',
              { type: 'assignResumeOn', params: ({ event }) => event.until },
            ],
          },
          { actions: 'rejectPauseChoice' },
        ],
        'pause.cancel': { target: 'viewing', actions: 'clearMessages' },
      },
    },
    pauseConfirming: {
      on: {
        'pause.confirm': { target: 'pausing' },
        'pause.back': { target: 'pauseChoosing' },
        'pause.cancel': { target: 'viewing', actions: 'clearMessages' },
      },
    },
    pausing: callingPlan({
      src: 'pausePlan',
      input: ({ context }) => ({ planId: context.chosenId ?? '', resumeOn: context.resumeOn }),
      notice: PASTA_PLAN_MESSAGES.paused,
      errorTarget: 'pauseConfirming',
    }),
    resuming: callingPlan({
      src: 'resumePlan',
      input: ({ context }) => ({ planId: context.chosenId ?? '' }),
      notice: PASTA_PLAN_MESSAGES.resumed,
      errorTarget: 'viewing',
    }),
    cancelReason: {
      on: {
        'cancel.reason': [
          {
            guard: { type: 'isCancelReasonGiven', params: ({ event }) => event },
            target: 'cancelOffers',
            actions: [
              'clearMessages',
              { type: 'assignCancelReason', params: ({ event }) => event },
            ],
          },
          { actions: { type: 'rejectCancelReason', params: ({ event }) => event } },
        ],
        'cancel.keep': { target: 'viewing', actions: ['clearMessages', 'clearCancel'] },
      },
    },
    cancelOffers: {
      on: {
        'cancel.skipInstead': {
          guard: 'canSkipInstead',
          target: 'skippingInstead',
          actions: ['clearMessages', 'assignSkipInstead'],
        },
        'cancel.pauseInstead': {
          guard: 'canPauseInstead',
          target: 'pausingInstead',
          actions: 'clearMessages',
        },
        'cancel.continue': { target: 'cancelConfirming', actions: 'clearMessages' },
        'cancel.back': { target: 'cancelReason', actions: 'clearMessages' },
        'cancel.keep': { target: 'viewing', actions: ['clearMessages', 'clearCancel'] },
      },
    },
    skippingInstead: callingPlan({
      src: 'skipWeek',
      input: ({ context }) => ({ weekId: context.weekId ?? '' }),
      notice: CANCEL_OFFER_MESSAGES.skippedInstead,
      errorTarget: 'cancelOffers',
      cancel: 'forget',
    }),
    pausingInstead: callingPlan({
      src: 'pausePlan',
      input: ({ context }) => ({ planId: context.chosenId ?? '', resumeOn: null }),
      notice: CANCEL_OFFER_MESSAGES.pausedInstead,
      errorTarget: 'cancelOffers',
      cancel: 'forget',
    }),
    cancelConfirming: {
      on: {
        'cancel.confirm': { target: 'cancelling' },
        'cancel.back': { target: 'cancelOffers', actions: 'clearMessages' },
        'cancel.keep': { target: 'viewing', actions: ['clearMessages', 'clearCancel'] },
      },
    },
    cancelling: callingPlan({
      src: 'cancelPlan',
      input: ({ context }) => ({
        planId: context.chosenId ?? '',
        reason: context.cancelReason ?? 'other',
        note: context.cancelReason === 'other' ? context.cancelNote : null,
      }),
      notice: CANCEL_PLAN_MESSAGES.cancelled,
      errorTarget: 'cancelConfirming',
      cancel: 'show',
    }),
    cancelled: {
      on: {
        'cancel.done': { target: 'loading', actions: ['clearMessages', 'clearCancel'] },
      },
    },
  },
});
