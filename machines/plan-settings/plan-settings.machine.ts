import { assign, setup } from 'xstate';
import { PLAN_SETTINGS_MESSAGES } from '../../domain/plan-settings';
import { unprovided } from '../shared/unprovided-actor';
import type {
  BoxPreview,
  PendingSave,
  PreviewInput,
  SaveInput,
  SchedulePreview,
  SettingsData,
  SettingsFailure,
  SettingsSection,
} from './plan-settings.types';

export type * from './plan-settings.types';

export interface PlanSettingsContext {
  data: SettingsData;
  /** The section open for editing. */
  editing: SettingsSection | null;
  /** The change being checked or saved. */
  pending: PendingSave | null;
  /** The next box's price now and with the pending change (product rule R10.23). */
  preview: BoxPreview | null;
  /** What the pending delivery day or frequency would do (product rule R10.32). */
  schedulePreview: SchedulePreview | null;
  /** The refusal shown in the section's error summary, and its section. */
  error: string | null;
  errorSection: SettingsSection | null;
  /** A done save's confirmation; `noticeId` changes with each, so a repeat shows again. */
  notice: string | null;
  noticeId: number;
}

export type PlanSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'section.edit'; section: SettingsSection }
  | { type: 'edit.cancel' }
  | ({ type: 'section.save' } & PendingSave)
  | { type: 'price.confirm' }
  | { type: 'price.cancel' }
  | { type: 'schedule.confirm' }
  | { type: 'schedule.cancel' };

/** Product rule R10.23: sections whose change can alter the price of the next box. */
export const PRICED_SECTIONS: readonly SettingsSection[] = ['recipes', 'dietary', 'ingredients'];

export const SECTION_SAVED: Record<SettingsSection, string> = {
  recipes: 'Your number of recipes is saved.',
  schedule: 'Your delivery day and frequency are saved.',
  dietary: 'Your dietary preferences are saved.',
  ingredients: 'Your ingredient preferences are saved.',
  note: 'Your delivery note is saved.',
  addresses: 'Your addresses are saved.',
};

const failureOf = (error: unknown): SettingsFailure =>
  (error as SettingsFailure | undefined) ?? { status: 0, code: null, message: null };

/**
 * The chosen plan's settings (/account/pasta-plan/settings, product rules R10.19-R10.23): each
 * section (recipes, delivery day and frequency, dietary flags, ingredients to avoid, delivery
 * note, addresses) is edited and saved on its own. A change to the recipes, flags or ingredients
 * first asks the next box's price with and without it: when it differs the customer sees the new
 * price per box and confirms before anything is saved, and the save carries that price (the
 * server refuses a price the customer did not see; then the price is asked again). A new delivery
 * day or frequency is first previewed by the server's own re-planning (product rule R10.32): the
 * customer sees the first box on the new schedule, its fee and the chosen weeks that move, and
 * confirms or goes back. From the check to the save the change is `locked`: its form cannot be
 * edited, so what is confirmed and saved is what the customer sees (product rule R10.33).
 */
export const planSettingsMachine = setup({
  types: {
    context: {} as PlanSettingsContext,
    events: {} as PlanSettingsEvent,
  },
  actors: {
    loadSettings: unprovided<SettingsData>('loadSettings'),
    previewPrice: unprovided<BoxPreview | null, PreviewInput>('previewPrice'),
    previewSchedule: unprovided<SchedulePreview, PreviewInput>('previewSchedule'),
    saveSettings: unprovided<SettingsData, SaveInput>('saveSettings'),
  },
  guards: {
    hasPlan: (_, data: SettingsData) => data.plan !== null,
    isChangeable: ({ context }) =>
      context.data.plan !== null && context.data.plan.state !== 'cancelled',
    isPriced: (_, section: SettingsSection) => PRICED_SECTIONS.includes(section),
    isSchedule: (_, section: SettingsSection) => section === 'schedule',
    priceChanges: (_, preview: BoxPreview | null) =>
      preview !== null && preview.changedPence !== preview.currentPence,
    isPriceChanged: ({ context }, failure: SettingsFailure) =>
      failure.status === 409 &&
      failure.code === 'price_changed' &&
      context.pending !== null &&
      PRICED_SECTIONS.includes(context.pending.section),
  },
  actions: {
    assignData: assign({ data: (_, data: SettingsData) => data }),
    assignEditing: assign({ editing: (_, section: SettingsSection | null) => section }),
    assignPending: assign({ pending: (_, pending: PendingSave | null) => pending }),
    assignPreview: assign({ preview: (_, preview: BoxPreview | null) => preview }),
    assignSchedulePreview: assign({
      schedulePreview: (_, preview: SchedulePreview | null) => preview,
    }),
    clearMessages: assign({ error: null, errorSection: null, notice: null }),
    assignError: assign({
      error: (_, message: string) => message,
      errorSection: ({ context }) => context.pending?.section ?? null,
    }),
    assignSaved: assign({
      notice: ({ context }) => (context.pending ? SECTION_SAVED[context.pending.section] : null),
      noticeId: ({ context }) => context.noticeId + 1,
      pending: null,
      preview: null,
      schedulePreview: null,
      editing: null,
    }),
    forgetPending: assign({ pending: null, preview: null, schedulePreview: null }),
  },
}).createMachine({
  id: 'planSettings',
  context: {
    data: { plan: null, addresses: [], ingredients: [] },
    editing: null,
    pending: null,
    preview: null,
    schedulePreview: null,
    error: null,
    errorSection: null,
    notice: null,
    noticeId: 0,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: [
          {
            guard: { type: 'hasPlan', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'assignData', params: ({ event }) => event.output },
          },
          { target: 'noPlan' },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'settings.retry': { target: 'loading' } },
    },
    noPlan: {},
    ready: {
      on: {
        'section.edit': {
          guard: 'isChangeable',
          actions: [
            'clearMessages',
            { type: 'assignEditing', params: ({ event }) => event.section },
          ],
        },
        'edit.cancel': {
          actions: ['clearMessages', { type: 'assignEditing', params: null }],
        },
        'section.save': [
          {
            guard: { type: 'isSchedule', params: ({ event }) => event.section },
            target: 'previewingSchedule',
            actions: [
              'clearMessages',
              {
                type: 'assignPending',
                params: ({ event }) => ({ section: event.section, change: event.change }),
              },
            ],
          },
          {
            guard: {
              type: 'isPriced',
              params: ({ event }) => event.section,
            },
            target: 'previewing',
            actions: [
              'clearMessages',
              {
                type: 'assignPending',
                params: ({ event }) => ({ section: event.section, change: event.change }),
              },
            ],
          },
          {
            target: 'saving',
            actions: [
              'clearMessages',
              {
                type: 'assignPending',
                params: ({ event }) => ({ section: event.section, change: event.change }),
              },
            ],
          },
        ],
      },
    },
    previewing: {
      tags: ['busy', 'locked'],
      invoke: {
        id: 'previewPrice',
        src: 'previewPrice',
        input: ({ context }) => ({
          planId: context.data.plan?.id ?? '',
          section: context.pending!.section,
          change: context.pending!.change,
        }),
        onDone: [
          {
            guard: { type: 'priceChanges', params: ({ event }) => event.output },
            target: 'confirmingPrice',
            actions: { type: 'assignPreview', params: ({ event }) => event.output },
          },
          {
            target: 'saving',
            actions: { type: 'assignPreview', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'ready',
          actions: [
            { type: 'assignError', params: PLAN_SETTINGS_MESSAGES.previewFailed },
            'forgetPending',
          ],
        },
      },
    },
    // Product rule R10.32: a new day or rhythm says what it does before it is saved.
    previewingSchedule: {
      tags: ['busy', 'locked'],
      invoke: {
        id: 'previewSchedule',
        src: 'previewSchedule',
        input: ({ context }) => ({
          planId: context.data.plan?.id ?? '',
          section: context.pending!.section,
          change: context.pending!.change,
        }),
        onDone: {
          target: 'confirmingSchedule',
          actions: { type: 'assignSchedulePreview', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: [
            {
              type: 'assignError',
              params: ({ event }) =>
                failureOf(event.error).message ?? PLAN_SETTINGS_MESSAGES.previewFailed,
            },
            'forgetPending',
          ],
        },
      },
    },
    confirmingSchedule: {
      tags: ['locked'],
      on: {
        'schedule.confirm': { target: 'saving' },
        'schedule.cancel': { target: 'ready', actions: 'forgetPending' },
      },
    },
    confirmingPrice: {
      tags: ['locked'],
      on: {
        'price.confirm': { target: 'saving' },
        'price.cancel': { target: 'ready', actions: 'forgetPending' },
      },
    },
    saving: {
      tags: ['busy', 'locked'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({
          planId: context.data.plan?.id ?? '',
          section: context.pending!.section,
          change: context.pending!.change,
          boxPricePence: context.preview?.changedPence ?? null,
        }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'assignData', params: ({ event }) => event.output }, 'assignSaved'],
        },
        onError: [
          {
            // The price moved since it was shown: ask it again, so the customer sees it.
            guard: { type: 'isPriceChanged', params: ({ event }) => failureOf(event.error) },
            target: 'previewing',
          },
          {
            target: 'ready',
            actions: [
              {
                type: 'assignError',
                params: ({ event }) =>
                  failureOf(event.error).message ?? PLAN_SETTINGS_MESSAGES.saveFailed,
              },
              'forgetPending',
            ],
          },
        ],
      },
    },
  },
});
