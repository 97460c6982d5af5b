import { describe, expect, it } from 'vitest';
import {
  boxDeliveryDate,
  boxDeliveryFees,
  boxTotalPence,
  DEFAULT_DELIVERY_PENCE,
  deliveryFeePence,
} from '../../domain/delivery-fee';

const rules = [
  { weekDay: 3, pricePence: 399, thresholdPence: 4000 },
  { weekDay: 5, pricePence: 299, thresholdPence: null },
];
const WEDNESDAY = '2026-03-04';
const FRIDAY = '2026-03-06';
const SATURDAY = '2026-03-07';

describe('deliveryFeePence (product rule R8.6)', () => {
  it("charges the delivery weekday's price below its threshold, nothing from it", () => {
    expect(deliveryFeePence(rules, WEDNESDAY, 3999)).toBe(399);
    expect(deliveryFeePence(rules, WEDNESDAY, 4000)).toBe(0);
  });

  it('never frees a weekday without a threshold', () => {
    expect(deliveryFeePence(rules, FRIDAY, 100_000)).toBe(299);
  });

  it('defaults to £1.99 when the weekday has no rule or there is no date', () => {
    expect(DEFAULT_DELIVERY_PENCE).toBe(199);
    expect(deliveryFeePence(rules, SATURDAY, 2000)).toBe(199);
    expect(deliveryFeePence(rules, null, 2000)).toBe(199);
    expect(deliveryFeePence([], WEDNESDAY, 2000)).toBe(199);
  });

  it('charges nothing for an empty shipment', () => {
    expect(deliveryFeePence(rules, WEDNESDAY, 0)).toBe(0);
  });
});

describe('boxDeliveryDate and boxDeliveryFees (product rule R8.9)', () => {
  // Tuesday 3 March 2026, 10:00 UTC: the week of 9 March is the first open one (R7.1).
  const NOW = new Date('2026-03-03T10:00:00Z');
  const WEEK = '2026-03-09';
  const LATER = '2026-03-16';

  it('prices a week on the chosen weekday, in that week', () => {
    expect(boxDeliveryDate(WEEK, '2026-03-11', NOW)).toBe('2026-03-11');
    expect(boxDeliveryDate(LATER, '2026-03-11', NOW)).toBe('2026-03-18');
  });

  it('before a choice, prices on the first day the instructions step offers', () => {
    expect(boxDeliveryDate(WEEK, null, NOW)).toBe('2026-03-09');
    // After Friday 16:00 UTC the week of 9 March has closed and a new box starts on the Tuesday
    // of the next one at the earliest (R7.2).
    expect(boxDeliveryDate(LATER, null, new Date('2026-03-06T17:00:00Z'))).toBe('2026-03-17');
  });

  it('gives each week its own fee and never the default when the weekday has a rule', () => {
    const everyDay = [1, 2, 3, 4, 5].map((weekDay) => ({
      weekDay,
      pricePence: 399,
      thresholdPence: 4000,
    }));
    const saturday = { weekDay: 6, pricePence: 499, thresholdPence: 5000 };
    const shipments = [
      { mealWeek: WEEK, subtotalPence: 1300 },
      { mealWeek: LATER, subtotalPence: 4500 },
    ];

    expect(boxDeliveryFees([...everyDay, saturday], shipments, null, NOW)).toEqual([
      { mealWeek: WEEK, deliveryDate: '2026-03-09', feePence: 399 },
      { mealWeek: LATER, deliveryDate: '2026-03-16', feePence: 0 },
    ]);
    expect(boxDeliveryFees([...everyDay, saturday], shipments, '2026-03-14', NOW)).toEqual([
      { mealWeek: WEEK, deliveryDate: '2026-03-14', feePence: 499 },
      { mealWeek: LATER, deliveryDate: '2026-03-21', feePence: 499 },
    ]);
  });

  it('totals a box as its lines after the discount, never below nothing, plus delivery', () => {
    expect(boxTotalPence(1300, 200, 399)).toBe(1499);
    expect(boxTotalPence(500, 800, 399)).toBe(399);
  });
});
