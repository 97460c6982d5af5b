import { describe, expect, it } from 'vitest';
import { pathUnder, pathWithin } from '../../src/flows/flow-path';

describe("a flow's step paths under a base URL (/order/{id}/edit)", () => {
  const base = '/order/7/edit';

  it('places a relative step path under the base, and leaves an absolute one as it is', () => {
    expect(pathUnder('recipes', base)).toBe('/order/7/edit/recipes');
    expect(pathUnder('', base)).toBe(base);
    expect(pathUnder('/checkout/payment', base)).toBe('/checkout/payment');
    expect(pathUnder('/checkout/payment')).toBe('/checkout/payment');
  });

  it('names a URL by the part within the base, the base itself being empty', () => {
    expect(pathWithin('/order/7/edit/recipes', base)).toBe('recipes');
    expect(pathWithin('/order/7/edit', base)).toBe('');
    expect(pathWithin('/order/71/edit', base)).toBe('/order/71/edit');
    expect(pathWithin('/checkout/payment')).toBe('/checkout/payment');
  });
});
