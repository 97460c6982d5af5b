import { ApiError } from '../../http/jsonapi';
import type { CustomerRow } from '../../services/sessions';

export function customerResource(row: CustomerRow) {
  return {
    type: 'customers' as const,
    id: String(row.id),
    attributes: {
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      phone: row.phone,
      store_credits: row.storeCreditPence / 100,
      tags: row.tags,
      // Orders arrive with the kit and takeaway channels; until then no customer has any.
      has_catalogue_orders: false,
      has_subscription_orders: false,
      has_takeaway_orders: false,
      ext_id: row.extId,
      social_login: row.socialLogin,
      accepts_emails: row.acceptsEmails,
      accepts_sms: row.acceptsSms,
      accepts_mail: row.acceptsMail,
      date_of_birth: row.dateOfBirth,
      referral_token: row.referralToken,
      email_verified: row.emailVerifiedAt !== null,
    },
  };
}

/** Emails are matched case-insensitively: stored trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Deliberately simple: one @, something before it, a dot in the domain, no spaces. */
export const isEmailShape = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export const invalidEmail = () =>
  new ApiError(400, 'invalid_email', 'Invalid email', {
    detail: 'Enter an email address in the correct format, like name@example.com',
    pointer: '/email',
  });
