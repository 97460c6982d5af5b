import type { SnapshotFrom } from 'xstate';
import { PASTA_PLAN_MESSAGES } from '../../../domain/pasta-plan';
import {
  pastaPlanMachine,
  type Plan,
  type PlanData,
  type PlanWeek,
  type PastaPlanEvent,
} from '../../../machines/pasta-plan/pasta-plan.machine';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof pastaPlanMachine>;

export const now = '2026-11-24T06:00:00.000Z';
export const schedule = { deliveryDay: 3, firstDelivery: '2026-11-25', frequency: 1 };
export const weekly: Plan = {
  id: '1',
  name: 'Pasta plan',
  state: 'active',
  numberOfRecipes: 2,
  resumeOn: null,
  hasOrders: true,
  schedule,
};
export const pausedPlan: Plan = { ...weekly, id: '2', name: 'Second plan', state: 'paused' };
export const cancelledPlan: Plan = { ...weekly, id: '3', state: 'cancelled' };
export const week = (id: string, deliveryDate: string, billingDate: string): PlanWeek => ({
  id,
  subscriptionId: '1',
  deliveryDate,
  billingDate,
  state: 'active',
  orderId: null,
  recipes: [],
});
export const ordered = { ...week('11', '2026-11-25', '2026-11-20T12:00:00.000Z'), orderId: '90' };
export const open = week('12', '2026-12-02', '2026-11-27T12:00:00.000Z');
export const skipped = {
  ...week('13', '2026-12-09', '2026-12-04T12:00:00.000Z'),
  state: 'skipped' as const,
};
export const plans: PlanData = {
  plans: [weekly, pausedPlan, cancelledPlan],
  weeks: [ordered, open, skipped],
  now,
};
export const noPlan: PlanData = { plans: [cancelledPlan], weeks: [], now };
export const resumeOn = '2026-12-16';
export const afterPause: PlanData = {
  ...plans,
  plans: [{ ...weekly, state: 'paused', resumeOn }, pausedPlan],
};
export const refused = { status: 409, message: PASTA_PLAN_MESSAGES.tooLate };
/** After cancelling plan 1: it is no longer selectable; its ordered week is still delivered. */
export const afterCancel: PlanData = {
  ...plans,
  plans: [{ ...weekly, state: 'cancelled' }, pausedPlan],
  weeks: [ordered, { ...open, state: 'skipped' }, skipped],
};

export const modelEvents = [
  { type: 'xstate.done.actor.loadPlan', output: plans },
  { type: 'xstate.done.actor.loadPlan', output: noPlan },
  { type: 'xstate.error.actor.loadPlan', error: { status: 0, message: null } },
  { type: 'plan.retry' },
  { type: 'plan.choose', planId: '2' },
  { type: 'plan.choose', planId: '3' },
  { type: 'week.skip', weekId: '12' },
  { type: 'week.skip', weekId: '11' },
  { type: 'week.unskip', weekId: '13' },
  { type: 'xstate.done.actor.skipWeek', output: plans },
  { type: 'xstate.error.actor.skipWeek', error: refused },
  { type: 'xstate.done.actor.unskipWeek', output: plans },
  { type: 'xstate.error.actor.unskipWeek', error: refused },
  { type: 'pause.start' },
  { type: 'pause.choose', until: null },
  { type: 'pause.choose', until: resumeOn },
  { type: 'pause.choose', until: '' },
  { type: 'pause.confirm' },
  { type: 'pause.back' },
  { type: 'pause.cancel' },
  { type: 'xstate.done.actor.pausePlan', output: afterPause },
  { type: 'xstate.error.actor.pausePlan', error: { status: 400, message: 'Choose another date' } },
  { type: 'plan.resume' },
  { type: 'xstate.done.actor.resumePlan', output: plans },
  { type: 'xstate.error.actor.resumePlan', error: { status: 0, message: null } },
  { type: 'cancel.start' },
  { type: 'cancel.reason', reason: 'too_expensive', note: '' },
  { type: 'cancel.reason', reason: 'other', note: ' ' },
  { type: 'cancel.reason', reason: null, note: '' },
  { type: 'cancel.skipInstead' },
  { type: 'cancel.pauseInstead' },
  { type: 'cancel.continue' },
  { type: 'cancel.confirm' },
  { type: 'cancel.back' },
  { type: 'cancel.keep' },
  { type: 'cancel.done' },
  { type: 'xstate.done.actor.cancelPlan', output: afterCancel },
  { type: 'xstate.error.actor.cancelPlan', error: { status: 0, message: null } },
] as unknown as PastaPlanEvent[];
export const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.chosenId,
    s.context.plans.find((p) => p.id === s.context.chosenId)?.state,
    s.context.resumeOn,
    s.context.error !== null,
    s.context.cancelReason,
    s.context.cancelled?.plan.id,
  ]);

export const pathModel = {
  machine: pastaPlanMachine,
  entries: [{ name: 'the pasta plan page', input: undefined }],
  events: modelEvents,
  serializeState: serialize,
  tooManySimplePaths: 'too many to list; its test walks the shortest path to each transition',
} satisfies PathModel<Snapshot, PastaPlanEvent, undefined>;
