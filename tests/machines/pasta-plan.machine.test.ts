import { describe, expect, it } from 'vitest';
import {
  createActor,
  type NonReducibleUnknown,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import type { CancelReason } from '../../domain/cancel-plan';
import { CANCEL_OFFER_MESSAGES, CANCEL_PLAN_MESSAGES } from '../../domain/cancel-plan';
import { PASTA_PLAN_MESSAGES } from '../../domain/pasta-plan';
import {
  chosenWeeks,
  pastaPlanMachine,
  type Plan,
  type PlanData,
  type PlanWeek,
  type PastaPlanEvent,
} from '../../machines/pasta-plan/pasta-plan.machine';
import { matchesStateKey } from './support/model-paths';
import { pendingCalls } from './support/pending-calls';
import {
  describeEveryPath,
  harnessExecutors,
  settleCall,
  type CallEventType,
  type Executor,
} from './support/path-suite';

type Snapshot = SnapshotFrom<typeof pastaPlanMachine>;

/** Tuesday 24 November 2026: week 2's cut-off (Friday 27th, 12:00) is ahead, week 1's passed. */
const now = '2026-11-24T06:00:00.000Z';
const schedule = { deliveryDay: 3, firstDelivery: '2026-11-25', frequency: 1 };
const weekly: Plan = {
  id: '1',
  name: 'Pasta plan',
  state: 'active',
  numberOfRecipes: 2,
  resumeOn: null,
  hasOrders: true,
  schedule,
};
const pausedPlan: Plan = { ...weekly, id: '2', name: 'Second plan', state: 'paused' };
const cancelledPlan: Plan = { ...weekly, id: '3', state: 'cancelled' };
const week = (id: string, deliveryDate: string, billingDate: string): PlanWeek => ({
  id,
  subscriptionId: '1',
  deliveryDate,
  billingDate,
  state: 'active',
  orderId: null,
  recipes: [],
});
const ordered = { ...week('11', '2026-11-25', '2026-11-20T12:00:00.000Z'), orderId: '90' };
const open = week('12', '2026-12-02', '2026-11-27T12:00:00.000Z');
const skipped = {
  ...week('13', '2026-12-09', '2026-12-04T12:00:00.000Z'),
  state: 'skipped' as const,
};
const plans: PlanData = {
  plans: [weekly, pausedPlan, cancelledPlan],
  weeks: [ordered, open, skipped],
  now,
};
const noPlan: PlanData = { plans: [cancelledPlan], weeks: [], now };
const resumeOn = '2026-12-16';
const afterPause: PlanData = {
  ...plans,
  plans: [{ ...weekly, state: 'paused', resumeOn }, pausedPlan],
};
const refused = { status: 409, message: PASTA_PLAN_MESSAGES.tooLate };
/** After cancelling plan 1: it is no longer selectable; its ordered week is still delivered. */
const afterCancel: PlanData = {
  ...plans,
  plans: [{ ...weekly, state: 'cancelled' }, pausedPlan],
  weeks: [ordered, { ...open, state: 'skipped' }, skipped],
};

const modelEvents = [
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

type CallName = 'loadPlan' | 'skipWeek' | 'unskipWeek' | 'pausePlan' | 'resumePlan' | 'cancelPlan';
type ModelEventType = PastaPlanEvent['type'] | CallEventType<CallName>;

const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.chosenId,
    s.context.plans.find((p) => p.id === s.context.chosenId)?.state,
    s.context.resumeOn,
    s.context.error !== null,
    s.context.cancelReason,
    s.context.cancelled?.plan.id,
  ]);

const model = new TestModel(pastaPlanMachine, {
  events: modelEvents,
  serializeState: serialize,
  stateMatcher: matchesStateKey,
});

/** One assertion per state the plan rests in: a new state fails to compile until it has one. */
const stateAssertions = {
  loading: (s) => expect(s.hasTag('busy')).toBe(true),
  loadFailed: (s) => expect(s.can({ type: 'plan.retry' })).toBe(true),
  noPlan: (s) => expect(s.context.plans).toEqual([]),
  viewing: (s) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.plans.map((p) => p.id)).not.toContain('3');
    expect(chosenWeeks(s.context).every((w) => w.subscriptionId === s.context.chosenId)).toBe(true);
    // The week whose cut-off passed cannot be skipped (product rule R10.5).
    expect(s.can({ type: 'week.skip', weekId: '11' })).toBe(false);
  },
  skipping: (s) => expect(s.hasTag('busy')).toBe(true),
  unskipping: (s) => expect(s.hasTag('busy')).toBe(true),
  pauseChoosing: (s) => expect(s.can({ type: 'pause.cancel' })).toBe(true),
  pauseConfirming: (s) => expect([null, resumeOn]).toContain(s.context.resumeOn),
  pausing: (s) => expect(s.hasTag('busy')).toBe(true),
  resuming: (s) => expect(s.hasTag('busy')).toBe(true),
  cancelReason: (s) => expect(s.can({ type: 'cancel.keep' })).toBe(true),
  cancelOffers: (s) => expect(s.context.cancelReason).toBe('too_expensive'),
  skippingInstead: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.weekId).toBe('12');
  },
  pausingInstead: (s) => expect(s.hasTag('busy')).toBe(true),
  cancelConfirming: (s) => expect(s.can({ type: 'cancel.confirm' })).toBe(true),
  cancelling: (s) => expect(s.hasTag('busy')).toBe(true),
  cancelled: (s) => {
    // Product rule R10.18: the cancelled plan is shown, with its ordered week still delivered.
    const { plan, stillDelivered } = s.context.cancelled!;
    expect(stillDelivered.every((w) => w.subscriptionId === plan.id && w.orderId)).toBe(true);
    expect(s.can({ type: 'pause.start' })).toBe(false);
  },
} satisfies Record<StateValueFrom<typeof pastaPlanMachine>, (s: Snapshot) => void>;

function createHarness(persisted?: unknown) {
  const { fake, settle } = pendingCalls();
  const actor = createActor(
    pastaPlanMachine.provide({
      actors: {
        loadPlan: fake<PlanData, NonReducibleUnknown>('loadPlan'),
        skipWeek: fake<PlanData, { weekId: string }>('skipWeek'),
        unskipWeek: fake<PlanData, { weekId: string }>('unskipWeek'),
        pausePlan: fake<PlanData, { planId: string; resumeOn: string | null }>('pausePlan'),
        resumePlan: fake<PlanData, { planId: string }>('resumePlan'),
        cancelPlan: fake<PlanData, { planId: string; reason: CancelReason; note: string | null }>(
          'cancelPlan',
        ),
      },
    }),
    persisted ? { snapshot: persisted as Snapshot } : {},
  ).start();
  const { send, call } = harnessExecutors<PastaPlanEvent>(actor, settle);
  // A new event or call without its executor fails to compile.
  const events = {
    'plan.choose': send,
    'plan.retry': send,
    'plan.resume': send,
    'week.skip': send,
    'week.unskip': send,
    'pause.start': send,
    'pause.choose': send,
    'pause.confirm': send,
    'pause.back': send,
    'pause.cancel': send,
    'cancel.start': send,
    'cancel.reason': send,
    'cancel.skipInstead': send,
    'cancel.pauseInstead': send,
    'cancel.continue': send,
    'cancel.confirm': send,
    'cancel.back': send,
    'cancel.keep': send,
    'cancel.done': send,
    'xstate.done.actor.loadPlan': call,
    'xstate.error.actor.loadPlan': call,
    'xstate.done.actor.skipWeek': call,
    'xstate.error.actor.skipWeek': call,
    'xstate.done.actor.unskipWeek': call,
    'xstate.error.actor.unskipWeek': call,
    'xstate.done.actor.pausePlan': call,
    'xstate.error.actor.pausePlan': call,
    'xstate.done.actor.resumePlan': call,
    'xstate.error.actor.resumePlan': call,
    'xstate.done.actor.cancelPlan': call,
    'xstate.error.actor.cancelPlan': call,
  } satisfies Record<ModelEventType, Executor>;
  return { actor, events };
}

describeEveryPath('pasta plan machine', {
  machine: pastaPlanMachine,
  model,
  modelEvents,
  createHarness,
  stateAssertions,
});

describe('pasta plan machine: the rules', () => {
  const loaded = async (data: PlanData = plans) => {
    const { actor, events } = createHarness();
    await settleCall(events, { type: 'xstate.done.actor.loadPlan', output: data });
    return { actor, events };
  };

  it('offers only selectable plans, the first chosen, and its weeks', async () => {
    const { actor } = await loaded();
    const { context } = actor.getSnapshot();
    expect(context.plans.map((p) => p.id)).toEqual(['1', '2']);
    expect(context.chosenId).toBe('1');
    expect(chosenWeeks(context).map((w) => w.id)).toEqual(['11', '12', '13']);
  });

  it('skips only an active week before its cut-off, unskips only a skipped one', async () => {
    const { actor } = await loaded();
    const s = actor.getSnapshot();
    expect(s.can({ type: 'week.skip', weekId: '12' })).toBe(true);
    expect(s.can({ type: 'week.skip', weekId: '11' })).toBe(false);
    expect(s.can({ type: 'week.skip', weekId: '13' })).toBe(false);
    expect(s.can({ type: 'week.unskip', weekId: '13' })).toBe(true);
    expect(s.can({ type: 'week.unskip', weekId: '12' })).toBe(false);
  });

  it('shows the server’s words when a skip is refused, and the plan stays as it was', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'week.skip', weekId: '12' });
    expect(actor.getSnapshot().value).toBe('skipping');
    await settleCall(events, { type: 'xstate.error.actor.skipWeek', error: refused });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.error).toBe(PASTA_PLAN_MESSAGES.tooLate);
  });

  it('asks for a resume date when "until a date" has none, and only offers the plan’s weeks', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'pause.start' });
    actor.send({ type: 'pause.choose', until: '' });
    expect(actor.getSnapshot().context.error).toBe(PASTA_PLAN_MESSAGES.chooseResumeDate);
    actor.send({ type: 'pause.choose', until: '2026-12-17' });
    expect(actor.getSnapshot().value).toBe('pauseChoosing');
    actor.send({ type: 'pause.choose', until: resumeOn });
    expect(actor.getSnapshot()).toMatchObject({
      value: 'pauseConfirming',
      context: { resumeOn, error: null },
    });
  });

  it('confirms a pause with a toast message, then offers resume instead of pause', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'pause.start' });
    actor.send({ type: 'pause.choose', until: resumeOn });
    actor.send({ type: 'pause.confirm' });
    await settleCall(events, { type: 'xstate.done.actor.pausePlan', output: afterPause });
    const s = actor.getSnapshot();
    expect(s.context).toMatchObject({ notice: PASTA_PLAN_MESSAGES.paused, noticeId: 1 });
    expect(s.can({ type: 'plan.resume' })).toBe(true);
    expect(s.can({ type: 'pause.start' })).toBe(true);
  });

  it('shows the page for no plan when none is selectable', async () => {
    const { actor } = await loaded(noPlan);
    expect(actor.getSnapshot().value).toBe('noPlan');
  });

  it('asks why before cancelling, and insists on the customer’s words for "other"', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.reason', reason: null, note: '' });
    expect(actor.getSnapshot().context.error).toBe(CANCEL_PLAN_MESSAGES.chooseReason);
    actor.send({ type: 'cancel.reason', reason: 'other', note: '  ' });
    expect(actor.getSnapshot()).toMatchObject({
      value: 'cancelReason',
      context: { error: CANCEL_PLAN_MESSAGES.describeOther },
    });
    actor.send({ type: 'cancel.reason', reason: 'other', note: ' Going vegan ' });
    expect(actor.getSnapshot()).toMatchObject({
      value: 'cancelOffers',
      context: { cancelReason: 'other', cancelNote: 'Going vegan', error: null },
    });
  });

  it('skips the next changeable week instead, and the plan stays active', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.reason', reason: 'too_much_food', note: '' });
    actor.send({ type: 'cancel.skipInstead' });
    expect(actor.getSnapshot().context.weekId).toBe('12');
    await settleCall(events, { type: 'xstate.done.actor.skipWeek', output: plans });
    expect(actor.getSnapshot()).toMatchObject({
      value: 'viewing',
      context: { notice: CANCEL_OFFER_MESSAGES.skippedInstead, cancelReason: null },
    });
  });

  it('offers no pause instead for a plan already paused', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'plan.choose', planId: '2' });
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.reason', reason: 'moving', note: '' });
    expect(actor.getSnapshot().can({ type: 'cancel.pauseInstead' })).toBe(false);
  });

  it('cancels after confirming, shows the cancelled plan, then reloads without it', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.reason', reason: 'moving', note: 'ignored' });
    actor.send({ type: 'cancel.continue' });
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().value).toBe('cancelling');
    await settleCall(events, { type: 'xstate.done.actor.cancelPlan', output: afterCancel });
    const s = actor.getSnapshot();
    expect(s.value).toBe('cancelled');
    expect(s.context.notice).toBe(CANCEL_PLAN_MESSAGES.cancelled);
    expect(s.context.cancelled?.plan.state).toBe('cancelled');
    expect(s.context.cancelled?.stillDelivered.map((w) => w.id)).toEqual(['11']);
    expect(s.context.plans.map((p) => p.id)).toEqual(['2']);
    actor.send({ type: 'cancel.done' });
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('shows the server’s words when cancelling fails, to try again', async () => {
    const { actor, events } = await loaded();
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.reason', reason: 'moving', note: '' });
    actor.send({ type: 'cancel.continue' });
    actor.send({ type: 'cancel.confirm' });
    await settleCall(events, {
      type: 'xstate.error.actor.cancelPlan',
      error: { status: 409, message: 'Nope' },
    });
    expect(actor.getSnapshot()).toMatchObject({
      value: 'cancelConfirming',
      context: { error: 'Nope' },
    });
  });
});
