/**
 * Recipe-kit weeks (product rule R7.1): weeks run Monday to Sunday; a week's orders close at the
 * cut-off, Friday 12:00 UTC before the week. Dates are ISO calendar dates ('2026-03-02') read in
 * UTC, so the server and every browser agree whatever their time zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Friday before the week, 12:00 UTC: the Monday minus 3 days, at noon. */
const CUTOFF_DAYS_BEFORE = 3;
const CUTOFF_HOUR_UTC = 12;
/**
 * Christmas week (the week holding 25 December) closes two days earlier, on the Wednesday
 * before at 12:00 UTC: the kitchen and the couriers stop on the 25th and 26th, so its boxes are
 * packed before the holiday rush.
 */
const CHRISTMAS_CUTOFF_DAYS_BEFORE = 5;
/** Product rule R7.2: the after-Friday-16:00 check (see isAfterFriday16). */
const LATE_FRIDAY_HOUR_UTC = 16;

const toDate = (date: string) => new Date(`${date}T00:00:00Z`);
const toIso = (instant: Date) => instant.toISOString().slice(0, 10);

/** The calendar date (UTC) of an instant, or the date itself. */
export function isoDate(date: Date | string): string {
  return typeof date === 'string' ? date.slice(0, 10) : toIso(date);
}

export function addDays(date: string, days: number): string {
  return toIso(new Date(toDate(date).getTime() + days * DAY_MS));
}

/** 0 Sunday .. 6 Saturday, as Date#getUTCDay and the delivery fee config's week_day.index. */
export function weekDayIndex(date: string): number {
  return toDate(date).getUTCDay();
}

/** The Monday of the week (Monday to Sunday) holding the date. */
export function weekStart(date: Date | string): string {
  const day = isoDate(date);
  return addDays(day, -((weekDayIndex(day) + 6) % 7));
}

/** Weekly menus are collections with handle menu-YYYY-MM-DD (the week's Monday). */
export function menuHandle(week: string): string {
  return `menu-${weekStart(week)}`;
}

/** The week's Monday from a menu handle, or undefined when it is not one. */
export function weekOfMenuHandle(handle: string): string | undefined {
  const match = /^menu-(\d{4}-\d{2}-\d{2})$/.exec(handle);
  if (!match?.[1] || Number.isNaN(toDate(match[1]).getTime())) return undefined;
  return weekStart(match[1]) === match[1] ? match[1] : undefined;
}

export function isChristmasWeek(week: string): boolean {
  const monday = weekStart(week);
  return [0, 1, 2, 3, 4, 5, 6].some((offset) => addDays(monday, offset).slice(5) === '12-25');
}

/** The week's cut-off: Friday 12:00 UTC before it (Wednesday 12:00 for Christmas week). */
export function cutoffFor(week: string): Date {
  const monday = weekStart(week);
  const daysBefore = isChristmasWeek(monday) ? CHRISTMAS_CUTOFF_DAYS_BEFORE : CUTOFF_DAYS_BEFORE;
  return new Date(toDate(monday).getTime() - daysBefore * DAY_MS + CUTOFF_HOUR_UTC * 3_600_000);
}

/** A week takes orders (and dish changes) until its cut-off; at the cut-off it closes. */
export function isWeekOpen(week: string, now: Date): boolean {
  return now.getTime() < cutoffFor(week).getTime();
}

/** The first week still open for orders: next week until Friday 12:00 UTC, then the one after. */
export function firstOrderableWeek(now: Date): string {
  let week = weekStart(now);
  while (!isWeekOpen(week, now)) week = addDays(week, 7);
  return week;
}

/**
 * The after-Friday-16:00 check (product rule R7.2): true from Friday 16:00 UTC until the week ends
 * (Sunday midnight). The suppliers' order for the first orderable week's Monday boxes goes out
 * on Friday at 16:00, so after it a new box can start on the Tuesday at the earliest
 * (firstDeliveryDate in delivery-dates.ts).
 */
export function isAfterFriday16(now: Date): boolean {
  const day = now.getUTCDay();
  if (day === 6 || day === 0) return true;
  return day === 5 && now.getUTCHours() >= LATE_FRIDAY_HOUR_UTC;
}
