import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { postcodeAddresses, postcodes } from '../../db/schema';
import type { PostcodeDirectory } from './postcode-directory';

/** The seeded `postcodes` and `postcode_addresses` tables: real UK postcodes around the restaurants. */
export function embeddedDirectory(db: Database): PostcodeDirectory {
  return {
    async lookup(postcode) {
      const [place] = await db.select().from(postcodes).where(eq(postcodes.postcode, postcode));
      if (!place) return undefined;
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
