import type { components } from '../../../openapi/schema';
import type { addresses } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;

export function addressResource(row: AddressRow): components['schemas']['AddressResource'] {
  return {
    type: 'addresses',
    id: String(row.id),
    attributes: {
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      zip: row.zip,
      company: row.company,
      region: row.region,
      region_code: row.regionCode,
      country: row.country,
      country_code: row.countryCode,
      first_name: row.firstName,
      last_name: row.lastName,
      phone: row.phone,
      is_default: row.isDefault,
      lat: row.lat,
      lon: row.lon,
    },
  };
}
