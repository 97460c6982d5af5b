import { describe, expect, it } from 'vitest';
import type { NonReducibleUnknown, SnapshotFrom, StateValueFrom } from 'xstate';
import type { CancelReason } from '../../domain/cancel-plan';
import { CANCEL_OFFER_MESSAGES, CANCEL_PLAN_MESSAGES } from '../../domain/cancel-plan';
import { PASTA_PLAN_MESSAGES } from '../../domain/pasta-plan';
import {
  chosenWeeks,
  pastaPlanMachine,
  type PlanData,
  type PastaPlanEvent,
} from '../../machines/pasta-plan/pasta-plan.machine';
import {
  afterCancel,
  afterPause,
  modelEvents,
  noPlan,
  plans,
  refused,
  resumeOn,
  serialize,
} from './pasta-plan/events';
import {
  callHarness,
  describeEveryPath,
  pathModel,
  settleCall,
  settledHarness,
  type CallEventType,
  type Executor,
} from './support/path-suite';

type Snapshot = SnapshotFrom<typeof pastaPlanMachine>;

/** Tuesday 24 November 2026: week 2's cut-off (Friday 27th, 12:00) is ahead, week 1's passed. */

type CallName = 'loadPlan' | 'skipWeek' | 'unskipWeek' | 'pausePlan' | 'resumePlan' | 'cancelPlan';
type ModelEventType = PastaPlanEvent['type'] | CallEventType<CallName>;

const model = pathModel(pastaPlanMachine, modelEvents, serialize);

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

const createHarness = callHarness(
  (fake) =>
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
  // A new event or call without its executor fails to compile.
  ({ send, call }) =>
    ({
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
    }) satisfies Record<ModelEventType, Executor>,
);

describeEveryPath('pasta plan machine', {
  machine: pastaPlanMachine,
  model,
  modelEvents,
  createHarness,
  stateAssertions,
});

describe('pasta plan machine: the rules', () => {
  const loaded = (data: PlanData = plans) =>
    settledHarness(createHarness, { type: 'xstate.done.actor.loadPlan', output: data });

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

  it('shows the page for no plan when none is selectable, with the cancelled plan to name (R10.34)', async () => {
    const { actor } = await loaded(noPlan);
    expect(actor.getSnapshot().value).toBe('noPlan');
    expect(actor.getSnapshot().context.endedPlan).toMatchObject({ state: 'cancelled' });
  });

  it('has no ended plan to name while a plan is selectable', async () => {
    const { actor } = await loaded();
    expect(actor.getSnapshot().context.endedPlan).toMatchObject({ state: 'cancelled' });
    expect(actor.getSnapshot().value).toBe('viewing');
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
