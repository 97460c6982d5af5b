import type { GuardRules } from '../shared/guard-rules';
import { postcodeGuardRules } from '../shared/postcode-guard-rules';
import type { orderEditMachine } from './order-edit.machine';

/** Changing an order: its guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  isClosed: {
    says: 'the order can no longer change: past its cut-off, or a takeaway order',
    rules: ['R9.19'],
  },
  isStep: { says: 'the URL is this edit step', rules: ['R9.26'] },
  isEntryStep: { says: 'the edit was opened at this step', rules: ['R9.26'] },
  cameFrom: { says: 'the customer came from this step', rules: ['R9.26'] },
  ...postcodeGuardRules,
  isDraftValid: { says: 'the new address has every field it needs', rules: ['R9.25'] },
  hasFoundAddress: { says: 'the address is one the postcode lookup found', rules: ['R9.25'] },
  isClosedRefusal: {
    says: 'the server refused the change as too late (409)',
    rules: ['R9.19'],
  },
} satisfies GuardRules<typeof orderEditMachine>;
