import { randomBytes } from 'node:crypto';

/** A new customer's sign-up body, with a unique email. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `ada.${randomBytes(4).toString('hex')}@example.com`,
    password: 'tagliatelle-42',
    accepts_emails: true,
    accepts_sms: false,
    accepts_mail: false,
    ...overrides,
  };
}
