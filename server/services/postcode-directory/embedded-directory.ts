import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { postcodeAddresses, postcodes } from '../../db/schema';
import type { PostcodeDirectory } from './postcode-directory';
import { outwardCode, postcodeDistricts } from './postcode-districts';

/**
 * The seeded `postcodes` and `postcode_addresses` tables (real UK postcodes around the
 * restaurants, with their addresses), and behind them the centre of every UK postcode district:
 * any other real postcode is placed at its district with no address list, so the customer types
 * the street (product rule R3.13).
 */
export function embeddedDirectory(db: Database): PostcodeDirectory {
  return {
    async lookup(postcode) {
      const [place] = await db.select().from(postcodes).where(eq(postcodes.postcode, postcode));
      if (!place) {
        const district = postcodeDistricts().get(outwardCode(postcode));
        return district && { postcode, lat: district.lat, lon: district.lon, addresses: [] };
      }
      const rows = await db
        .select()
        .from(postcodeAddresses)
        .where(eq(postcodeAddresses.postcode, postcode))
        .orderBy(asc(postcodeAddresses.id));
      return {
        postcode: place.postcode,
        lat: place.lat,
        lon: place.lon,
        addresses: rows.map((row) => ({
          id: String(row.id),
          address1: row.address1,
          address2: row.address2,
          city: row.city,
          lat: place.lat,
          lon: place.lon,
        })),
      };
    },
  };
}
