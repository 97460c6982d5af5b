import { plannedDeliveryDate } from '../../../domain/delivery-dates';
import { addDays, cutoffFor, isoDate, weekDayIndex, weekStart } from '../../../domain/weeks';

/**
 * A subscription schedule's calendar, over the shared week rules (`domain/weeks.ts`): weeks
 * run Monday to Sunday and a week is billed at its cut-off (product rules R7.1 and R10.3).
 */
export { addDays, isoDate, plannedDeliveryDate };
export const mondayOf = weekStart;
export const billingDateFor = cutoffFor;

/** 1 Monday .. 6 Saturday (never Sunday: there are no Sunday deliveries). */
export function deliveryDayOf(isoDay: string): number {
  const weekDay = weekDayIndex(isoDay);
  return weekDay === 0 ? 7 : weekDay;
}

export interface PlannedWeek {
  startDate: string;
  deliveryDate: string;
  billingDate: Date;
}

/**
 * The schedule's weeks from its first delivery, every `frequency` weeks, up to the week starting at
 * or before `until` (a Monday), each on its delivery day or the day Christmas moves it to (R10.35).
 */
export function plannedWeeks(
  schedule: { firstDelivery: string; deliveryDay: number; frequency: number },
  until: string,
): PlannedWeek[] {
  const first = mondayOf(schedule.firstDelivery);
  const weeks: PlannedWeek[] = [];
  for (let start = first; start <= until; start = addDays(start, 7 * schedule.frequency)) {
    weeks.push({
      startDate: start,
      deliveryDate: plannedDeliveryDate(start, schedule.deliveryDay),
      billingDate: billingDateFor(start),
    });
  }
  return weeks;
}

/**
 * How far ahead a schedule's weeks are kept, so the customer can pick and skip them: the pasta
 * plan shows at least 8 coming weeks (product rule R10.12).
 */
export const WEEKS_AHEAD = 8;
