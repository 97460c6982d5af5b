import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../../domain/return-to';

describe('safeReturnTo', () => {
  it.each(['/account', '/account/my-details?tab=1', '/checkout/payment#card'])(
    'keeps the site path %s',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it.each([
    null,
    undefined,
    '',
    'account',
    '//evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil',
  ])('falls back to / for %s', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});
