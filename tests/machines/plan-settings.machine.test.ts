import { describe, expect, it } from 'vitest';
import {
  createActor,
  type NonReducibleUnknown,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import { PLAN_SETTINGS_MESSAGES } from '../../domain/plan-settings';
import {
  planSettingsMachine,
  SECTION_SAVED,
  type BoxPreview,
  type PlanSettingsEvent,
  type PreviewInput,
  type SaveInput,
  type SettingsData,
} from '../../machines/plan-settings/plan-settings.machine';
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
import type { StateKeys } from '../../src/flows/flow-types';

type Snapshot = SnapshotFrom<typeof planSettingsMachine>;

const plan = {
  id: '7',
  name: 'Pasta plan',
  state: 'active' as const,
  numberOfRecipes: 2,
  deliveryNote: '',
  dietary: {},
  shippingAddressId: '1',
  billingAddressId: null,
  deliveryDay: 3,
  frequency: 1,
  avoidedIngredients: [],
};
const loaded: SettingsData = {
  plan,
  addresses: [{ id: '1', label: '12 Devonshire Road, London, W4 2HD', isDefault: true }],
  ingredients: [{ id: 'mushrooms', name: 'Mushrooms' }],
};
const threeRecipes: SettingsData = { ...loaded, plan: { ...plan, numberOfRecipes: 3 } };
const noPlan: SettingsData = { ...loaded, plan: null };
const dearer: BoxPreview = { deliveryDate: '2026-12-02', currentPence: 1499, changedPence: 2149 };
const same: BoxPreview = { ...dearer, changedPence: 1499 };
const priceMoved = { status: 409, code: 'price_changed', message: 'Price changed' };

const modelEvents = [
  { type: 'xstate.done.actor.loadSettings', output: loaded },
  { type: 'xstate.done.actor.loadSettings', output: noPlan },
  { type: 'xstate.error.actor.loadSettings', error: { status: 0, code: null, message: null } },
  { type: 'settings.retry' },
  { type: 'section.edit', section: 'recipes' },
  { type: 'edit.cancel' },
  { type: 'section.save', section: 'recipes', change: { numberOfRecipes: 3 } },
  { type: 'section.save', section: 'note', change: { deliveryNote: 'Porch' } },
  { type: 'xstate.done.actor.previewPrice', output: dearer },
  { type: 'xstate.done.actor.previewPrice', output: same },
  { type: 'xstate.error.actor.previewPrice', error: { status: 0, code: null, message: null } },
  { type: 'price.confirm' },
  { type: 'price.cancel' },
  { type: 'xstate.done.actor.saveSettings', output: threeRecipes },
  { type: 'xstate.error.actor.saveSettings', error: priceMoved },
  { type: 'xstate.error.actor.saveSettings', error: { status: 409, code: 'x', message: 'No' } },
] as unknown as PlanSettingsEvent[];

type CallName = 'loadSettings' | 'previewPrice' | 'saveSettings';
type ModelEventType = PlanSettingsEvent['type'] | `xstate.${'done' | 'error'}.actor.${CallName}`;
type Executor = (step: { event: { type: string } }) => Promise<void>;

const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.data.plan?.numberOfRecipes ?? null,
    s.context.editing,
    s.context.pending?.section ?? null,
    s.context.preview?.changedPence ?? null,
    s.context.error !== null,
  ]);

const model = new TestModel(planSettingsMachine, {
  events: modelEvents,
  serializeState: serialize,
  stateMatcher: matchesStateKey,
});

/** One assertion per state: a new state fails to compile until it has one. */
const stateAssertions = {
  loading: (s) => expect(s.hasTag('busy')).toBe(true),
  loadFailed: (s) => expect(s.can({ type: 'settings.retry' })).toBe(true),
  noPlan: (s) => expect(s.context.data.plan).toBeNull(),
  ready: (s) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.pending).toBeNull();
  },
  previewing: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.pending?.section).toBe('recipes');
  },
  // Product rule R10.23: the new price is shown before anything is saved.
  confirmingPrice: (s) => {
    expect(s.context.preview).toEqual(dearer);
    expect(s.context.pending).not.toBeNull();
    expect(s.hasTag('busy')).toBe(false);
  },
  saving: (s) => {
    expect(s.hasTag('busy')).toBe(true);
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
  const send: Executor = async ({ event }) => void actor.send(event as PlanSettingsEvent);
  const call: Executor = ({ event }) => settle(event);
  // A new event or call without its executor fails to compile.
  const events = {
    'settings.retry': send,
    'section.edit': send,
    'edit.cancel': send,
    'section.save': send,
    'price.confirm': send,
    'price.cancel': send,
    'xstate.done.actor.loadSettings': call,
    'xstate.error.actor.loadSettings': call,
    'xstate.done.actor.previewPrice': call,
    'xstate.error.actor.previewPrice': call,
    'xstate.done.actor.saveSettings': call,
    'xstate.error.actor.saveSettings': call,
  } satisfies Record<ModelEventType, Executor>;
  return { actor, events, saves };
}

const paths = transitionPaths(model, modelEvents);

describe('plan settings machine: every generated path', () => {
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
    expect(untakenTransitions(planSettingsMachine, takenEdges(paths))).toEqual([]);
  });
});

describe('plan settings machine: the price is seen before it changes', () => {
  const ready = async () => {
    const harness = createHarness();
    await harness.events['xstate.done.actor.loadSettings']({
      event: { type: 'xstate.done.actor.loadSettings', output: loaded } as { type: string },
    });
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

  it('does not open a cancelled plan for editing', async () => {
    const harness = createHarness();
    await settle(harness, 'xstate.done.actor.loadSettings', {
      output: { ...loaded, plan: { ...plan, state: 'cancelled' } },
    });
    expect(harness.actor.getSnapshot().can({ type: 'section.edit', section: 'note' })).toBe(false);
  });
});
