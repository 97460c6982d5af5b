import { describe, expect, it } from 'vitest';
import { isUkPostcodeShape, normalisePostcode, parseUkPostcode } from '../../domain/postcode';

describe('isUkPostcodeShape', () => {
  it.each(['W4 2HD', 'w42hd', 'EC1N 7TR', 'SW1A 1AA', 'M90 1QX', 'B1 1AA', 'CR2 6XH', 'DN55 1PT'])(
    'accepts %s',
    (postcode) => {
      expect(isUkPostcodeShape(postcode)).toBe(true);
    },
  );

  it.each([
    '',
    'W4',
    '2HD',
    'W4 2H',
    'WWW4 2HD',
    'W4  2HD',
    'W4 2HDX',
    '12 Devonshire Road',
    'W4-2HD',
  ])('refuses %s', (postcode) => {
    expect(isUkPostcodeShape(postcode)).toBe(false);
  });
});

describe('normalisePostcode', () => {
  it('upper-cases and puts one space before the last three characters', () => {
    expect(normalisePostcode(' w42hd ')).toBe('W4 2HD');
    expect(normalisePostcode('ec1n   7tr')).toBe('EC1N 7TR');
    expect(normalisePostcode('M901QX')).toBe('M90 1QX');
  });
});

describe('parseUkPostcode', () => {
  it.each([
    ['w4  2hd', 'W4 2HD'],
    [' W 4 2 H D ', 'W4 2HD'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['dn551pt', 'DN55 1PT'],
    ['\tec1n\n8ss', 'EC1N 8SS'],
  ])('reads %j as %s', (typed, postcode) => {
    expect(parseUkPostcode(typed)).toBe(postcode);
  });

  it.each([
    '',
    '   ',
    'W4',
    'hello',
    'W4-2HD',
    '12 Devonshire Road',
    'WWW42HD',
    '1W4 2HD',
    'W4 2H1',
  ])('refuses %j', (typed) => {
    expect(parseUkPostcode(typed)).toBeUndefined();
  });
});
