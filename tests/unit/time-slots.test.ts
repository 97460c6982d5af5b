import { describe, expect, it } from 'vitest';
import { isOpenAt, londonClock, timeSlotDates, timeSlotsFor } from '../../domain/time-slots';

describe('time slots (UK time)', () => {
  it('reads the UK clock across summer time', () => {
    expect(londonClock(new Date('2026-07-01T11:00:00Z'))).toEqual({
      date: '2026-07-01',
      minutes: 12 * 60,
    });
    expect(londonClock(new Date('2026-11-22T23:30:00Z'))).toEqual({
      date: '2026-11-22',
      minutes: 23 * 60 + 30,
    });
  });

  it('offers 15-minute slots from 11:30 to 22:00 on a later day', () => {
    const slots = timeSlotsFor('2026-11-24', new Date('2026-11-22T12:00:00Z'));
    expect(slots[0]).toEqual({ date: '2026-11-24', start: '11:30', end: '11:45' });
    expect(slots.at(-1)).toEqual({ date: '2026-11-24', start: '21:45', end: '22:00' });
    expect(slots).toHaveLength(42);
  });

  it('starts today at least 30 minutes from now', () => {
    const slots = timeSlotsFor('2026-11-22', new Date('2026-11-22T18:05:00Z'));
    expect(slots[0]?.start).toBe('18:45');
  });

  it('has nothing for a past day or after the last slot', () => {
    expect(timeSlotsFor('2026-11-21', new Date('2026-11-22T12:00:00Z'))).toEqual([]);
    expect(timeSlotsFor('2026-11-22', new Date('2026-11-22T21:31:00Z'))).toEqual([]);
  });

  it('lists 7 bookable days, skipping today once it is over', () => {
    expect(timeSlotDates(new Date('2026-11-22T12:00:00Z'))[0]).toBe('2026-11-22');
    const late = timeSlotDates(new Date('2026-11-22T21:40:00Z'));
    expect(late[0]).toBe('2026-11-23');
    expect(late).toHaveLength(7);
  });

  it('is open from 11:30 until 22:00', () => {
    expect(isOpenAt(new Date('2026-11-22T11:29:00Z'))).toBe(false);
    expect(isOpenAt(new Date('2026-11-22T11:30:00Z'))).toBe(true);
    expect(isOpenAt(new Date('2026-11-22T22:00:00Z'))).toBe(false);
  });
});
