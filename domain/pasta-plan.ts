import { format, parseISO } from 'date-fns';
import { plannedDeliveryDate } from './delivery-days';
import { addDays, cutoffFor, isoDate, weekStart } from './weeks';

/** Product rule R10.8: a plan is paused until a delivery week at most this far ahead. */
export const PAUSE_MAX_WEEKS = 12;

/** Product rule R10.12: the pasta plan shows at least this many coming weeks. */
export const PLAN_WEEKS_SHOWN = 8;

/** The customer's words for the pasta plan's refusals and confirmations (product rules R10.4-R10.11). */
export const PASTA_PLAN_MESSAGES = {
  /** Product rule R10.5: a week whose cut-off has passed, or which has its order. */
  tooLate:
    'It’s too late to change this week: its box was ordered at the cut-off. You can still change the weeks after it.',
  cancelled: 'This plan is cancelled, so it cannot be changed.',
  /** Product rule R10.34: what a customer whose plans are all cancelled sees. */
  ended:
    'Your pasta plan is cancelled: nothing more is billed, and boxes already ordered are still delivered.',
  notStarted: 'This plan starts once its first box is paid, so it cannot be paused yet.',
  notPaused: 'This plan is not paused.',
  resumeDate: `Choose a delivery week within the next ${PAUSE_MAX_WEEKS} weeks whose cut-off is still ahead.`,
  chooseResumeDate: 'Choose the week your boxes start again',
  weekSkipped: 'Week skipped: we won’t deliver or charge for it.',
  weekUnskipped: 'Week back on: your box is coming.',
  paused: 'Your pasta plan is paused.',
  resumed: 'Your pasta plan is active again.',
  loadFailed: 'We could not load your pasta plan. Try again.',
  actionFailed: 'Something went wrong. Try again.',
} as const;

export type SubscriptionState = 'created' | 'active' | 'paused' | 'failed' | 'cancelled';

export interface PlanSchedule {
  deliveryDay: number;
  firstDelivery: string;
  frequency: number;
}

/** Product rule R10.11: selectable plans are active, paused, failed, or created with an order. */
export function isSelectableSubscription(plan: {
  state: SubscriptionState;
  hasOrders: boolean;
}): boolean {
  return plan.state === 'created' ? plan.hasOrders : plan.state !== 'cancelled';
}

/** Product rule R10.11: the number of active plans is counted. */
export const activeCount = (plans: readonly { state: SubscriptionState }[]) =>
  plans.filter((plan) => plan.state === 'active').length;

/** Product rule R10.7: pause from active, failed or paused (a new resume date); never cancelled. */
export const canPause = (state: SubscriptionState) =>
  state === 'active' || state === 'failed' || state === 'paused';

/** Product rule R10.9: only a paused plan is resumed. */
export const canResume = (state: SubscriptionState) => state === 'paused';

/**
 * Product rule R10.5: a week can be skipped or put back until its cut-off, and never once it
 * has its order.
 */
export function canChangeWeek(
  week: { billingDate: string | Date; orderId: string | number | null },
  now: Date,
): boolean {
  return week.orderId === null && new Date(week.billingDate).getTime() > now.getTime();
}

/**
 * Product rule R10.8: the dates a plan can be paused until: its coming delivery dates on its
 * rhythm (every `frequency` weeks from the first delivery) whose cut-off is still ahead, within
 * PAUSE_MAX_WEEKS weeks of today.
 */
export function resumeDateChoices(schedule: PlanSchedule, now: Date): string[] {
  const today = isoDate(now);
  const last = addDays(today, 7 * PAUSE_MAX_WEEKS);
  const choices: string[] = [];
  for (
    let monday = weekStart(schedule.firstDelivery);
    monday <= last;
    monday = addDays(monday, 7 * schedule.frequency)
  ) {
    const delivery = plannedDeliveryDate(monday, schedule.deliveryDay);
    if (delivery > today && delivery <= last && cutoffFor(monday) > now) choices.push(delivery);
  }
  return choices;
}

export const isResumeDateAllowed = (schedule: PlanSchedule, resumeOn: string, now: Date) =>
  resumeDateChoices(schedule, now).includes(resumeOn);

/** Product rule R10.8: a plan paused until a date is active again from that week's cut-off. */
export const resumesAt = (resumeOn: string) => cutoffFor(weekStart(resumeOn));

export type WeekStatus = 'ordered' | 'active' | 'skipped' | 'paused' | 'closed';

/**
 * What a coming week is, as the customer sees it: ordered (its box is billed), skipped, paused
 * (the plan is paused over it), closed (past its cut-off without an order), or active.
 */
export function weekStatus(
  week: {
    state: 'active' | 'skipped';
    deliveryDate: string;
    billingDate: string | Date;
    orderId: string | number | null;
  },
  plan: { state: SubscriptionState; resumeOn: string | null },
  now: Date,
): WeekStatus {
  if (week.orderId !== null) return 'ordered';
  if (week.state === 'skipped') return 'skipped';
  if (plan.state === 'paused' && (plan.resumeOn === null || week.deliveryDate < plan.resumeOn))
    return 'paused';
  return canChangeWeek(week, now) ? 'active' : 'closed';
}

/** "Wednesday 3 December": a delivery date in emails and on the plan. */
export const dayAndDate = (date: string) => format(parseISO(date), 'EEEE d MMMM');

/** "Friday 28 November, 12:00": a cut-off, in UK time as the kitchen keeps it. */
export function cutoffText(billingDate: string | Date): string {
  const instant = new Date(billingDate);
  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/London',
  }).format(instant);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(instant);
  return `${day}, ${time}`;
}
