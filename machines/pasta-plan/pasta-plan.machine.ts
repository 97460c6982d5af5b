import { assign, setup } from 'xstate';
import {
  canChangeWeek,
  canPause,
  canResume,
  isResumeDateAllowed,
  isSelectableSubscription,
  PASTA_PLAN_MESSAGES,
} from '../../domain/pasta-plan';
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
  | { type: 'plan.retry' };

const chosenPlan = (context: PastaPlanContext) =>
  context.plans.find((plan) => plan.id === context.chosenId) ?? null;
const weekOf = (context: PastaPlanContext, weekId: string) =>
  context.weeks.find((week) => week.id === weekId) ?? null;

/** The chosen plan's weeks, soonest first. */
export const chosenWeeks = (context: PastaPlanContext) =>
  context.weeks.filter((week) => week.subscriptionId === context.chosenId);
export { chosenPlan };

/** A rejected call as the machine reads it (the bridge rejects with a PlanFailure). */
export const failureOf = (error: unknown): PlanFailure =>
  (error as PlanFailure | undefined) ?? { status: 0, message: null };

/** A week the customer may still change: the plan is live and the cut-off ahead (R10.5). */
const isChangeable = (context: PastaPlanContext, week: PlanWeek | null) => {
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
 * shows the server's words and leaves the plan as it was, to try again.
 */
export const pastaPlanMachine = setup({
  types: {
    context: {} as PastaPlanContext,
    events: {} as PastaPlanEvent,
  },
  actors: {
    loadPlan: unprovided<PlanData>('loadPlan'),
    skipWeek: unprovided<PlanData, { weekId: string }>('skipWeek'),
    unskipWeek: unprovided<PlanData, { weekId: string }>('unskipWeek'),
    pausePlan: unprovided<PlanData, { planId: string; resumeOn: string | null }>('pausePlan'),
    resumePlan: unprovided<PlanData, { planId: string }>('resumePlan'),
  },
  guards: {
    hasNoPlans: (_, data: PlanData) => !data.plans.some(isSelectableSubscription),
    isSelectablePlan: ({ context }, planId: string) =>
      context.plans.some((plan) => plan.id === planId),
    canSkipWeek: ({ context }, weekId: string) => {
      const week = weekOf(context, weekId);
      return week?.state === 'active' && isChangeable(context, week);
    },
    canUnskipWeek: ({ context }, weekId: string) => {
      const week = weekOf(context, weekId);
      return week?.state === 'skipped' && isChangeable(context, week);
    },
    canPausePlan: ({ context }) => {
      const plan = chosenPlan(context);
      return plan !== null && plan.schedule !== null && canPause(plan.state);
    },
    canResumePlan: ({ context }) => {
      const plan = chosenPlan(context);
      return plan !== null && canResume(plan.state);
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
      return { plans, weeks: data.weeks, now: data.now, chosenId };
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
  },
}).createMachine({
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
      },
    },
    skipping: {
      tags: ['busy'],
      invoke: {
        id: 'skipWeek',
        src: 'skipWeek',
        input: ({ context }) => ({ weekId: context.weekId ?? '' }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignNotice', params: PASTA_PLAN_MESSAGES.weekSkipped },
          ],
        },
        onError: {
          target: 'viewing',
          actions: { type: 'assignError', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
    unskipping: {
      tags: ['busy'],
      invoke: {
        id: 'unskipWeek',
        src: 'unskipWeek',
        input: ({ context }) => ({ weekId: context.weekId ?? '' }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignNotice', params: PASTA_PLAN_MESSAGES.weekUnskipped },
          ],
        },
        onError: {
          target: 'viewing',
          actions: { type: 'assignError', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
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
    pausing: {
      tags: ['busy'],
      invoke: {
        id: 'pausePlan',
        src: 'pausePlan',
        input: ({ context }) => ({ planId: context.chosenId ?? '', resumeOn: context.resumeOn }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignNotice', params: PASTA_PLAN_MESSAGES.paused },
          ],
        },
        onError: {
          target: 'pauseConfirming',
          actions: { type: 'assignError', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
    resuming: {
      tags: ['busy'],
      invoke: {
        id: 'resumePlan',
        src: 'resumePlan',
        input: ({ context }) => ({ planId: context.chosenId ?? '' }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignNotice', params: PASTA_PLAN_MESSAGES.resumed },
          ],
        },
        onError: {
          target: 'viewing',
          actions: { type: 'assignError', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
  },
});
