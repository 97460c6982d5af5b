import { describe, expect, it } from 'vitest';
import {
  addedText,
  addFailureMessage,
  findMergeableLine,
  linePrice,
  MAX_LINE_QUANTITY,
} from '../../domain/takeaway-lines';

const lines = [
  { id: 1, productId: 102, modifierProductIds: [901, 902] },
  { id: 2, productId: 102, modifierProductIds: [] },
  { id: 3, productId: 201, modifierProductIds: [] },
];

describe('findMergeableLine (product rule R4.10)', () => {
  it('finds the line of the same dish with the same modifiers in any order', () => {
    expect(findMergeableLine(lines, 102, [902, 901])?.id).toBe(1);
  });

  it('finds the plain line for a plain add, not the one with extras', () => {
    expect(findMergeableLine(lines, 102, [])?.id).toBe(2);
  });

  it('finds nothing for another set of modifiers or another dish', () => {
    expect(findMergeableLine(lines, 102, [901])).toBeUndefined();
    expect(findMergeableLine(lines, 202, [])).toBeUndefined();
  });

  it('caps a line at the contract maximum (product rule R4.11)', () => {
    expect(MAX_LINE_QUANTITY).toBe(50);
  });
});

describe('linePrice', () => {
  it('adds the extras to the dish and multiplies by the quantity, in pennies', () => {
    expect(linePrice(10.5, [1, 0.25], 2)).toBe(23.5);
    expect(linePrice(0.1, [0.2], 3)).toBe(0.9);
    expect(linePrice(9.5, [], 1)).toBe(9.5);
  });
});

describe('addedText (product rule R4.12)', () => {
  it('names the dish, with the quantity when more than one', () => {
    expect(addedText('Cacio e Pepe', 1)).toBe('Added Cacio e Pepe');
    expect(addedText('Cacio e Pepe', 2)).toBe('Added 2 Cacio e Pepe');
  });
});

describe('addFailureMessage (product rule R4.11)', () => {
  it("uses the server's words for the line limit, the fallback otherwise", () => {
    const limit = {
      code: 'quantity_limit',
      errors: [{ detail: 'You can have up to 50 Burrata in one basket' }],
    };
    expect(addFailureMessage(limit, 'Try again')).toBe(
      'You can have up to 50 Burrata in one basket',
    );
    expect(
      addFailureMessage({ code: 'unknown_product', errors: [{ detail: 'x' }] }, 'Try again'),
    ).toBe('Try again');
    expect(addFailureMessage(new Error('500'), 'Try again')).toBe('Try again');
    expect(addFailureMessage(null, 'Try again')).toBe('Try again');
  });
});
