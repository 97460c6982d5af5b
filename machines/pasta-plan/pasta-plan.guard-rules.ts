import type { GuardRules } from '../shared/guard-rules';
import type { pastaPlanMachine } from './pasta-plan.machine';

/** The pasta plan page's guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  hasNoPlans: { says: 'the customer has no selectable plan', rules: ['R10.11'] },
  isSelectablePlan: { says: 'the plan is one of the selectable ones', rules: ['R10.11'] },
  canSkipWeek: {
    says: 'the week is active and still before its cut-off, with no order',
    rules: ['R10.4', 'R10.5'],
  },
  canUnskipWeek: {
    says: 'the week is skipped and still before its cut-off, with no order',
    rules: ['R10.4', 'R10.5'],
  },
  canPausePlan: { says: 'the plan is active, failed or paused, and scheduled', rules: ['R10.7'] },
  canResumePlan: { says: 'the plan is paused', rules: ['R10.9'] },
  canCancelPlan: { says: 'the plan is not yet cancelled', rules: ['R10.14'] },
  isCancelReasonGiven: {
    says: 'a reason is chosen; "other" with the customer\'s words',
    rules: ['R10.13'],
  },
  canSkipInstead: { says: 'a coming week can still be skipped instead', rules: ['R10.17'] },
  canPauseInstead: {
    says: 'the plan is active or failed, so it can be paused instead',
    rules: ['R10.17'],
  },
  isPauseChoiceAllowed: {
    says: "indefinitely, or one of the plan's coming delivery dates within 12 weeks",
    rules: ['R10.8'],
  },
} satisfies GuardRules<typeof pastaPlanMachine>;
