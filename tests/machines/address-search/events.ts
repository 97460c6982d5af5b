import type { SnapshotFrom } from 'xstate';
import {
  addressSearchMachine,
  type AddressSearchEvent,
  type LocatedAddress,
  type StoredDelivery,
} from '../../../machines/address-search/address-search.machine';
import type { PostcodeAddress, Restaurant } from '../../../src/api/types';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof addressSearchMachine>;

export const chiswick = { id: '16', site: 'Chiswick' } as Restaurant;
export const devonshire = {
  id: '1',
  address1: '12 Devonshire Road',
  address2: null,
  city: 'London',
  zip: 'W4 2HD',
  countryCode: 'GB',
  lat: 51.4916,
  lon: -0.2555,
} as PostcodeAddress;
export const located = (restaurant: Restaurant | null): LocatedAddress => ({
  address: {
    address1: '12 Devonshire Road',
    address2: null,
    city: 'London',
    zip: 'W4 2HD',
    countryCode: 'GB',
    lat: 51.4916,
    lon: -0.2555,
  },
  restaurant,
});
export const stored: StoredDelivery = {
  address: located(chiswick).address,
  restaurantId: '16',
  restaurantSite: 'Chiswick',
};

export const modelEvents = [
  { type: 'stored.use' },
  { type: 'search.restart' },
  { type: 'postcode.submit', postcode: 'w42hd' },
  { type: 'postcode.submit', postcode: '' },
  { type: 'postcode.submit', postcode: 'hello' },
  { type: 'address.choose', addressId: '1' },
  { type: 'address.choose', addressId: null },
  { type: 'address.enterManually' },
  { type: 'address.submit', address1: '9 Hatton Garden', address2: '', city: 'London' },
  { type: 'address.submit', address1: '', address2: '', city: 'London' },
  { type: 'kit.choose' },
  { type: 'xstate.done.actor.lookupAddresses', output: [devonshire] },
  { type: 'xstate.done.actor.lookupAddresses', output: [] },
  {
    type: 'xstate.error.actor.lookupAddresses',
    error: { message: "We couldn't find any addresses for ZZ9 9ZZ." },
  },
  { type: 'xstate.done.actor.locateAddress', output: located(chiswick) },
  { type: 'xstate.done.actor.locateAddress', output: located(null) },
  {
    type: 'xstate.error.actor.locateAddress',
    error: { message: "Can't find lat/long for postcode W4 2HD" },
  },
] as unknown as AddressSearchEvent[];
export const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.stored !== null, s.context.addresses.length > 0]);
export const entries = [
  { name: 'a first visit', input: { stored: null } },
  { name: 'a returning visitor with stored details', input: { stored } },
];

export const pathModel = {
  machine: addressSearchMachine,
  entries,
  events: modelEvents,
  serializeState: serialize,
} satisfies PathModel<Snapshot, AddressSearchEvent, { stored: StoredDelivery | null }>;
