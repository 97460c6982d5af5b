import type { GuardRules } from '../shared/guard-rules';
import type { sessionMachine } from './session.machine';

/** The session's guard in words, with the product rules it encodes (R15.2). */
export const guardRules = {
  hasCustomer: { says: 'the server knows a signed-in customer', rules: ['R2.5'] },
  servedSignedOut: {
    says: 'the page was served to a request with no signed-in session',
    rules: ['R14.12'],
  },
  servedWithCustomer: {
    says: 'the page (an account page) carries its signed-in customer',
    rules: ['R14.12'],
  },
} satisfies GuardRules<typeof sessionMachine>;
