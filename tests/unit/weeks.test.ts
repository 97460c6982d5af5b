import { describe, expect, it } from 'vitest';
import {
  addDays,
  cutoffFor,
  firstOrderableWeek,
  isAfterFriday16,
  isChristmasWeek,
  isWeekOpen,
  menuHandle,
  weekOfMenuHandle,
  weekStart,
} from '../../domain/weeks';

describe('weeks run Monday to Sunday', () => {
  it('starts a week on its Monday, from any day of it', () => {
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
    expect(weekStart('2026-03-06')).toBe('2026-03-02');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(weekStart('2026-03-09')).toBe('2026-03-09');
  });

  it('reads an instant in UTC', () => {
    expect(weekStart(new Date('2026-03-08T23:59:59Z'))).toBe('2026-03-02');
    expect(weekStart(new Date('2026-03-09T00:00:00Z'))).toBe('2026-03-09');
  });

  it('keeps a week crossing a month and a year together', () => {
    expect(weekStart('2026-04-05')).toBe('2026-03-30');
    expect(weekStart('2027-01-03')).toBe('2026-12-28');
    expect(addDays('2026-12-28', 6)).toBe('2027-01-03');
  });

  it('names a menu by its Monday and reads it back', () => {
    expect(menuHandle('2026-03-06')).toBe('menu-2026-03-02');
    expect(weekOfMenuHandle('menu-2026-03-02')).toBe('2026-03-02');
    expect(weekOfMenuHandle('menu-2026-03-03')).toBeUndefined();
    expect(weekOfMenuHandle('menu-2026-13-02')).toBeUndefined();
    expect(weekOfMenuHandle('desserts')).toBeUndefined();
  });
});

describe('the weekly cut-off, Friday 12:00 UTC before the week', () => {
  it('is the Friday before the week at noon UTC', () => {
    expect(cutoffFor('2026-03-09').toISOString()).toBe('2026-03-06T12:00:00.000Z');
    expect(cutoffFor('2027-01-04').toISOString()).toBe('2027-01-01T12:00:00.000Z');
  });

  it('closes the week at 12:00 exactly', () => {
    expect(isWeekOpen('2026-03-09', new Date('2026-03-06T11:59:59.999Z'))).toBe(true);
    expect(isWeekOpen('2026-03-09', new Date('2026-03-06T12:00:00Z'))).toBe(false);
  });

  it('offers next week until Friday 11:59 and the week after from 12:00', () => {
    expect(firstOrderableWeek(new Date('2026-03-06T11:59:00Z'))).toBe('2026-03-09');
    expect(firstOrderableWeek(new Date('2026-03-06T12:00:00Z'))).toBe('2026-03-16');
    expect(firstOrderableWeek(new Date('2026-03-08T23:00:00Z'))).toBe('2026-03-16');
    expect(firstOrderableWeek(new Date('2026-03-09T00:00:00Z'))).toBe('2026-03-16');
  });

  it('closes Christmas week on the Wednesday before, at 12:00 UTC', () => {
    expect(isChristmasWeek('2026-12-21')).toBe(true);
    expect(isChristmasWeek('2026-12-28')).toBe(false);
    expect(cutoffFor('2026-12-21').toISOString()).toBe('2026-12-16T12:00:00.000Z');
    expect(firstOrderableWeek(new Date('2026-12-16T11:59:00Z'))).toBe('2026-12-21');
    expect(firstOrderableWeek(new Date('2026-12-16T12:00:00Z'))).toBe('2026-12-28');
  });

  it('moves Christmas week when the 25th falls on a Sunday (the week of 19 December 2022)', () => {
    expect(isChristmasWeek('2022-12-19')).toBe(true);
    expect(cutoffFor('2022-12-19').toISOString()).toBe('2022-12-14T12:00:00.000Z');
  });
});

describe('the after-Friday-16:00 check', () => {
  it('starts at Friday 16:00 UTC', () => {
    expect(isAfterFriday16(new Date('2026-03-06T15:59:59Z'))).toBe(false);
    expect(isAfterFriday16(new Date('2026-03-06T16:00:00Z'))).toBe(true);
  });

  it('lasts through Saturday and Sunday and ends on Monday', () => {
    expect(isAfterFriday16(new Date('2026-03-07T09:00:00Z'))).toBe(true);
    expect(isAfterFriday16(new Date('2026-03-08T23:59:59Z'))).toBe(true);
    expect(isAfterFriday16(new Date('2026-03-09T00:00:00Z'))).toBe(false);
    expect(isAfterFriday16(new Date('2026-03-05T18:00:00Z'))).toBe(false);
  });
});
