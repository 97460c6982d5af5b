import { describe, expect, it } from 'vitest';
import { isRowId } from '../../server/http/input-guards';

describe('isRowId', () => {
  it('accepts plain decimal ids within int4', () => {
    for (const id of ['1', '16', '2147483647']) expect(isRowId(id), id).toBe(true);
  });

  it('refuses every other notation, zero, negatives and ids beyond int4', () => {
    for (const id of ['0x10', '1e3', '-1', '0', '+1', '01', ' 1', '1.0', '2147483648', '', 'abc'])
      expect(isRowId(id), id).toBe(false);
  });
});
