import type { GuardRules } from '../shared/guard-rules';
import type { authMachine } from './auth.machine';

/** The sign-in flow's guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  hasToken: { says: 'the URL carries a sign-in token, used first', rules: ['R2.1'] },
  isSignedIn: { says: 'the customer is already signed in, so goes to /', rules: ['R2.1'] },
  isPath: { says: 'the URL is this sign-in screen', rules: ['R2.1'] },
  isSignInPath: {
    says: '/login or /social-login: one email sign-in form while there are no social providers',
    rules: ['R2.12'],
  },
  isResetSession: { says: 'the customer is setting a new password', rules: ['R2.4'] },
  hasFormErrors: { says: 'the form has fields to correct', rules: ['R2.3'] },
  isPasswordReset: { says: 'the password was changed', rules: ['R2.4'] },
} satisfies GuardRules<typeof authMachine>;
