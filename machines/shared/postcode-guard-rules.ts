import type { GuardRule } from './guard-rules';

/** The postcode checks every lookup shares (postcode-lookup.ts), in words. */
export const postcodeGuardRules = {
  isPostcodeMissing: { says: 'no postcode was typed', rules: ['R3.13', 'R8.11'] },
  isPostcodeMisshapen: {
    says: 'the postcode is not shaped like a UK postcode (any case and spacing)',
    rules: ['R3.4', 'R8.11'],
  },
} satisfies Record<string, GuardRule>;
