import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom, type StateValueFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SCHEDULE_WEEK_MESSAGES } from '../../domain/schedule-week';
import {
  changeDeliveryDateMachine,
  type ChangeDeliveryDateEvent,
  type DeliveryDateData,
} from '../../machines/change-delivery-date/change-delivery-date.machine';
import {
  matchesStateKey,
  stateKey,
  takenEdges,
  transitionPaths,
  untakenTransitions,
  walkPaths,
  WALK_TIMEOUT_MS,
} from './support/model-paths';
import { pendingCalls } from './support/pending-calls';

type Snapshot = SnapshotFrom<typeof changeDeliveryDateMachine>;

const week: DeliveryDateData = {
  weekId: '12',
  deliveryDate: '2026-12-02',
  changeable: true,
  days: [
    { date: '2026-11-30', available: true },
    { date: '2026-12-01', available: false, reason: 'No deliveries on this day' },
    { date: '2026-12-02', available: true },
    { date: '2026-12-06', available: false, reason: 'No deliveries on Sundays' },
  ],
};
const closed: DeliveryDateData = { ...week, changeable: false, days: [] };

const modelEvents = [
  { type: 'xstate.done.actor.loadWeek', output: week },
  { type: 'xstate.done.actor.loadWeek', output: closed },
  { type: 'xstate.error.actor.loadWeek', error: { status: 0, message: null } },
  { type: 'week.retry' },
  { type: 'day.choose', date: '2026-11-30' },
  { type: 'day.choose', date: '2026-12-01' },
  { type: 'date.save' },
  { type: 'xstate.done.actor.saveDate', output: { ...week, deliveryDate: '2026-11-30' } },
  { type: 'xstate.error.actor.saveDate', error: { status: 409, message: 'too late' } },
  { type: 'xstate.error.actor.saveDate', error: { status: 400, message: 'Choose another' } },
] as unknown as ChangeDeliveryDateEvent[];

const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.chosen, s.context.error !== null]);

const model = new TestModel(changeDeliveryDateMachine, {
  input: { weekId: '12' },
  events: modelEvents,
  serializeState: serialize,
  stateMatcher: matchesStateKey,
});

const stateAssertions = {
  loading: (s) => expect(s.context.data).toBeNull(),
  loadFailed: (s) => expect(s.can({ type: 'week.retry' })).toBe(true),
  choosing: (s) => {
    // Only an available day of the week is ever chosen (product rule R10.25).
    expect(['2026-11-30', '2026-12-02']).toContain(s.context.chosen);
  },
  saving: (s) => expect(s.context.chosen).toBe('2026-11-30'),
  tooLate: (s) => expect(s.can({ type: 'date.save' })).toBe(false),
  saved: (s) => expect(s.status).toBe('done'),
} satisfies Record<StateValueFrom<typeof changeDeliveryDateMachine>, (s: Snapshot) => void>;

function createHarness(persisted?: unknown) {
  const { fake, executorsFor } = pendingCalls();
  const actor = createActor(
    changeDeliveryDateMachine.provide({
      actors: {
        loadWeek: fake<DeliveryDateData, { weekId: string }>('loadWeek'),
        saveDate: fake<DeliveryDateData, { weekId: string; date: string }>('saveDate'),
      },
    }),
    persisted
      ? { snapshot: persisted as Snapshot, input: { weekId: '12' } }
      : { input: { weekId: '12' } },
  ).start();
  const events = executorsFor([...new Set(modelEvents.map((e) => e.type as string))], (event) =>
    actor.send(event as ChangeDeliveryDateEvent),
  );
  return { actor, events };
}

const paths = transitionPaths(model, modelEvents);

describe('change delivery date machine: every generated path', () => {
  it(
    `walks ${paths.length} paths, one per transition`,
    async () => {
      await walkPaths(paths, (persisted) => createHarness(persisted), stateAssertions);
    },
    WALK_TIMEOUT_MS,
  );

  it('reaches every state (coverage guard)', () => {
    const reached = new Set(
      paths.flatMap((p) => p.steps.map((step) => stateKey(step.state.value))),
    );
    expect([...reached].sort()).toEqual(Object.keys(stateAssertions).sort());
  });

  it('takes every transition (coverage guard)', () => {
    expect(untakenTransitions(changeDeliveryDateMachine, takenEdges(paths))).toEqual([]);
  });
});

describe('change delivery date machine: the rules', () => {
  it('refuses a closed day and saving the same day, saying why', async () => {
    const { events, actor } = createHarness();
    await events['xstate.done.actor.loadWeek']!({
      event: { type: 'xstate.done.actor.loadWeek', output: week } as { type: string },
    });
    actor.send({ type: 'day.choose', date: '2026-12-01' });
    expect(actor.getSnapshot().context).toMatchObject({
      chosen: '2026-12-02',
      error: SCHEDULE_WEEK_MESSAGES.dateUnavailable,
    });
    actor.send({ type: 'date.save' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBe(SCHEDULE_WEEK_MESSAGES.chooseDate);
  });
});
