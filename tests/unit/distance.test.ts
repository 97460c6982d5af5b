import { describe, expect, it } from 'vitest';
import { distanceInMiles, EARTH_RADIUS_MILES, formatMiles } from '../../domain/distance';

describe('distanceInMiles', () => {
  it('uses the earth radius of product rule R3.11, 3959 miles', () => {
    expect(EARTH_RADIUS_MILES).toBe(3959);
  });

  it('is zero from a point to itself', () => {
    expect(distanceInMiles({ lat: 51.4925, lon: -0.2606 }, { lat: 51.4925, lon: -0.2606 })).toBe(0);
  });

  it('measures one degree of latitude as 3959 * pi / 180 miles', () => {
    expect(distanceInMiles({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(
      (3959 * Math.PI) / 180,
      10,
    );
  });

  it('puts the Chiswick and New Oxford Street sites about 5.95 miles apart', () => {
    const chiswick = { lat: 51.4925, lon: -0.2606 };
    const newOxfordStreet = { lat: 51.5166, lon: -0.1278 };
    expect(distanceInMiles(chiswick, newOxfordStreet)).toBeCloseTo(5.95, 2);
  });
});

describe('formatMiles', () => {
  it('shows 2 decimals', () => {
    expect(formatMiles(1.005)).toMatch(/^1\.0[01] miles$/);
    expect(formatMiles(3)).toBe('3.00 miles');
  });
});
