import type { GuardRules } from '../shared/guard-rules';
import type { verifyEmailMachine } from './verify-email.machine';

/** Verifying an email address: its guard in words, with the product rule it encodes (R15.2). */
export const guardRules = {
  hasToken: { says: 'the link carries a verification token', rules: ['R2.19'] },
} satisfies GuardRules<typeof verifyEmailMachine>;
