import { parseUkPostcode } from '../../../domain/postcode';
import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import type { PostcodeLookup } from '../../services/postcode-directory/postcode-directory';
import type { Deps } from '../../deps';

export const postcodeNotFoundForGeocode = (postcode: string) =>
  `Can't find lat/long for postcode ${postcode}`;
export const postcodeNotFoundForLookup = (postcode: string) =>
  `We couldn't find any addresses for ${postcode}. Check the postcode and try again.`;

export function postcodeHandlers({
  postcodeDirectory,
}: Deps): OperationHandlers<'geocodePostcode' | 'listPostcodeAddresses'> {
  const find = async (
    raw: string,
    notFoundMessage: (postcode: string) => string,
  ): Promise<PostcodeLookup> => {
    const postcode = parseUkPostcode(raw);
    if (!postcode) {
      throw new ApiError(400, 'invalid_postcode', 'Invalid postcode', {
        detail: 'Enter a real postcode, like W4 2HD',
        parameter: 'postcode',
      });
    }
    let found: PostcodeLookup | undefined;
    try {
      found = await postcodeDirectory.lookup(postcode);
    } catch {
      throw new ApiError(502, 'postcode_service_unavailable', 'Postcode lookup failed', {
        detail: `We couldn't look up ${postcode} just now. Try again in a moment.`,
      });
    }
    if (!found)
      throw new ApiError(404, 'postcode_not_found', 'Postcode not found', {
        detail: notFoundMessage(postcode),
        parameter: 'postcode',
      });
    return found;
  };

  return {
    geocodePostcode: async (request) => {
      const found = await find(request.params.postcode, postcodeNotFoundForGeocode);
      return {
        data: {
          type: 'postcodes' as const,
          id: found.postcode,
          attributes: { postcode: found.postcode, lat: found.lat, lon: found.lon },
        },
      };
    },
    listPostcodeAddresses: async (request) => {
      const found = await find(request.params.postcode, postcodeNotFoundForLookup);
      return {
        data: found.addresses.map((address) => ({
          type: 'postcode_addresses' as const,
          id: address.id,
          attributes: {
            address1: address.address1,
            address2: address.address2,
            city: address.city,
            zip: found.postcode,
            country_code: 'GB',
            lat: address.lat,
            lon: address.lon,
          },
        })),
        meta: { postcode: found.postcode, lat: found.lat, lon: found.lon },
      };
    },
  };
}
