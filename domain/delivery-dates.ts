import { isChristmasClosure, isDeliveryDay } from './delivery-days';
import { addDays, firstOrderableWeek, isAfterFriday16, weekDayIndex, weekStart } from './weeks';

// The day rules live in delivery-days.ts, small enough for the account's first load.
export { isChristmasClosure, isDeliveryDay, plannedDeliveryDate } from './delivery-days';

/** Product rule R8.4: the delivery-date search window is 21 days. */
export const DELIVERY_WINDOW_DAYS = 21;
/** A product the constraints say cannot be delivered on some dates (product rule R8.4). */
export interface UnavailableProduct {
  /** The numeric variant id, as a string ("34"). */
  product: string;
  dates: string[];
}

export interface DeliveryDateOption {
  date: string;
  /** The Monday of its week (its menu). */
  weekStart: string;
  disabled: boolean;
  /** Why it is disabled: the courier does not deliver, or a basket product is unavailable. */
  reason?: 'unavailable' | 'product_unavailable';
}

/**
 * The dates of the 21-day window from its first day (product rule R8.4): a window holding 25
 * or 26 December grows by a day for each, so the customer is offered as many days as in any
 * other window.
 */
export function deliveryWindow(begin: string): string[] {
  const dates: string[] = [];
  let length = DELIVERY_WINDOW_DAYS;
  for (let offset = 0; offset < length; offset += 1) {
    const date = addDays(begin, offset);
    if (isChristmasClosure(date)) length += 1;
    dates.push(date);
  }
  return dates;
}

/** The last date of the window from begin (the end_date of a constraints call). */
export function deliveryWindowEnd(begin: string): string {
  return deliveryWindow(begin).at(-1) ?? begin;
}

/**
 * The first day a new box can be delivered: the first orderable week's Monday, or its Tuesday
 * after the Friday 16:00 check (weeks.ts), moved past Sundays and Christmas.
 */
export function firstDeliveryDate(now: Date): string {
  let date = addDays(firstOrderableWeek(now), isAfterFriday16(now) ? 1 : 0);
  while (!isDeliveryDay(date)) date = addDays(date, 1);
  return date;
}

/**
 * The dates offered in the window from begin: Sundays and Christmas closures left out; a date
 * disabled when the constraints list it unavailable or a basket product is unavailable on it.
 */
export function deliveryDateOptions(
  begin: string,
  unavailableDates: readonly string[],
  unavailableProducts: readonly UnavailableProduct[],
  basketVariantIds: readonly string[],
): DeliveryDateOption[] {
  const closed = new Set(unavailableDates);
  const inBasket = new Set(basketVariantIds);
  const productClosed = new Set(
    unavailableProducts.filter((p) => inBasket.has(p.product)).flatMap((p) => p.dates),
  );
  return deliveryWindow(begin)
    .filter(isDeliveryDay)
    .map((date) => {
      const base = { date, weekStart: weekStart(date) };
      if (closed.has(date)) return { ...base, disabled: true, reason: 'unavailable' as const };
      if (productClosed.has(date))
        return { ...base, disabled: true, reason: 'product_unavailable' as const };
      return { ...base, disabled: false };
    });
}

/**
 * The delivery date to use: the current one when it is offered and enabled; otherwise (before
 * the first available date, missing or disabled) the first available one. Undefined when no
 * date in the window is available.
 */
export function resolveDeliveryDate(
  current: string | null | undefined,
  options: readonly DeliveryDateOption[],
): string | undefined {
  const available = options.filter((option) => !option.disabled);
  const first = available[0]?.date;
  if (!current || !first || current < first) return first;
  return available.some((option) => option.date === current) ? current : first;
}

/**
 * The dates a recipe box is offered: its dishes are its week's menu, so it is delivered within
 * the week of its delivery date while any date of that week is available; otherwise (no date
 * yet, or that week all closed) anywhere in the window.
 */
export function boxWeekDateOptions(
  window: readonly DeliveryDateOption[],
  boxDeliveryDate: string | null,
): DeliveryDateOption[] {
  const boxWeek = boxDeliveryDate && weekStart(boxDeliveryDate);
  const inBoxWeek = window.filter((option) => option.weekStart === boxWeek);
  return inBoxWeek.some((option) => !option.disabled) ? inBoxWeek : [...window];
}

/** Product rule R8.10: why a day of the box's week cannot be chosen, as the customer reads it. */
export const UNAVAILABLE_DAY_REASONS = {
  sunday: 'No deliveries on Sundays',
  christmas: 'Closed for Christmas',
  pastCutoff: 'Past the cut-off',
  courier: 'No deliveries on this day',
  product: 'A dish in your box is unavailable on this day',
} as const;

export interface BoxWeekDay {
  date: string;
  available: boolean;
  /** Why it cannot be chosen (UNAVAILABLE_DAY_REASONS); absent when available. */
  reason?: string;
}

const optionReason = (option: DeliveryDateOption) =>
  option.reason === 'product_unavailable'
    ? UNAVAILABLE_DAY_REASONS.product
    : UNAVAILABLE_DAY_REASONS.courier;

/**
 * Product rule R8.10: the days the day step lists. For the box's week, Monday to Sunday, each
 * day offered or with the reason it is not: Sundays and Christmas closures (R8.4), days before
 * the first offered one (past the cut-off, R7.1 and R7.2), and the constraints' closures. When
 * the options are not that week's (the whole week closed, boxWeekDateOptions), the options
 * themselves.
 */
export function boxWeekDays(
  mealWeek: string,
  options: readonly DeliveryDateOption[],
): BoxWeekDay[] {
  const inWeek = options.filter((option) => option.weekStart === mealWeek);
  if (inWeek.length === 0 || inWeek.length !== options.length)
    return options.map((option) =>
      option.disabled
        ? { date: option.date, available: false, reason: optionReason(option) }
        : { date: option.date, available: true },
    );
  const first = inWeek[0]?.date ?? mealWeek;
  return [0, 1, 2, 3, 4, 5, 6].map((offset) => {
    const date = addDays(mealWeek, offset);
    const option = inWeek.find((o) => o.date === date);
    if (option)
      return option.disabled
        ? { date, available: false, reason: optionReason(option) }
        : { date, available: true };
    if (weekDayIndex(date) === 0)
      return { date, available: false, reason: UNAVAILABLE_DAY_REASONS.sunday };
    if (isChristmasClosure(date))
      return { date, available: false, reason: UNAVAILABLE_DAY_REASONS.christmas };
    return {
      date,
      available: false,
      reason: date < first ? UNAVAILABLE_DAY_REASONS.pastCutoff : UNAVAILABLE_DAY_REASONS.courier,
    };
  });
}
