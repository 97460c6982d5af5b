import { isUkPostcodeShape } from './postcode';

/** Product rule R3.1: ignore_me in address1 means no street yet. */
export const PLACEHOLDER_STREET = 'ignore_me';

export interface AddressLike {
  address1?: string | null;
  city?: string | null;
  zip?: string | null;
  phone?: string | null;
}

const filled = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';
export const hasRealStreet = (address1: string | null | undefined) =>
  filled(address1) && address1.trim() !== PLACEHOLDER_STREET;

/** Product rule R3.2: an address is ready with address1, city and zip, and not the placeholder. */
export function isAddressReady(address: AddressLike | null | undefined): boolean {
  return (
    !!address && hasRealStreet(address.address1) && filled(address.city) && filled(address.zip)
  );
}

/** Product rule R3.3: addresses without street, phone, city or zip are left out of the address list. */
export function listableAddresses<T extends AddressLike>(addresses: T[]): T[] {
  return addresses.filter(
    (a) => filled(a.address1) && filled(a.phone) && filled(a.city) && filled(a.zip),
  );
}

export interface EstimationInput {
  timeSlot?: string | null;
  restaurantId?: string | number | null;
  zip?: string | null;
  lat?: number | null;
  lon?: number | null;
  country?: string | null;
  address1?: string | null;
  city?: string | null;
}

/**
 * Product rule R4.6: a delivery estimation needs a time slot, restaurant, zip, lat, lon, country,
 * address1 and city, and either a UK postcode shape or a non-placeholder street.
 */
export function canEstimateDelivery(input: EstimationInput): boolean {
  const complete =
    filled(input.timeSlot) &&
    input.restaurantId !== null &&
    input.restaurantId !== undefined &&
    input.restaurantId !== '' &&
    filled(input.zip) &&
    typeof input.lat === 'number' &&
    typeof input.lon === 'number' &&
    filled(input.country) &&
    filled(input.address1) &&
    filled(input.city);
  return complete && (isUkPostcodeShape(input.zip ?? '') || hasRealStreet(input.address1));
}
