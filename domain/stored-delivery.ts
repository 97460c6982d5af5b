/** The delivery details kept for a week after the address search (product rule R3.10). */
export interface StoredDeliveryShape {
  address: {
    address1: string;
    address2: string | null;
    city: string;
    zip: string;
    countryCode: string;
    lat: number;
    lon: number;
  };
  restaurantId: string;
  restaurantSite: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Stored data may come from an older version of the app or be edited by hand: anything not in
 * today's shape is treated as missing rather than trusted.
 */
export function isStoredDelivery(value: unknown): value is StoredDeliveryShape {
  if (!isObject(value) || !isObject(value.address)) return false;
  const { address } = value;
  return (
    typeof value.restaurantId === 'string' &&
    typeof value.restaurantSite === 'string' &&
    typeof address.address1 === 'string' &&
    typeof address.city === 'string' &&
    typeof address.zip === 'string' &&
    typeof address.lat === 'number' &&
    typeof address.lon === 'number'
  );
}
