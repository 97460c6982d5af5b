/**
 * Takeaway time slots: 15-minute windows in the kitchen's opening hours, in UK time, starting at
 * least the preparation lead time from now. Every site keeps the same hours for now.
 */
export const OPENING_HOURS = { opensAt: '11:30', closesAt: '22:00' } as const;
export const SLOT_MINUTES = 15;
export const LEAD_MINUTES = 30;
export const BOOKABLE_DAYS = 7;

export interface TimeSlot {
  date: string;
  start: string;
  end: string;
}

const londonFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The UK calendar date and minutes past midnight of an instant. */
export function londonClock(instant: Date): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    londonFormat.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function timeSlotsFor(date: string, now: Date): TimeSlot[] {
  const clock = londonClock(now);
  if (date < clock.date) return [];
  const earliest = date === clock.date ? clock.minutes + LEAD_MINUTES : 0;
  const slots: TimeSlot[] = [];
  for (
    let start = toMinutes(OPENING_HOURS.opensAt);
    start + SLOT_MINUTES <= toMinutes(OPENING_HOURS.closesAt);
    start += SLOT_MINUTES
  ) {
    if (start >= earliest)
      slots.push({ date, start: toTime(start), end: toTime(start + SLOT_MINUTES) });
  }
  return slots;
}

/** The next days with at least one slot, today first when it still has one. */
export function timeSlotDates(now: Date): string[] {
  const dates: string[] = [];
  for (let offset = 0; dates.length < BOOKABLE_DAYS && offset <= BOOKABLE_DAYS; offset += 1) {
    const { date } = londonClock(new Date(now.getTime() + offset * 24 * 60 * 60 * 1000));
    if (!dates.includes(date) && timeSlotsFor(date, now).length > 0) dates.push(date);
  }
  return dates;
}

/** Open now: eat-in is offered only while the kitchen is open. */
export function isOpenAt(now: Date): boolean {
  const { minutes } = londonClock(now);
  return minutes >= toMinutes(OPENING_HOURS.opensAt) && minutes < toMinutes(OPENING_HOURS.closesAt);
}
