import type { GuardRules } from '../shared/guard-rules';
import type { takeawayBasketMachine } from './takeaway-basket.machine';

/** The takeaway basket's guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  hasBasket: { says: 'the basket exists (the first add makes it)', rules: ['R4.2'] },
  hasVoucher: { says: 'the basket has a voucher to remove', rules: ['R12.3'] },
  hasPendingChange: { says: 'clicks wait to be sent to the server', rules: ['R4.15'] },
  hasWaitTriesLeft: { says: 'the basket is still loading within its 10 s wait', rules: ['R4.4'] },
  isBasketValid: {
    says: "the basket has items and reaches the restaurant's minimum spend",
    rules: ['R4.5'],
  },
  isOfferingUpsells: {
    says: 'the upsells are shown and the basket can still check out',
    rules: ['R4.8', 'R4.5'],
  },
} satisfies GuardRules<typeof takeawayBasketMachine>;
