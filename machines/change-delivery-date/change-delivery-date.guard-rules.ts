import type { GuardRules } from '../shared/guard-rules';
import type { changeDeliveryDateMachine } from './change-delivery-date.machine';

/** Changing a plan week's delivery date: its guards in words, with their product rules (R15.2). */
export const guardRules = {
  isClosed: { says: "the week's cut-off has passed or it has its order", rules: ['R10.5'] },
  isAvailableDay: {
    says: "the day is one of the week's available days",
    rules: ['R10.25', 'R8.4'],
  },
  isNewDay: { says: 'the chosen day differs from the current one', rules: ['R10.25'] },
  isTooLate: { says: 'the server says the cut-off passed meanwhile (409)', rules: ['R10.5'] },
} satisfies GuardRules<typeof changeDeliveryDateMachine>;
