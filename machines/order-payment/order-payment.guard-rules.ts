import { paymentGuardRules } from '../checkout-shared/checkout-guard-rules';
import type { GuardRules } from '../shared/guard-rules';
import type { orderPaymentMachine } from './order-payment.machine';

/** Paying an order later: its guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  ...paymentGuardRules,
  isAwaitingPayment: {
    says: 'the order is payment-failed (payment_pending or not_authorized)',
    rules: ['R9.2'],
  },
  isAlreadyPaid: { says: 'the order is already paid', rules: ['R9.3'] },
  isNotFound: { says: 'no such order for this customer (404)', rules: ['R9.14'] },
  isDeclined: { says: 'the card was declined (402)', rules: ['R11.6'] },
  paidThisOrder: { says: 'the returned payment succeeded, and for this order', rules: ['R9.3'] },
} satisfies GuardRules<typeof orderPaymentMachine>;
