import { assign, setup } from 'xstate';
import { isScheduleWeekDay, SCHEDULE_WEEK_MESSAGES } from '../../domain/schedule-week';
import { unprovided } from '../shared/unprovided-actor';
import type { DateFailure, DeliveryDateData } from './change-delivery-date.types';

export type { DateFailure, DeliveryDateData } from './change-delivery-date.types';

export interface ChangeDeliveryDateContext {
  weekId: string;
  data: DeliveryDateData | null;
  /** The day chosen; the current delivery date until another is. */
  chosen: string | null;
  error: string | null;
}

export type ChangeDeliveryDateEvent =
  { type: 'day.choose'; date: string } | { type: 'date.save' } | { type: 'week.retry' };

const failureOf = (error: unknown): DateFailure =>
  (error as DateFailure | undefined) ?? { status: 0, message: null };

/**
 * Changing a plan week's delivery date (/schedule/{id}/change-delivery-date, product rule
 * R10.25): one of its week's available days (the kit checkout's date rules, R8.4), before the
 * week's cut-off. A week past it shows that it is too late.
 */
export const changeDeliveryDateMachine = setup({
  types: {
    context: {} as ChangeDeliveryDateContext,
    events: {} as ChangeDeliveryDateEvent,
    input: {} as { weekId: string },
  },
  actors: {
    loadWeek: unprovided<DeliveryDateData, { weekId: string }>('loadWeek'),
    saveDate: unprovided<DeliveryDateData, { weekId: string; date: string }>('saveDate'),
  },
  guards: {
    isClosed: (_, data: DeliveryDateData) => !data.changeable,
    isAvailableDay: ({ context }, date: string) =>
      isScheduleWeekDay(context.data?.days ?? [], date),
    isNewDay: ({ context }) =>
      context.chosen !== null && context.chosen !== context.data?.deliveryDate,
    isTooLate: (_, failure: DateFailure) => failure.status === 409,
  },
  actions: {
    loaded: assign((_, data: DeliveryDateData) => ({
      data,
      chosen: data.deliveryDate,
      error: null,
    })),
    refused: assign((_, failure: DateFailure) => ({
      error: failure.message ?? SCHEDULE_WEEK_MESSAGES.actionFailed,
    })),
  },
}).createMachine({
  id: 'changeDeliveryDate',
  context: ({ input }) => ({ weekId: input.weekId, data: null, chosen: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadWeek',
        id: 'loadWeek',
        input: ({ context }) => ({ weekId: context.weekId }),
        onDone: [
          {
            guard: { type: 'isClosed', params: ({ event }) => event.output },
            target: 'tooLate',
            actions: { type: 'loaded', params: ({ event }) => event.output },
          },
          {
            target: 'choosing',
            actions: { type: 'loaded', params: ({ event }) => event.output },
          },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'week.retry': 'loading' } },
    choosing: {
      on: {
        'day.choose': [
          {
            guard: { type: 'isAvailableDay', params: ({ event }) => event.date },
            actions: assign({ chosen: ({ event }) => event.date, error: null }),
          },
          { actions: assign({ error: SCHEDULE_WEEK_MESSAGES.dateUnavailable }) },
        ],
        'date.save': [
          { guard: 'isNewDay', target: 'saving' },
          { actions: assign({ error: SCHEDULE_WEEK_MESSAGES.chooseDate }) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveDate',
        id: 'saveDate',
        input: ({ context }) => ({ weekId: context.weekId, date: context.chosen ?? '' }),
        onDone: { target: 'saved', actions: assign({ data: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isTooLate', params: ({ event }) => failureOf(event.error) },
            target: 'tooLate',
            actions: { type: 'refused', params: ({ event }) => failureOf(event.error) },
          },
          {
            target: 'choosing',
            actions: { type: 'refused', params: ({ event }) => failureOf(event.error) },
          },
        ],
      },
    },
    tooLate: {},
    saved: { type: 'final' },
  },
});
