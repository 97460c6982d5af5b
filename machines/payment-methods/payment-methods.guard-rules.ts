import type { GuardRules } from '../shared/guard-rules';
import type { paymentMethodsMachine } from './payment-methods.machine';

/** The saved payment methods' guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  canRemove: {
    says: 'not the default while there are others, nor the only one a plan uses',
    rules: ['R11.4', 'R11.7'],
  },
  isOtherThanDefault: { says: 'the method is not already the default', rules: ['R11.4'] },
  isPlanMethodChange: {
    says: 'another saved method for a plan that is not cancelled',
    rules: ['R11.9'],
  },
} satisfies GuardRules<typeof paymentMethodsMachine>;
