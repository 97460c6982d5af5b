import { readFileSync } from 'node:fs';

/** The centre of a UK postcode district (the outward code: W4, SW1A, EC1M). */
export interface PostcodeDistrict {
  outcode: string;
  lat: number;
  lon: number;
  town: string;
}

const DISTRICTS_CSV = new URL('../../db/seed-data/uk-postcode-districts.csv', import.meta.url);

/**
 * Reads the districts file: a `#` attribution line, a header, then
 * `outcode,latitude,longitude,town,county,country` rows (no quoted fields).
 */
export function parsePostcodeDistricts(csv: string): Map<string, PostcodeDistrict> {
  const districts = new Map<string, PostcodeDistrict>();
  for (const line of csv.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#') || line.startsWith('outcode,')) continue;
    const [outcode, latitude, longitude, town] = line.split(',');
    // Number('') is 0, a point in the sea off Ghana: an empty coordinate is a bad row.
    const lat = latitude ? Number(latitude) : NaN;
    const lon = longitude ? Number(longitude) : NaN;
    if (!outcode || !Number.isFinite(lat) || !Number.isFinite(lon))
      throw new Error(`Bad postcode district row: ${line}`);
    districts.set(outcode, { outcode, lat, lon, town: town ?? '' });
  }
  return districts;
}

let loaded: Map<string, PostcodeDistrict> | undefined;

/**
 * The 2,848 districts, read once on first use (about 150 KB; a few milliseconds), so start-up
 * does not wait for them and no table or migration is needed for reference data.
 */
export function postcodeDistricts(): Map<string, PostcodeDistrict> {
  loaded ??= parsePostcodeDistricts(readFileSync(DISTRICTS_CSV, 'utf8'));
  return loaded;
}

/** The outward code of a normalised postcode ('SW1A 1AA' -> 'SW1A'). */
export const outwardCode = (postcode: string) => postcode.split(' ')[0] ?? postcode;
