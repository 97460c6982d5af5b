import { checkoutGuardRules } from '../checkout-shared/checkout-guard-rules';
import type { GuardRules } from '../shared/guard-rules';
import type { takeawayCheckoutMachine } from './takeaway-checkout.machine';

/** The takeaway checkout's guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  ...checkoutGuardRules,
  hasReturnedSetupIntent: {
    says: 'the customer is back from setting up a wallet',
    rules: ['R1.10', 'R5.7'],
  },
  isBasketEmpty: { says: 'the basket has no items', rules: ['R4.5'] },
  isDelivery: {
    says: 'the order is for delivery (pickup and eat-in skip the address)',
    rules: ['R6.3'],
  },
  needsAddress: {
    says: 'a delivery without a ready address, names and phone',
    rules: ['R6.3', 'R5.2'],
  },
  hasOrder: {
    says: 'the order is made, so payment was reached from the instructions',
    rules: ['R6.2'],
  },
  isWalletSetup: { says: 'the customer pays by setting up a wallet', rules: ['R1.10'] },
} satisfies GuardRules<typeof takeawayCheckoutMachine>;
