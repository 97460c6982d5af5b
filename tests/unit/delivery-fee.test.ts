import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_PENCE, deliveryFeePence } from '../../domain/delivery-fee';

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
