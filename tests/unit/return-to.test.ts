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

describe('safeReturnTo with the sign-in fallback (product rule R2.11)', () => {
  it('falls back to the account when nothing safe is asked for', () => {
    expect(safeReturnTo(null, '/account')).toBe('/account');
    expect(safeReturnTo('//evil.example', '/account')).toBe('/account');
  });

  it('still follows a site path', () => {
    expect(safeReturnTo('/menu?week=2', '/account')).toBe('/menu?week=2');
  });
});
