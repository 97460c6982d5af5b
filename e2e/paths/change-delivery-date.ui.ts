import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { dayAndDate } from '../../domain/pasta-plan';
import { SCHEDULE_WEEK_MESSAGES } from '../../domain/schedule-week';
import {
  changeDeliveryDateMachine,
  type ChangeDeliveryDateEvent,
  type DeliveryDateData,
} from '../../machines/change-delivery-date/change-delivery-date.machine';
import { pathModel } from '../../tests/machines/change-delivery-date/events';
import { expect } from '../support/fixtures';
import { expectFlashShown } from '../support/flashes';
import { billWeek, dropNextWeekCall, newPlanWeek, type WalkWeek } from './plan-week';
import { outputOf, statusOf } from './outcomes';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/**
 * The walk's plan week, its current delivery day and another day it offers (the model's 30
 * November).
 */
interface DateWorld {
  week: WalkWeek | undefined;
  current: string | undefined;
  other: string | undefined;
}

type Of<T extends ChangeDeliveryDateEvent['type']> = Extract<ChangeDeliveryDateEvent, { type: T }>;

const modelData = (snapshot: AnyMachineSnapshot) =>
  (snapshot.context as { data: DeliveryDateData | null }).data;

/** Whether the model's day is one its week offers (the page disables the others' radios). */
const isOffered = (snapshot: AnyMachineSnapshot, date: string) =>
  modelData(snapshot)?.days.some((day) => day.date === date && day.available) ?? false;

/** The real day standing for the model's: its week's current day, or the other offered day. */
const realDay = (world: DateWorld, snapshot: AnyMachineSnapshot, date: string | null) =>
  date === modelData(snapshot)?.deliveryDate ? world.current! : world.other!;

const pagePath = (world: DateWorld) => `/schedule/${world.week!.week.id}/change-delivery-date`;

/**
 * A new subscriber's week opened at its date page (the ordered first week for one that can no
 * longer change); with `drop`, the page's read of the week dropped on the network once.
 */
async function openWeek(page: Page, world: DateWorld, changeable: boolean, drop = false) {
  world.week = await newPlanWeek(page, changeable);
  const { delivery_date, delivery_days } = world.week.attributes;
  world.current = delivery_date;
  world.other = delivery_days.find((day) => day.available && day.date !== delivery_date)?.date;
  if (changeable) expect(world.other, 'another day the week offers').toBeTruthy();
  if (drop) await dropNextWeekCall(page, world.week);
  await page.goto(pagePath(world));
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  // The real week's days: the model's unavailable day is a disabled radio (no click reaches the
  // machine), and a click on the day already chosen changes nothing.
  'day.choose': {
    can: ({ event, from }) => {
      const { date } = event as Of<'day.choose'>;
      return isOffered(from, date) && date !== from.context.chosen;
    },
    run: async ({ page, event, from, world }) => {
      const date = realDay(world, from, (event as Of<'day.choose'>).date);
      await days(page)
        .getByRole('radio', { name: new RegExp(`^${dayAndDate(date)}`) })
        .check();
    },
  },
  // The outcome the path needs: the week billed meanwhile (its order written: the server's 409),
  // or the save dropped on the network (never reaching the server) for another refusal.
  'date.save': async ({ page, next, world }) => {
    if (next?.type === 'xstate.error.actor.saveDate') {
      if (statusOf(next) === 409) await billWeek(page, world.week!);
      else await dropNextWeekCall(page, world.week!);
    }
    await page.getByRole('button', { name: 'Save delivery date' }).click();
  },
  'week.retry': async ({ page }) => {
    await page.getByRole('button', { name: 'Try again' }).click();
  },
  // The page's first read opens the walk's week; a read after "Try again" is the page's own.
  'xstate.done.actor.loadWeek': async ({ page, event, world }) => {
    if (world.week === undefined)
      await openWeek(page, world, outputOf<DeliveryDateData>(event)!.changeable);
  },
  'xstate.error.actor.loadWeek': async ({ page, world }) => {
    await openWeek(page, world, true, true);
  },
  'xstate.done.actor.saveDate': async () => {},
  // A refusal other than too late stands for one the server cannot give this page (it offers
  // only the days the server accepts): the save dropped on the network, by date.save.
  'xstate.error.actor.saveDate': async () => {},
} satisfies Record<MachineEventType<typeof changeDeliveryDateMachine>, Executor<DateWorld>>;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const days = (page: Page) => page.getByRole('group', { name: 'Delivery day' });

/** What the customer sees in each state (the machine carries no meta.path: its URLs here). */
const states = {
  loading: 'transient',
  saving: 'transient',
  choosing: async ({ page, snapshot, world }) => {
    await expect(page).toHaveURL(new RegExp(`${pagePath(world)}$`));
    await expect(heading(page)).toHaveText('Change your delivery date');
    const chosen = realDay(world, snapshot, snapshot.context.chosen as string | null);
    await expect(days(page).getByRole('radio', { checked: true })).toHaveAccessibleName(
      new RegExp(`^${dayAndDate(chosen)}`),
    );
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    const error = snapshot.context.error as string | null;
    if (error === null) await expect(summary).toHaveCount(0);
    // The machine's own words, word for word; a dropped save says the machine's "try again".
    else
      await expect(summary).toContainText(
        error === SCHEDULE_WEEK_MESSAGES.chooseDate ? error : SCHEDULE_WEEK_MESSAGES.actionFailed,
      );
  },
  loadFailed: async ({ page, world }) => {
    await expect(page).toHaveURL(new RegExp(`${pagePath(world)}$`));
    await expect(heading(page)).toHaveText('Change your delivery date');
    await expect(page.getByRole('alert')).toHaveText(SCHEDULE_WEEK_MESSAGES.loadFailed);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  // Past the cut-off, or ordered: the server's 409 says the same words.
  tooLate: async ({ page, world }) => {
    await expect(page).toHaveURL(new RegExp(`${pagePath(world)}$`));
    await expect(heading(page)).toHaveText('Change your delivery date');
    await expect(page.getByText(SCHEDULE_WEEK_MESSAGES.tooLate)).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to your box' })).toBeVisible();
  },
  // Back on the week's page with its toast, the box on its new day.
  saved: async ({ page, world }) => {
    await expect(page).toHaveURL(new RegExp(`/schedule/${world.week!.week.id}/edit$`));
    await expectFlashShown(page, SCHEDULE_WEEK_MESSAGES.dateChanged);
    await expect(heading(page)).toHaveText(`Your box for ${dayAndDate(world.other!)}`);
    await expect(page.getByText(`(moved from ${dayAndDate(world.current!)})`)).toBeVisible();
  },
} satisfies Partial<
  Record<MachineStateKey<typeof changeDeliveryDateMachine>, StateCheck<DateWorld>>
>;

export const changeDeliveryDateUi = uiAdapter(changeDeliveryDateMachine, {
  machine: 'change-delivery-date',
  model: pathModel,
  world: () => ({ week: undefined, current: undefined, other: undefined }),
  // The week's outcome is the walk's week: made, then opened, by the load's executors.
  entries: { 'week 12': async () => {} },
  executors,
  states,
});
