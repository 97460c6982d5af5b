import { describe, expect, it } from 'vitest';
import {
  recipePicksProblem,
  SCHEDULE_WEEK_MESSAGES,
  scheduleWeekDays,
} from '../../domain/schedule-week';

// Tuesday 24 November 2026, 06:00 UTC: the week of 30 November is still open (cut-off Friday 27th).
const now = new Date('2026-11-24T06:00:00Z');

describe('scheduleWeekDays (product rule R10.25)', () => {
  it('offers Monday to Saturday of the week, Sunday never, closures and dish closures disabled', () => {
    const days = scheduleWeekDays(
      '2026-11-30',
      now,
      ['2026-12-04'],
      [{ product: '7', dates: ['2026-12-01'] }],
      ['7'],
    );
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(days.filter((d) => d.available).map((d) => d.date)).toEqual([
      '2026-11-30',
      '2026-12-02',
      '2026-12-03',
      '2026-12-05',
    ]);
    expect(days[6]).toMatchObject({ available: false, reason: 'No deliveries on Sundays' });
  });

  it('offers nothing for a week already past', () => {
    expect(scheduleWeekDays('2026-11-16', now, [], [], [])).toEqual([]);
  });
});

describe('recipePicksProblem (product rule R10.27)', () => {
  const prices = new Map([
    ['1', 895],
    ['2', 450],
  ]);
  it('accepts the chef (no picks) and picks within the plan at the minimum', () => {
    expect(recipePicksProblem([], 2, prices)).toBeUndefined();
    expect(recipePicksProblem([{ variantId: '1', quantity: 2 }], 2, prices)).toBeUndefined();
  });
  it('refuses too many, too little, off the menu and twice', () => {
    expect(recipePicksProblem([{ variantId: '1', quantity: 3 }], 2, prices)).toBe(
      SCHEDULE_WEEK_MESSAGES.tooManyRecipes(2),
    );
    expect(recipePicksProblem([{ variantId: '2', quantity: 2 }], 2, prices)).toBe(
      SCHEDULE_WEEK_MESSAGES.belowMinimum,
    );
    expect(recipePicksProblem([{ variantId: '9', quantity: 1 }], 2, prices)).toBe(
      SCHEDULE_WEEK_MESSAGES.notOnMenu,
    );
    expect(
      recipePicksProblem(
        [
          { variantId: '1', quantity: 1 },
          { variantId: '1', quantity: 1 },
        ],
        2,
        prices,
      ),
    ).toBe(SCHEDULE_WEEK_MESSAGES.sameRecipeTwice);
  });
});
