import { checkoutGuardRules } from '../checkout-shared/checkout-guard-rules';
import type { GuardRules } from '../shared/guard-rules';
import { postcodeGuardRules } from '../shared/postcode-guard-rules';
import type { kitCheckoutMachine } from './kit-checkout.machine';

/** The recipe-kit checkout's guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  ...checkoutGuardRules,
  ...postcodeGuardRules,
  isBasketEmpty: { says: 'the box has no dishes', rules: ['R8.2'] },
  isBasketInvalid: { says: 'the box is below its minimums', rules: ['R8.2', 'R7.13'] },
  needsDeliveryAddress: {
    says: 'no ready delivery address or names are known',
    rules: ['R5.2', 'R3.2'],
  },
  hasReadyShippingAddress: {
    says: 'the delivery address is ready, so the instructions can be given',
    rules: ['R5.3'],
  },
  hasPreview: { says: 'the order has been priced', rules: ['R8.7'] },
  hasUnpaidOrder: { says: 'an order was made and waits for its payment', rules: ['R9.3'] },
  isListedAddress: { says: 'the address is one of the listable saved ones', rules: ['R8.3'] },
  hasFoundAddresses: { says: 'the directory lists addresses for the postcode', rules: ['R8.11'] },
  isFoundAddress: { says: 'the address is one the postcode lookup found', rules: ['R8.11'] },
  isPostcodeUnknown: {
    says: 'the server refused the postcode as unknown (4xx), not a fault to try again',
    rules: ['R8.11', 'R8.12'],
  },
  isCardRequested: {
    says: 'store credit does not cover the box, or the basket asks for a card',
    rules: ['R11.1'],
  },
  isDeclined: {
    says: 'the card was declined (402) or declined too often (429)',
    rules: ['R11.6'],
  },
} satisfies GuardRules<typeof kitCheckoutMachine>;
