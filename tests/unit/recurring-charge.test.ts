import { describe, expect, it } from 'vitest';
import {
  frequencyText,
  nextCharge,
  recipesPerBox,
  recurringCharge,
  weekdayName,
} from '../../domain/recurring-charge';

/** Wednesday 4 March 2026: its week's Monday is 2 March. */
const WEDNESDAY = '2026-03-04';
const plan = {
  startSubscription: true,
  frequency: 1,
  deliveryDate: WEDNESDAY,
  numberOfRecipes: null,
  dishQuantities: [2, 1],
  pricePerBoxPence: 3900,
  deliveryFeePence: 399,
};

describe('nextCharge (product rule R8.13)', () => {
  it("charges the next week's box at its cut-off, Friday 12:00 UTC before it", () => {
    expect(nextCharge(WEDNESDAY, 1)).toEqual({
      chargeAt: new Date('2026-03-06T12:00:00Z'),
      deliveryDate: '2026-03-11',
    });
  });

  it('skips the weeks between boxes on a plan every N weeks', () => {
    expect(nextCharge(WEDNESDAY, 3)).toEqual({
      chargeAt: new Date('2026-03-20T12:00:00Z'),
      deliveryDate: '2026-03-25',
    });
  });

  it('charges a later week already in the basket first when it is sooner', () => {
    expect(nextCharge(WEDNESDAY, 4, ['2026-03-16', '2026-03-02'])).toEqual({
      chargeAt: new Date('2026-03-13T12:00:00Z'),
      deliveryDate: '2026-03-18',
    });
  });

  it('charges Christmas week at its earlier cut-off, Wednesday 12:00 UTC', () => {
    expect(nextCharge('2026-12-16', 1).chargeAt).toEqual(new Date('2026-12-16T12:00:00Z'));
  });
});

describe('recurringCharge (product rule R8.13)', () => {
  it('says nothing recurs for a one-off box', () => {
    expect(recurringCharge({ ...plan, startSubscription: false })).toBeNull();
  });

  it('says the plan, its price per box, the day and its fee, and the next charge', () => {
    expect(recurringCharge(plan)).toEqual({
      recipesPerBox: 3,
      frequency: 1,
      deliveryDay: 3,
      pricePerBoxPence: 3900,
      deliveryFeePence: 399,
      nextChargeAt: new Date('2026-03-06T12:00:00Z'),
      nextDeliveryDate: '2026-03-11',
    });
  });

  it("keeps the basket's own number of recipes and reads a missing frequency as every week", () => {
    expect(recurringCharge({ ...plan, numberOfRecipes: 4, frequency: null })).toMatchObject({
      recipesPerBox: 4,
      frequency: 1,
    });
  });

  it('numbers Saturday 6 and Monday 1', () => {
    expect(recurringCharge({ ...plan, deliveryDate: '2026-03-07' })?.deliveryDay).toBe(6);
    expect(recurringCharge({ ...plan, deliveryDate: '2026-03-02' })?.deliveryDay).toBe(1);
  });
});

describe('recipesPerBox (product rule R7.20)', () => {
  it('counts the dishes within 2 to 12', () => {
    expect(recipesPerBox([1])).toBe(2);
    expect(recipesPerBox([2, 3])).toBe(5);
    expect(recipesPerBox([10, 5])).toBe(12);
  });
});

describe('the words', () => {
  it('names the weekday and the frequency', () => {
    expect(weekdayName(3)).toBe('Wednesday');
    expect(frequencyText(1)).toBe('every week');
    expect(frequencyText(2)).toBe('every 2 weeks');
  });
});
