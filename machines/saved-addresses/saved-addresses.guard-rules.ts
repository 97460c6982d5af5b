import type { GuardRules } from '../shared/guard-rules';
import type { savedAddressesMachine } from './saved-addresses.machine';

/** The saved addresses' guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  hasAddress: { says: 'the address is one of the listed ones', rules: ['R3.3'] },
  canDelete: { says: 'not the only address a plan uses', rules: ['R3.14'] },
  isOtherThanDefault: { says: 'the address is not already the default', rules: ['R3.15'] },
  isDraftValid: {
    says: 'the address has every field it needs (UK postcode and phone)',
    rules: ['R3.15'],
  },
  isFieldFailure: { says: 'the server refused a field (400)', rules: ['R3.15'] },
} satisfies GuardRules<typeof savedAddressesMachine>;
