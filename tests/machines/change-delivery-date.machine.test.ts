import { describe, expect, it } from 'vitest';
import type { SnapshotFrom, StateValueFrom } from 'xstate';
import { SCHEDULE_WEEK_MESSAGES } from '../../domain/schedule-week';
import {
  changeDeliveryDateMachine,
  type ChangeDeliveryDateEvent,
  type DeliveryDateData,
} from '../../machines/change-delivery-date/change-delivery-date.machine';
import {
  callHarness,
  describeEveryPath,
  pathModel,
  settleCall,
  type CallEventType,
  type Executor,
} from './support/path-suite';
import { modelEvents, serialize, week } from './change-delivery-date/events';

type Snapshot = SnapshotFrom<typeof changeDeliveryDateMachine>;

const model = pathModel(changeDeliveryDateMachine, modelEvents, serialize, { weekId: '12' });

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

type CallName = 'loadWeek' | 'saveDate';
type ModelEventType = ChangeDeliveryDateEvent['type'] | CallEventType<CallName>;

const createHarness = callHarness(
  (fake) =>
    changeDeliveryDateMachine.provide({
      actors: {
        loadWeek: fake<DeliveryDateData, { weekId: string }>('loadWeek'),
        saveDate: fake<DeliveryDateData, { weekId: string; date: string }>('saveDate'),
      },
    }),
  // A new event or call without its executor fails to compile.
  ({ send, call }) =>
    ({
      'day.choose': send,
      'date.save': send,
      'week.retry': send,
      'xstate.done.actor.loadWeek': call,
      'xstate.error.actor.loadWeek': call,
      'xstate.done.actor.saveDate': call,
      'xstate.error.actor.saveDate': call,
    }) satisfies Record<ModelEventType, Executor>,
  { weekId: '12' },
);

describeEveryPath('change delivery date machine', {
  machine: changeDeliveryDateMachine,
  model,
  modelEvents,
  createHarness,
  stateAssertions,
});

describe('change delivery date machine: the rules', () => {
  it('refuses a closed day and saving the same day, saying why', async () => {
    const { events, actor } = createHarness();
    await settleCall(events, { type: 'xstate.done.actor.loadWeek', output: week });
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
