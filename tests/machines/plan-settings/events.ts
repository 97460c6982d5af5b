import type { SnapshotFrom } from 'xstate';
import {
  planSettingsMachine,
  type BoxPreview,
  type PlanSettingsEvent,
  type SchedulePreview,
  type SettingsData,
} from '../../../machines/plan-settings/plan-settings.machine';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof planSettingsMachine>;

export const plan = {
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
export const loaded: SettingsData = {
  plan,
  addresses: [{ id: '1', label: '12 Devonshire Road, London, W4 2HD', isDefault: true }],
  ingredients: [{ id: 'mushrooms', name: 'Mushrooms' }],
};
export const threeRecipes: SettingsData = { ...loaded, plan: { ...plan, numberOfRecipes: 3 } };
export const noPlan: SettingsData = { ...loaded, plan: null };
export const dearer: BoxPreview = {
  deliveryDate: '2026-12-02',
  currentPence: 1499,
  changedPence: 2149,
};
export const same: BoxPreview = { ...dearer, changedPence: 1499 };
/** Product rule R10.32: Fridays every 2 weeks, the chosen week 2 dropped. */
export const fridays: SchedulePreview = {
  current: {
    deliveryDate: '2026-12-02',
    billingDate: '2026-11-27T12:00:00.000Z',
    pricePence: 1499,
    deliveryPence: 399,
    picked: true,
  },
  changed: {
    deliveryDate: '2026-12-11',
    billingDate: '2026-12-04T12:00:00.000Z',
    pricePence: 1599,
    deliveryPence: 499,
    picked: false,
  },
  moves: [{ from: '2026-12-02', to: null, picked: true, skipped: false }],
};
export const priceMoved = { status: 409, code: 'price_changed', message: 'Price changed' };

export const modelEvents = [
  { type: 'xstate.done.actor.loadSettings', output: loaded },
  { type: 'xstate.done.actor.loadSettings', output: noPlan },
  { type: 'xstate.error.actor.loadSettings', error: { status: 0, code: null, message: null } },
  { type: 'settings.retry' },
  { type: 'section.edit', section: 'recipes' },
  { type: 'edit.cancel' },
  { type: 'section.save', section: 'recipes', change: { numberOfRecipes: 3 } },
  { type: 'section.save', section: 'note', change: { deliveryNote: 'Porch' } },
  { type: 'section.save', section: 'schedule', change: { deliveryDay: 5, frequency: 2 } },
  { type: 'xstate.done.actor.previewSchedule', output: fridays },
  { type: 'xstate.error.actor.previewSchedule', error: { status: 409, code: 'x', message: 'No' } },
  { type: 'schedule.confirm' },
  { type: 'schedule.cancel' },
  { type: 'xstate.done.actor.previewPrice', output: dearer },
  { type: 'xstate.done.actor.previewPrice', output: same },
  { type: 'xstate.error.actor.previewPrice', error: { status: 0, code: null, message: null } },
  { type: 'price.confirm' },
  { type: 'price.cancel' },
  { type: 'xstate.done.actor.saveSettings', output: threeRecipes },
  { type: 'xstate.error.actor.saveSettings', error: priceMoved },
  { type: 'xstate.error.actor.saveSettings', error: { status: 409, code: 'x', message: 'No' } },
] as unknown as PlanSettingsEvent[];
export const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.data.plan?.numberOfRecipes ?? null,
    s.context.editing,
    s.context.pending?.section ?? null,
    s.context.preview?.changedPence ?? null,
    s.context.schedulePreview !== null,
    s.context.error !== null,
  ]);

export const pathModel = {
  machine: planSettingsMachine,
  entries: [{ name: 'the plan settings page', input: undefined }],
  events: modelEvents,
  serializeState: serialize,
  tooManySimplePaths: 'too many to list; its test walks the shortest path to each transition',
} satisfies PathModel<Snapshot, PlanSettingsEvent, undefined>;
