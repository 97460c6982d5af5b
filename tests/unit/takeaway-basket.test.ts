import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TAKEAWAY_CHOICE,
  readTakeawayChoice,
  takeawayChoiceText,
} from '../../domain/takeaway-basket';

describe('readTakeawayChoice', () => {
  it('defaults to delivery, ASAP (product rule R4.1) for anything not in shape', () => {
    expect(readTakeawayChoice(undefined)).toEqual(DEFAULT_TAKEAWAY_CHOICE);
    expect(readTakeawayChoice({ fulfillmentType: 'drone' })).toEqual(DEFAULT_TAKEAWAY_CHOICE);
    expect(DEFAULT_TAKEAWAY_CHOICE).toMatchObject({
      fulfillmentType: 'delivery',
      timeSlot: 'asap',
    });
  });

  it('keeps a complete slot, and falls back to ASAP when the slot is incomplete', () => {
    const slot = {
      fulfillmentType: 'pickup',
      deliveryDate: '2026-03-10',
      timeSlot: '19:00',
      timeSlotEndTime: '19:15',
    };
    expect(readTakeawayChoice(slot)).toEqual(slot);
    expect(readTakeawayChoice({ ...slot, timeSlotEndTime: null })).toEqual({
      ...DEFAULT_TAKEAWAY_CHOICE,
      fulfillmentType: 'pickup',
    });
    expect(readTakeawayChoice({ ...slot, timeSlot: '7pm' }).timeSlot).toBe('asap');
  });
});

describe('takeawayChoiceText', () => {
  it('says how and when', () => {
    expect(takeawayChoiceText(DEFAULT_TAKEAWAY_CHOICE)).toBe('Delivery, ASAP');
    expect(
      takeawayChoiceText({
        fulfillmentType: 'eat_in',
        deliveryDate: '2026-03-10',
        timeSlot: '19:00',
        timeSlotEndTime: '19:15',
      }),
    ).toBe('Eat-in, Tue 10 Mar, 19:00 - 19:15');
  });
});
