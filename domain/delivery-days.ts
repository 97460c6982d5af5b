import { addDays, weekDayIndex } from './weeks';

/** The kitchen and the couriers stop on Christmas Day and Boxing Day. */
const NO_DELIVERY_DAYS = new Set(['12-25', '12-26']);

export function isChristmasClosure(date: string): boolean {
  return NO_DELIVERY_DAYS.has(date.slice(5));
}

/** Sundays are excluded (product rule R8.4), and so are 25 and 26 December. */
export function isDeliveryDay(date: string): boolean {
  return weekDayIndex(date) !== 0 && !isChristmasClosure(date);
}

/**
 * Product rule R10.35: the day a plan delivers in the week starting `week` (a Monday), on its
 * delivery day (1 Monday .. 6 Saturday); when 25 or 26 December closes that day, the nearest
 * earlier open day of the same week (the box arrives before the holiday), else the nearest later
 * one. Every plan date comes from here: planned weeks, previews, re-planning and pauses.
 */
export function plannedDeliveryDate(week: string, deliveryDay: number): string {
  const day = addDays(week, deliveryDay - 1);
  if (isDeliveryDay(day)) return day;
  for (let back = deliveryDay - 2; back >= 0; back -= 1) {
    const earlier = addDays(week, back);
    if (isDeliveryDay(earlier)) return earlier;
  }
  for (let ahead = deliveryDay; ahead < 6; ahead += 1) {
    const later = addDays(week, ahead);
    if (isDeliveryDay(later)) return later;
  }
  return day;
}
