import type { addresses, BasketAddress } from '../db/schema';

/** A saved address as an order keeps it: a copy, so later edits to the address leave the order be. */
export const orderAddressOf = (row: typeof addresses.$inferSelect): BasketAddress => ({
  address1: row.address1,
  address2: row.address2,
  city: row.city,
  zip: row.zip,
  phone: row.phone,
  first_name: row.firstName,
  last_name: row.lastName,
  lat: row.lat,
  lon: row.lon,
  company: row.company,
  country: row.country,
  country_code: row.countryCode,
  region: row.region,
  region_code: row.regionCode,
});
