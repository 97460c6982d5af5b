import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ETA_TEXT,
  etaDelayMinutes,
  etaText,
  PREP_BASE_MINUTES,
  PREP_MAX_MINUTES,
  prepMinutes,
} from '../../domain/eta';

describe('etaText (product rule R4.7)', () => {
  it("is '15 - 30 mins' without an estimation", () => {
    expect(DEFAULT_ETA_TEXT).toBe('15 - 30 mins');
    expect(etaText(null)).toBe('15 - 30 mins');
    expect(etaText(undefined)).toBe('15 - 30 mins');
  });

  it('is prepTime + etaDelay + 15 to + 30 minutes', () => {
    expect(etaText({ prepTime: 0, etaDelay: 0 })).toBe('15 - 30 mins');
    expect(etaText({ prepTime: 14, etaDelay: 6 })).toBe('35 - 50 mins');
  });
});

describe('prepMinutes', () => {
  it('starts at the base for one item (and for none)', () => {
    expect(prepMinutes(0)).toBe(PREP_BASE_MINUTES);
    expect(prepMinutes(1)).toBe(PREP_BASE_MINUTES);
  });

  it('adds 2 minutes per further item, up to the cap', () => {
    expect(prepMinutes(2)).toBe(12);
    expect(prepMinutes(3)).toBe(14);
    expect(prepMinutes(500)).toBe(PREP_MAX_MINUTES);
  });
});

describe('etaDelayMinutes', () => {
  it('is 4 minutes per order ahead plus 4 per mile, rounded', () => {
    expect(etaDelayMinutes(0, 0)).toBe(0);
    expect(etaDelayMinutes(2, 0)).toBe(8);
    expect(etaDelayMinutes(0, 1.12)).toBe(4);
    expect(etaDelayMinutes(1, 2.5)).toBe(14);
  });

  it('never goes negative', () => {
    expect(etaDelayMinutes(-3, -1)).toBe(0);
  });
});
