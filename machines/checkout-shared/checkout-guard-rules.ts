import type { GuardRule } from '../shared/guard-rules';

/** The guards every flow that pays shares (checkout-shared.ts's paymentGuards), in words. */
export const paymentGuardRules = {
  hasReturnedPayment: {
    says: 'the customer is back from the bank or wallet with a payment to check',
    rules: ['R1.10', 'R9.3'],
  },
  hasFormErrors: { says: 'the form has fields to correct', rules: ['R5.6'] },
  isNewCard: { says: 'the customer pays with a new card', rules: ['R5.10', 'R11.5'] },
  hasSucceeded: { says: 'the payment succeeded', rules: ['R9.3', 'R11.6'] },
} satisfies Record<string, GuardRule>;

/** The guards both checkouts share (checkout-shared.ts's checkoutGuards), in words. */
export const checkoutGuardRules = {
  isEntryPath: { says: 'the checkout was opened at this URL', rules: ['R5.1', 'R5.5'] },
  isUrl: { says: 'the customer moved to this URL', rules: ['R5.1', 'R5.5'] },
  isSignedIn: {
    says: 'the customer is signed in (else they first sign in or sign up)',
    rules: ['R5.1'],
  },
  hasBasket: { says: 'the basket has loaded', rules: ['R5.1'] },
  ...paymentGuardRules,
} satisfies Record<string, GuardRule>;
