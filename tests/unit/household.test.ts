import { describe, expect, it } from 'vitest';
import { householdKey } from '../../domain/household';

describe('householdKey', () => {
  it('is the postcode and the first line, written one way', () => {
    expect(householdKey({ zip: 'w4 2hd', address1: '12 Devonshire Road' })).toBe(
      'W4 2HD|12 devonshire road',
    );
  });

  it.each([
    ['W42HD', '12 Devonshire Road'],
    [' w4  2hd ', '  12  DEVONSHIRE  ROAD '],
    ['W4 2HD', '12, Devonshire Rd.'],
    ['W4 2HD', '12 devonshire rd'],
  ])('gives one key for %j, %j (case, spaces, punctuation, abbreviations)', (zip, address1) => {
    expect(householdKey({ zip, address1 })).toBe('W4 2HD|12 devonshire road');
  });

  it('joins a house number and its letter', () => {
    expect(householdKey({ zip: 'W4 2HD', address1: '12 A Devonshire Road' })).toBe(
      householdKey({ zip: 'W4 2HD', address1: '12a Devonshire Road' }),
    );
  });

  it('drops accents', () => {
    expect(householdKey({ zip: 'N1 9GU', address1: 'Café Terrace' })).toBe(
      householdKey({ zip: 'N1 9GU', address1: 'cafe tce' }),
    );
  });

  it('tells apart another door, another flat and another postcode', () => {
    const home = householdKey({ zip: 'W4 2HD', address1: '12 Devonshire Road' });
    expect(householdKey({ zip: 'W4 2HD', address1: '14 Devonshire Road' })).not.toBe(home);
    expect(householdKey({ zip: 'W4 2HD', address1: 'Flat 2, 12 Devonshire Road' })).not.toBe(home);
    expect(householdKey({ zip: 'W4 2HE', address1: '12 Devonshire Road' })).not.toBe(home);
  });

  it('reads "Apt" and "Apartment" as "Flat"', () => {
    expect(householdKey({ zip: 'W4 2HD', address1: 'Apt 2, 12 Devonshire Road' })).toBe(
      householdKey({ zip: 'W4 2HD', address1: 'Flat 2 12 Devonshire Road' }),
    );
  });
});
