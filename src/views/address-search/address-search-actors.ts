import { fromPromise } from 'xstate';
import {
  ADDRESS_SEARCH_MESSAGES,
  addressSearchMachine,
  type LocatedAddress,
  type LookupFailure,
  type StoredDelivery,
} from '../../../machines/address-search/address-search.machine';
import { api, unwrap } from '../../api/client';
import { isApiRequestError } from '../../api/api-error';
import { toEntity } from '../../api/json-api';
import { listPostcodeAddresses } from '../../api/postcode-lookup';
import type { Restaurant } from '../../api/types';
import { ONE_WEEK_MS, writeStored } from '../../app/storage';

const failure = (message: string): LookupFailure => ({ message });

/** The server's own message when it gave one (it names the postcode), else the fallback of product rule R3.7. */
const messageOf = (error: unknown, fallback: string) =>
  (isApiRequestError(error) && error.status === 404 && error.serverMessage) || fallback;

export const liveAddressSearchMachine = addressSearchMachine.provide({
  actors: {
    // Fails with the words to show (product rule R3.13), shared with the kit's address step.
    lookupAddresses: fromPromise(({ input }) => listPostcodeAddresses(input.postcode)),
    locateAddress: fromPromise(async ({ input }): Promise<LocatedAddress> => {
      let { lat, lon } = input;
      if (lat === null || lon === null) {
        try {
          const body = await unwrap(
            api.GET('/postcodes/{postcode}', { params: { path: { postcode: input.zip } } }),
          );
          ({ lat, lon } = body.data.attributes);
        } catch (error) {
          throw failure(messageOf(error, ADDRESS_SEARCH_MESSAGES.noCoordinates));
        }
      }
      const nearest = await unwrap(
        api.GET('/restaurants/nearest', {
          params: { query: { lat, lon, fulfillment_type: 'delivery' } },
        }),
      ).catch(() => {
        throw failure(ADDRESS_SEARCH_MESSAGES.noRestaurants);
      });
      // Product rule R3.8: the first of the returned list is used.
      const first = nearest.data[0];
      return {
        address: { ...input, lat, lon },
        restaurant: first ? (toEntity(first) as Restaurant) : null,
      };
    }),
  },
  actions: {
    storeDelivery: (_, delivery: StoredDelivery) => {
      writeStored('delivery', delivery, { ttlMs: ONE_WEEK_MS });
      writeStored('addressData', delivery.address, { ttlMs: ONE_WEEK_MS });
      writeStored('addressText', formatAddress(delivery.address), { ttlMs: ONE_WEEK_MS });
    },
  },
});

export function formatAddress(address: {
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
}): string {
  return [address.address1, address.address2, address.city, address.zip].filter(Boolean).join(', ');
}
