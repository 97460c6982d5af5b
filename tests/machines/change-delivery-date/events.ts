import type { SnapshotFrom } from 'xstate';
import {
  changeDeliveryDateMachine,
  type ChangeDeliveryDateEvent,
  type DeliveryDateData,
} from '../../../machines/change-delivery-date/change-delivery-date.machine';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof changeDeliveryDateMachine>;

export const week: DeliveryDateData = {
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
export const closed: DeliveryDateData = { ...week, changeable: false, days: [] };

export const modelEvents = [
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

export const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.chosen, s.context.error !== null]);

export const pathModel = {
  machine: changeDeliveryDateMachine,
  entries: [{ name: 'week 12', input: { weekId: '12' } }],
  events: modelEvents,
  serializeState: serialize,
} satisfies PathModel<Snapshot, ChangeDeliveryDateEvent, { weekId: string }>;
