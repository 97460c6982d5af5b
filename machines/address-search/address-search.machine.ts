import { assign, fromPromise, setup } from 'xstate';
import type { PostcodeAddress, Restaurant } from '../../src/api/types';
import { normalisePostcode } from '../../domain/postcode';
import { POSTCODE_MESSAGES, postcodeChecks, postcodeGuards } from '../shared/postcode-lookup';

export const ADDRESS_SEARCH_MESSAGES = {
  ...POSTCODE_MESSAGES,
  chooseAddress: 'Select your address',
  enterStreet: 'Enter the first line of your address',
  enterCity: 'Enter your town or city',
  noRestaurants: 'No restaurants available',
  noCoordinates: 'Could not get coordinates from address',
} as const;

/** Where the customer wants their pasta: the address with its coordinates. */
export interface DeliveryAddress {
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  countryCode: string;
  lat: number | null;
  lon: number | null;
}

export interface StoredDelivery {
  address: DeliveryAddress & { lat: number; lon: number };
  restaurantId: string;
  restaurantSite: string;
}

export interface AddressSearchContext {
  stored: StoredDelivery | null;
  postcode: string;
  addresses: PostcodeAddress[];
  address: DeliveryAddress | null;
  /** The customer typed the address rather than picking it from the list. */
  typedAddress: boolean;
  restaurant: Restaurant | null;
  /** Field id and message, shown in the error summary and by the field. */
  error: { field: string; message: string } | null;
  chosenKit: boolean;
}

export type AddressSearchEvent =
  | { type: 'stored.use' }
  | { type: 'search.restart' }
  | { type: 'postcode.submit'; postcode: string }
  | { type: 'address.choose'; addressId: string | null }
  | { type: 'address.enterManually' }
  | { type: 'address.submit'; address1: string; address2: string; city: string }
  | { type: 'kit.choose' };

export interface LocatedAddress {
  address: DeliveryAddress & { lat: number; lon: number };
  restaurant: Restaurant | null;
}

/** The actors report failures as the message to show. */
export type LookupFailure = { message: string };

export type AddressSearchOutput =
  { outcome: 'found'; delivery: StoredDelivery } | { outcome: 'recipeKit' };

export const addressSearchMachine = setup({
  types: {
    input: {} as { stored: StoredDelivery | null },
    context: {} as AddressSearchContext,
    events: {} as AddressSearchEvent,
    output: {} as AddressSearchOutput,
  },
  actors: {
    lookupAddresses: fromPromise<PostcodeAddress[], { postcode: string }>(async () => {
      throw new Error('lookupAddresses not provided');
    }),
    locateAddress: fromPromise<LocatedAddress, DeliveryAddress>(async () => {
      throw new Error('locateAddress not provided');
    }),
  },
  guards: {
    hasStoredDelivery: ({ context }) => context.stored !== null,
    ...postcodeGuards,
    hasAddresses: (_, addresses: PostcodeAddress[]) => addresses.length > 0,
    isAddressMissing: (_, addressId: string | null) => addressId === null,
    isStreetMissing: (_, event: { address1: string }) => event.address1.trim() === '',
    isCityMissing: (_, event: { city: string }) => event.city.trim() === '',
    hasRestaurant: (_, located: LocatedAddress) => located.restaurant !== null,
  },
  actions: {
    assignError: assign({ error: (_, error: { field: string; message: string }) => error }),
    clearError: assign({ error: null }),
    /** Lookup and geocoding failures arrive as the message to show by the postcode. */
    assignLookupFailure: assign({
      error: (_, failure: LookupFailure) => ({ field: 'postcode', message: failure.message }),
    }),
    assignPostcode: assign({ postcode: (_, postcode: string) => normalisePostcode(postcode) }),
    assignAddresses: assign({ addresses: (_, addresses: PostcodeAddress[]) => addresses }),
    assignChosenAddress: assign({
      typedAddress: false,
      address: ({ context }, addressId: string | null) => {
        const chosen = context.addresses.find((address) => address.id === addressId);
        return chosen
          ? {
              address1: chosen.address1,
              address2: chosen.address2,
              city: chosen.city,
              zip: chosen.zip,
              countryCode: chosen.countryCode,
              lat: chosen.lat,
              lon: chosen.lon,
            }
          : null;
      },
    }),
    assignTypedAddress: assign({
      typedAddress: true,
      address: ({ context }, typed: { address1: string; address2: string; city: string }) => ({
        address1: typed.address1.trim(),
        address2: typed.address2.trim() || null,
        city: typed.city.trim(),
        zip: context.postcode,
        countryCode: 'GB',
        lat: null,
        lon: null,
      }),
    }),
    assignLocated: assign({
      address: (_, located: LocatedAddress) => located.address,
      restaurant: (_, located: LocatedAddress) => located.restaurant,
    }),
    chooseKit: assign({ chosenKit: true }),
    /** Provided by the app: keeps the found delivery details (one week, product rule R3.10). */
    storeDelivery: (_, _delivery: StoredDelivery) => undefined,
  },
}).createMachine({
  id: 'addressSearch',
  context: ({ input }) => ({
    stored: input.stored,
    postcode: '',
    addresses: [],
    address: null,
    typedAddress: false,
    restaurant: null,
    error: null,
    chosenKit: false,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasStoredDelivery', target: 'confirmingStored' },
        { target: 'enteringPostcode' },
      ],
    },
    confirmingStored: {
      on: {
        'stored.use': { target: 'found' },
        'search.restart': { target: 'enteringPostcode' },
      },
    },
    enteringPostcode: {
      on: {
        'postcode.submit': [
          ...postcodeChecks('postcode'),
          {
            target: 'lookingUpAddresses',
            actions: [
              'clearError',
              { type: 'assignPostcode', params: ({ event }) => event.postcode },
            ],
          },
        ],
      },
    },
    lookingUpAddresses: {
      tags: ['busy'],
      invoke: {
        id: 'lookupAddresses',
        src: 'lookupAddresses',
        input: ({ context }) => ({ postcode: context.postcode }),
        onDone: [
          {
            guard: { type: 'hasAddresses', params: ({ event }) => event.output },
            target: 'choosingAddress',
            actions: { type: 'assignAddresses', params: ({ event }) => event.output },
          },
          // A provider that geocodes but lists no addresses: the customer types the street.
          { target: 'enteringAddress', actions: { type: 'assignAddresses', params: [] } },
        ],
        onError: {
          target: 'enteringPostcode',
          actions: {
            type: 'assignLookupFailure',
            params: ({ event }) => event.error as LookupFailure,
          },
        },
      },
    },
    choosingAddress: {
      on: {
        'address.choose': [
          {
            guard: { type: 'isAddressMissing', params: ({ event }) => event.addressId },
            actions: {
              type: 'assignError',
              params: { field: 'address', message: ADDRESS_SEARCH_MESSAGES.chooseAddress },
            },
          },
          {
            target: 'locating',
            actions: [
              'clearError',
              { type: 'assignChosenAddress', params: ({ event }) => event.addressId },
            ],
          },
        ],
        'address.enterManually': { target: 'enteringAddress', actions: 'clearError' },
        'search.restart': { target: 'enteringPostcode', actions: 'clearError' },
      },
    },
    enteringAddress: {
      on: {
        'address.submit': [
          {
            guard: { type: 'isStreetMissing', params: ({ event }) => event },
            actions: {
              type: 'assignError',
              params: { field: 'address1', message: ADDRESS_SEARCH_MESSAGES.enterStreet },
            },
          },
          {
            guard: { type: 'isCityMissing', params: ({ event }) => event },
            actions: {
              type: 'assignError',
              params: { field: 'city', message: ADDRESS_SEARCH_MESSAGES.enterCity },
            },
          },
          {
            target: 'locating',
            actions: ['clearError', { type: 'assignTypedAddress', params: ({ event }) => event }],
          },
        ],
        'search.restart': { target: 'enteringPostcode', actions: 'clearError' },
      },
    },
    locating: {
      tags: ['busy'],
      invoke: {
        id: 'locateAddress',
        src: 'locateAddress',
        input: ({ context }) => context.address!,
        onDone: [
          {
            guard: { type: 'hasRestaurant', params: ({ event }) => event.output },
            target: 'found',
            actions: [
              { type: 'assignLocated', params: ({ event }) => event.output },
              {
                type: 'storeDelivery',
                params: ({ event }) => ({
                  address: event.output.address,
                  restaurantId: event.output.restaurant!.id,
                  restaurantSite: event.output.restaurant!.site,
                }),
              },
            ],
          },
          {
            target: 'unavailable',
            actions: { type: 'assignLocated', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'enteringPostcode',
          actions: {
            type: 'assignLookupFailure',
            params: ({ event }) => event.error as LookupFailure,
          },
        },
      },
    },
    // Product rule R3.8: takeaway is unavailable at the address: a recipe kit, or another address.
    unavailable: {
      on: {
        'kit.choose': { target: 'recipeKit', actions: 'chooseKit' },
        'search.restart': { target: 'enteringPostcode' },
      },
    },
    found: { type: 'final' },
    recipeKit: { type: 'final' },
  },
  output: ({ context }) =>
    context.restaurant && context.address?.lat != null && context.address.lon != null
      ? {
          outcome: 'found',
          delivery: {
            address: { ...context.address, lat: context.address.lat, lon: context.address.lon },
            restaurantId: context.restaurant.id,
            restaurantSite: context.restaurant.site,
          },
        }
      : context.chosenKit || !context.stored
        ? { outcome: 'recipeKit' }
        : { outcome: 'found', delivery: context.stored },
});
