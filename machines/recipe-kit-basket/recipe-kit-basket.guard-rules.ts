import type { GuardRules } from '../shared/guard-rules';
import type { recipeKitBasketMachine } from './recipe-kit-basket.machine';

/** The recipe-kit box's guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  mayCreate: {
    says: 'no token sign-in under way and not on the gift boxes, so a box may be made',
    rules: ['R7.11'],
  },
  hasBasket: { says: 'the box exists', rules: ['R7.11'] },
  hasPendingChange: { says: 'clicks wait to be sent to the server', rules: ['R7.21'] },
  hasWaitTriesLeft: { says: 'the box is still loading within its 10 s wait', rules: ['R4.4'] },
  hasVoucher: { says: 'the box has a voucher to remove', rules: ['R12.3'] },
  isBasketReady: { says: 'every week and the total reach their minimums', rules: ['R7.13'] },
} satisfies GuardRules<typeof recipeKitBasketMachine>;
