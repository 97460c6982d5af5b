import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POSTCODES } from '../../server/db/seed-data/postcodes';
import {
  outwardCode,
  parsePostcodeDistricts,
  postcodeDistricts,
} from '../../server/services/postcode-directory/postcode-districts';

const CSV = 'server/db/seed-data/uk-postcode-districts.csv';

describe('the postcode districts file (product rule R3.13)', () => {
  it('keeps its attribution line first', () => {
    expect(readFileSync(CSV, 'utf8').split(/\r?\n/)[0]).toContain(
      'Contains OS data © Crown copyright and database right',
    );
  });

  it('holds all 2,848 districts, each once, inside the UK and the Channel Islands', () => {
    const districts = postcodeDistricts();

    expect(districts.size).toBe(2848);
    expect(readFileSync(CSV, 'utf8').trim().split(/\r?\n/)).toHaveLength(2848 + 2);
    for (const { outcode, lat, lon } of districts.values()) {
      expect(outcode).toMatch(/^[A-Z]{1,2}[0-9][A-Z0-9]?$/);
      expect(lat, outcode).toBeGreaterThan(49.1);
      expect(lat, outcode).toBeLessThan(61);
      expect(lon, outcode).toBeGreaterThan(-8.7);
      expect(lon, outcode).toBeLessThan(1.8);
    }
  });

  it('has the district of every seeded postcode and of the real ones customers type', () => {
    const districts = postcodeDistricts();
    const typed = ['SW1A 1AA', 'W4 2PH', 'EC1M 6BQ', 'SE10 9HT', 'IV1 1AA'];

    for (const postcode of [...POSTCODES.map((p) => p.postcode), ...typed]) {
      expect(districts.has(outwardCode(postcode)), postcode).toBe(true);
    }
    expect(districts.get('SW1A')).toEqual({
      outcode: 'SW1A',
      lat: 51.50265,
      lon: -0.13111,
      town: 'Westminster',
    });
  });

  it('reads a row, skips the attribution and header, and refuses a row without coordinates', () => {
    const districts = parsePostcodeDistricts(
      '# attribution\r\noutcode,latitude,longitude,town,county,country\r\nW4,51.49118,-0.26268,Hounslow,Greater London,England\r\n',
    );

    expect([...districts.values()]).toEqual([
      { outcode: 'W4', lat: 51.49118, lon: -0.26268, town: 'Hounslow' },
    ]);
    expect(() => parsePostcodeDistricts('W4,,-0.26268,Hounslow,,England')).toThrow(
      'Bad postcode district row',
    );
  });

  it('takes the outward code of a normalised postcode', () => {
    expect(outwardCode('SW1A 1AA')).toBe('SW1A');
    expect(outwardCode('W4 2PH')).toBe('W4');
  });
});
