import type { GuardRules } from '../shared/guard-rules';
import { postcodeGuardRules } from '../shared/postcode-guard-rules';
import type { addressSearchMachine } from './address-search.machine';

/** The address search's guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  hasStoredDelivery: {
    says: 'delivery details found less than a week ago are kept',
    rules: ['R3.10'],
  },
  ...postcodeGuardRules,
  hasAddresses: { says: 'the directory lists addresses for the postcode', rules: ['R3.13'] },
  isAddressMissing: { says: 'no address was chosen from the list', rules: ['R3.13'] },
  isStreetMissing: { says: 'no house number and street were typed', rules: ['R3.1', 'R3.13'] },
  isCityMissing: { says: 'no town was typed', rules: ['R3.2'] },
  hasRestaurant: { says: 'a restaurant delivers to the address', rules: ['R3.8'] },
} satisfies GuardRules<typeof addressSearchMachine>;
