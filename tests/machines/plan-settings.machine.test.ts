import { describe, expect, it } from 'vitest';
import {
  createActor,
  type NonReducibleUnknown,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';
import { PLAN_SETTINGS_MESSAGES } from '../../domain/plan-settings';
import {
  planSettingsMachine,
  SECTION_SAVED,
  type BoxPreview,
  type PlanSettingsEvent,
  type PreviewInput,
  type SaveInput,
  type SchedulePreview,
  type SettingsData,
} from '../../machines/plan-settings/plan-settings.machine';
import {
  describeEveryPath,
  harnessExecutors,
  pathModel,
  settleCall,
  type CallEventType,
  type Executor,
} from './support/path-suite';
import { pendingCalls } from './support/pending-calls';
import type { StateKeys } from '../../src/flows/flow-types';
import {
  dearer,
  loaded,
  modelEvents,
  plan,
  priceMoved,
  fridays,
  same,
  serialize,
  threeRecipes,
} from './plan-settings/events';

type Snapshot = SnapshotFrom<typeof planSettingsMachine>;

type CallName = 'loadSettings' | 'previewPrice' | 'previewSchedule' | 'saveSettings';
type ModelEventType = PlanSettingsEvent['type'] | CallEventType<CallName>;

const model = pathModel(planSettingsMachine, modelEvents, serialize);

/** Product rule R10.33: the change's form is locked, and no other section opens meanwhile. */
const expectLocked = (s: Snapshot) => {
  expect(s.hasTag('locked')).toBe(true);
  expect(s.can({ type: 'section.edit', section: 'note' })).toBe(false);
};

/** One assertion per state: a new state fails to compile until it has one. */
const stateAssertions = {
  loading: (s) => expect(s.hasTag('busy')).toBe(true),
  loadFailed: (s) => expect(s.can({ type: 'settings.retry' })).toBe(true),
  noPlan: (s) => expect(s.context.data.plan).toBeNull(),
  ready: (s) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(s.hasTag('locked')).toBe(false);
    expect(s.context.pending).toBeNull();
  },
  previewing: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expectLocked(s);
    expect(s.context.pending?.section).toBe('recipes');
  },
  // Product rule R10.23: the new price is shown before anything is saved.
  confirmingPrice: (s) => {
    expect(s.context.preview).toEqual(dearer);
    expect(s.context.pending).not.toBeNull();
    expect(s.hasTag('busy')).toBe(false);
    expectLocked(s);
  },
  previewingSchedule: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expectLocked(s);
    expect(s.context.pending?.section).toBe('schedule');
  },
  // Product rule R10.32: the first box on the new schedule is shown before anything is saved.
  confirmingSchedule: (s) => {
    expect(s.context.schedulePreview).toEqual(fridays);
    expect(s.context.pending?.section).toBe('schedule');
    expect(s.hasTag('busy')).toBe(false);
    expectLocked(s);
  },
  saving: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expectLocked(s);
    expect(s.context.pending).not.toBeNull();
  },
} satisfies Record<StateKeys<StateValueFrom<typeof planSettingsMachine>>, (s: Snapshot) => void>;

function createHarness(persisted?: unknown) {
  const { fake, settle } = pendingCalls();
  const saves: SaveInput[] = [];
  const actor = createActor(
    planSettingsMachine.provide({
      actors: {
        loadSettings: fake<SettingsData, NonReducibleUnknown>('loadSettings'),
        previewPrice: fake<BoxPreview | null, PreviewInput>('previewPrice'),
        previewSchedule: fake<SchedulePreview, PreviewInput>('previewSchedule'),
        saveSettings: fake<SettingsData, SaveInput>('saveSettings'),
      },
    }),
    persisted ? { snapshot: persisted as Snapshot } : {},
  ).start();
  actor.subscribe((s) => {
    if (s.matches('saving') && s.context.pending)
      saves.push({
        planId: s.context.data.plan?.id ?? '',
        ...s.context.pending,
        boxPricePence: s.context.preview?.changedPence ?? null,
      });
  });
  const { send, call } = harnessExecutors<PlanSettingsEvent>(actor, settle);
  // A new event or call without its executor fails to compile.
  const events = {
    'settings.retry': send,
    'section.edit': send,
    'edit.cancel': send,
    'section.save': send,
    'price.confirm': send,
    'price.cancel': send,
    'schedule.confirm': send,
    'schedule.cancel': send,
    'xstate.done.actor.loadSettings': call,
    'xstate.error.actor.loadSettings': call,
    'xstate.done.actor.previewPrice': call,
    'xstate.error.actor.previewPrice': call,
    'xstate.done.actor.previewSchedule': call,
    'xstate.error.actor.previewSchedule': call,
    'xstate.done.actor.saveSettings': call,
    'xstate.error.actor.saveSettings': call,
  } satisfies Record<ModelEventType, Executor>;
  return { actor, events, saves };
}

describeEveryPath('plan settings machine', {
  machine: planSettingsMachine,
  model,
  modelEvents,
  createHarness,
  stateAssertions,
});

describe('plan settings machine: the price is seen before it changes', () => {
  const ready = async () => {
    const harness = createHarness();
    await settleCall(harness.events, { type: 'xstate.done.actor.loadSettings', output: loaded });
    return harness;
  };
  const settle = (harness: Awaited<ReturnType<typeof ready>>, type: string, payload: object) =>
    harness.events[type as ModelEventType]({ event: { type, ...payload } });

  it('saves at the confirmed price, and confirms the save', async () => {
    const harness = await ready();
    harness.actor.send({
      type: 'section.save',
      section: 'recipes',
      change: { numberOfRecipes: 3 },
    });
    await settle(harness, 'xstate.done.actor.previewPrice', { output: dearer });
    expect(harness.actor.getSnapshot().value).toBe('confirmingPrice');
    harness.actor.send({ type: 'price.confirm' });
    expect(harness.saves.at(-1)).toMatchObject({ section: 'recipes', boxPricePence: 2149 });
    await settle(harness, 'xstate.done.actor.saveSettings', { output: threeRecipes });
    const s = harness.actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context.notice).toBe(SECTION_SAVED.recipes);
    expect(s.context.data.plan?.numberOfRecipes).toBe(3);
  });

  it('asks the price again when the server says it moved', async () => {
    const harness = await ready();
    harness.actor.send({ type: 'section.save', section: 'dietary', change: { dietary: {} } });
    await settle(harness, 'xstate.done.actor.previewPrice', { output: same });
    expect(harness.actor.getSnapshot().value).toBe('saving');
    await settle(harness, 'xstate.error.actor.saveSettings', { error: priceMoved });
    expect(harness.actor.getSnapshot().value).toBe('previewing');
  });

  it('saves a note without asking the price; a refusal shows the server’s words', async () => {
    const harness = await ready();
    harness.actor.send({ type: 'section.save', section: 'note', change: { deliveryNote: 'x' } });
    expect(harness.actor.getSnapshot().value).toBe('saving');
    await settle(harness, 'xstate.error.actor.saveSettings', {
      error: { status: 0, code: null, message: null },
    });
    expect(harness.actor.getSnapshot().context.error).toBe(PLAN_SETTINGS_MESSAGES.saveFailed);
    expect(harness.actor.getSnapshot().context.errorSection).toBe('note');
  });

  it('previews a new schedule and saves it only once confirmed (R10.32)', async () => {
    const harness = await ready();
    const change = { deliveryDay: 5, frequency: 2 };
    harness.actor.send({ type: 'section.save', section: 'schedule', change });
    expect(harness.actor.getSnapshot().value).toBe('previewingSchedule');
    await settle(harness, 'xstate.done.actor.previewSchedule', { output: fridays });
    expect(harness.actor.getSnapshot().value).toBe('confirmingSchedule');
    expect(harness.saves).toEqual([]);

    harness.actor.send({ type: 'schedule.cancel' });
    expect(harness.actor.getSnapshot().value).toBe('ready');
    expect(harness.actor.getSnapshot().context.schedulePreview).toBeNull();
    expect(harness.saves).toEqual([]);

    harness.actor.send({ type: 'section.save', section: 'schedule', change });
    await settle(harness, 'xstate.done.actor.previewSchedule', { output: fridays });
    harness.actor.send({ type: 'schedule.confirm' });
    expect(harness.saves).toEqual([
      { planId: plan.id, section: 'schedule', change, boxPricePence: null },
    ]);
  });

  it('shows the server’s words when the schedule preview is refused', async () => {
    const harness = await ready();
    harness.actor.send({
      type: 'section.save',
      section: 'schedule',
      change: { deliveryDay: 5, frequency: 2 },
    });
    await settle(harness, 'xstate.error.actor.previewSchedule', {
      error: { status: 409, code: 'subscription_cancelled', message: 'This plan is cancelled.' },
    });
    const s = harness.actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context.error).toBe('This plan is cancelled.');
    expect(s.context.errorSection).toBe('schedule');
  });

  it('does not open a cancelled plan for editing', async () => {
    const harness = createHarness();
    await settle(harness, 'xstate.done.actor.loadSettings', {
      output: { ...loaded, plan: { ...plan, state: 'cancelled' } },
    });
    expect(harness.actor.getSnapshot().can({ type: 'section.edit', section: 'note' })).toBe(false);
  });
});
