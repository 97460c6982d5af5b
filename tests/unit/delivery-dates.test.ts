import { describe, expect, it } from 'vitest';
import {
  DELIVERY_WINDOW_DAYS,
  boxWeekDateOptions,
  boxWeekDays,
  UNAVAILABLE_DAY_REASONS,
  deliveryDateOptions,
  deliveryWindow,
  deliveryWindowEnd,
  firstDeliveryDate,
  isDeliveryDay,
  plannedDeliveryDate,
  resolveDeliveryDate,
} from '../../domain/delivery-dates';

describe('delivery days', () => {
  it('excludes Sundays', () => {
    expect(isDeliveryDay('2026-03-07')).toBe(true);
    expect(isDeliveryDay('2026-03-08')).toBe(false);
    expect(isDeliveryDay('2026-03-09')).toBe(true);
  });

  it('excludes 25 and 26 December but not the 24th or the 27th', () => {
    expect(isDeliveryDay('2026-12-24')).toBe(true);
    expect(isDeliveryDay('2026-12-25')).toBe(false);
    expect(isDeliveryDay('2026-12-26')).toBe(false);
    expect(isDeliveryDay('2027-12-27')).toBe(true);
  });
});

describe('a plan week on a Christmas closure (product rule R10.35)', () => {
  it('keeps every other day as planned', () => {
    expect(plannedDeliveryDate('2026-12-14', 3)).toBe('2026-12-16');
    expect(plannedDeliveryDate('2026-12-21', 4)).toBe('2026-12-24');
  });

  it('moves 25 and 26 December to the nearest earlier open day of the week', () => {
    // 2026: Friday 25, Saturday 26.
    expect(plannedDeliveryDate('2026-12-21', 5)).toBe('2026-12-24');
    expect(plannedDeliveryDate('2026-12-21', 6)).toBe('2026-12-24');
    // 2029: Tuesday 25, Wednesday 26.
    expect(plannedDeliveryDate('2029-12-24', 2)).toBe('2029-12-24');
    expect(plannedDeliveryDate('2029-12-24', 3)).toBe('2029-12-24');
  });

  it('moves later in the week when no earlier day is open', () => {
    // 2028: Monday 25, Tuesday 26.
    expect(plannedDeliveryDate('2028-12-25', 1)).toBe('2028-12-27');
    expect(plannedDeliveryDate('2028-12-25', 2)).toBe('2028-12-27');
    // 2022: Sunday 25, Monday 26 (a new week).
    expect(plannedDeliveryDate('2022-12-26', 1)).toBe('2022-12-27');
  });
});

describe('the 21-day window', () => {
  it('holds 21 days from its first, the 21st included and the 22nd not', () => {
    const window = deliveryWindow('2026-03-09');
    expect(DELIVERY_WINDOW_DAYS).toBe(21);
    expect(window).toHaveLength(21);
    expect(window[0]).toBe('2026-03-09');
    expect(window.at(-1)).toBe('2026-03-29');
    expect(deliveryWindowEnd('2026-03-09')).toBe('2026-03-29');
  });

  it('grows by a day for each of 25 and 26 December inside it', () => {
    expect(deliveryWindow('2026-12-14')).toHaveLength(23);
    expect(deliveryWindowEnd('2026-12-14')).toBe('2027-01-05');
    expect(deliveryWindowEnd('2026-12-26')).toBe('2027-01-16');
    expect(deliveryWindowEnd('2026-12-27')).toBe('2027-01-16');
  });

  it('crosses a month and a year', () => {
    expect(deliveryWindowEnd('2026-03-30')).toBe('2026-04-19');
    expect(deliveryWindow('2027-12-27').at(-1)).toBe('2028-01-16');
  });
});

describe('the first delivery date', () => {
  it('is next Monday until Friday 12:00 UTC', () => {
    expect(firstDeliveryDate(new Date('2026-03-06T11:59:00Z'))).toBe('2026-03-09');
  });

  it('is the Monday of the week after from 12:00 to 16:00', () => {
    expect(firstDeliveryDate(new Date('2026-03-06T12:00:00Z'))).toBe('2026-03-16');
    expect(firstDeliveryDate(new Date('2026-03-06T15:59:00Z'))).toBe('2026-03-16');
  });

  it('is its Tuesday after Friday 16:00, through the weekend', () => {
    expect(firstDeliveryDate(new Date('2026-03-06T16:00:00Z'))).toBe('2026-03-17');
    expect(firstDeliveryDate(new Date('2026-03-08T20:00:00Z'))).toBe('2026-03-17');
    expect(firstDeliveryDate(new Date('2026-03-09T08:00:00Z'))).toBe('2026-03-16');
  });

  it('skips Christmas Day and Boxing Day', () => {
    // Christmas 2028 is a Monday: its week closes on Wednesday 20 December at 12:00 UTC.
    expect(firstDeliveryDate(new Date('2028-12-20T09:00:00Z'))).toBe('2028-12-27');
    expect(firstDeliveryDate(new Date('2028-12-20T12:00:00Z'))).toBe('2029-01-01');
  });
});

describe('delivery date options', () => {
  it('leaves out Sundays and marks unavailable dates disabled', () => {
    const options = deliveryDateOptions('2026-03-09', ['2026-03-11'], [], []);
    expect(options).toHaveLength(18);
    expect(options.some((o) => o.date === '2026-03-15')).toBe(false);
    expect(options[2]).toEqual({
      date: '2026-03-11',
      weekStart: '2026-03-09',
      disabled: true,
      reason: 'unavailable',
    });
    expect(options[0]).toEqual({ date: '2026-03-09', weekStart: '2026-03-09', disabled: false });
  });

  it('disables a date only when a product in the basket is unavailable on it', () => {
    const unavailable = [{ product: '34', dates: ['2026-03-10'] }];
    expect(deliveryDateOptions('2026-03-09', [], unavailable, ['12'])[1]?.disabled).toBe(false);
    expect(deliveryDateOptions('2026-03-09', [], unavailable, ['12', '34'])[1]).toMatchObject({
      date: '2026-03-10',
      disabled: true,
      reason: 'product_unavailable',
    });
  });

  it('offers no Christmas closures and the 24th and 27th', () => {
    const dates = deliveryDateOptions('2026-12-21', [], [], []).map((o) => o.date);
    expect(dates).toContain('2026-12-24');
    expect(dates).not.toContain('2026-12-25');
    expect(dates).not.toContain('2026-12-26');
    expect(dates).toContain('2026-12-28');
  });
});

describe('resolving the delivery date', () => {
  const options = deliveryDateOptions('2026-03-09', ['2026-03-09', '2026-03-12'], [], []);

  it('keeps an available date', () => {
    expect(resolveDeliveryDate('2026-03-13', options)).toBe('2026-03-13');
  });

  it('moves a missing, earlier or disabled date to the first available one', () => {
    expect(resolveDeliveryDate(undefined, options)).toBe('2026-03-10');
    expect(resolveDeliveryDate(null, options)).toBe('2026-03-10');
    expect(resolveDeliveryDate('2026-03-02', options)).toBe('2026-03-10');
    expect(resolveDeliveryDate('2026-03-12', options)).toBe('2026-03-10');
    expect(resolveDeliveryDate('2026-03-15', options)).toBe('2026-03-10');
  });

  it('moves a date past the window to the first available one', () => {
    expect(resolveDeliveryDate('2026-04-30', options)).toBe('2026-03-10');
  });

  it('has nothing when every date is disabled', () => {
    const closed = options.map((o) => ({ ...o, disabled: true }));
    expect(resolveDeliveryDate('2026-03-13', closed)).toBeUndefined();
  });
});

describe("the box week's dates", () => {
  const window = deliveryDateOptions('2026-03-09', [], [], []);
  const week = ['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-21'];

  it("offers only the dates of the box's delivery week", () => {
    const options = boxWeekDateOptions(window, '2026-03-18');
    expect(options.map((o) => o.date)).toEqual(week);
    expect(options.every((o) => o.weekStart === '2026-03-16')).toBe(true);
  });

  it('offers the whole window when the box week has no available date', () => {
    const closed = deliveryDateOptions('2026-03-09', week, [], []);
    expect(boxWeekDateOptions(closed, '2026-03-18')).toEqual(closed);
  });

  it('offers the whole window without a date or with one outside the window', () => {
    expect(boxWeekDateOptions(window, null)).toEqual(window);
    expect(boxWeekDateOptions(window, '2026-04-15')).toEqual(window);
  });
});

describe('boxWeekDays (product rule R8.10)', () => {
  const week = '2026-12-21';

  it("lists the box's week Monday to Sunday with the reason a day is unavailable", () => {
    // From Tuesday 22 December: Monday is past the cut-off, 25 and 26 closed, Sunday never.
    const options = deliveryDateOptions('2026-12-22', ['2026-12-23'], [], []).filter(
      (option) => option.weekStart === week,
    );

    const days = boxWeekDays(week, options);

    expect(days.map((day) => [day.date, day.available, day.reason])).toEqual([
      ['2026-12-21', false, UNAVAILABLE_DAY_REASONS.pastCutoff],
      ['2026-12-22', true, undefined],
      ['2026-12-23', false, UNAVAILABLE_DAY_REASONS.courier],
      ['2026-12-24', true, undefined],
      ['2026-12-25', false, UNAVAILABLE_DAY_REASONS.christmas],
      ['2026-12-26', false, UNAVAILABLE_DAY_REASONS.christmas],
      ['2026-12-27', false, UNAVAILABLE_DAY_REASONS.sunday],
    ]);
  });

  it('names a product constraint', () => {
    const options = deliveryDateOptions(
      '2026-03-09',
      [],
      [{ product: '34', dates: ['2026-03-10'] }],
      ['34'],
    ).filter((option) => option.weekStart === '2026-03-09');

    expect(boxWeekDays('2026-03-09', options)[1]).toEqual({
      date: '2026-03-10',
      available: false,
      reason: UNAVAILABLE_DAY_REASONS.product,
    });
  });

  it('falls back to the offered days when they are not the week of the box', () => {
    const options = deliveryDateOptions('2026-03-09', [], [], []);

    expect(boxWeekDays('2026-03-09', options)).toHaveLength(options.length);
  });
});
