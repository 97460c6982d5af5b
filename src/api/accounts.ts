import type { LoginForm, SignupForm } from '../../domain/account-forms';
import { forgetReferral, keptReferral } from '../components/referral-link';
import { api, unwrap } from './client';
import { toEntity } from './json-api';
import type { Customer } from './types';

/** POST sessions: the sign-in of the auth flow and of every checkout. */
export async function signInWithPassword(form: LoginForm, targetUrl?: string): Promise<Customer> {
  const body = await unwrap(
    api.POST('/sessions', {
      body: {
        email: form.email.trim(),
        password: form.password,
        ...(targetUrl !== undefined && { target_url: targetUrl }),
      },
    }),
  );
  return toEntity(body.data) as Customer;
}

/** POST customers: the sign-up of the auth flow and of every checkout. */
export async function signUpCustomer(form: SignupForm): Promise<Customer> {
  const marketing = form.marketing ?? { emails: false, sms: false, mail: false };
  // Product rule R12.11: the referral link this visitor came through, if any.
  const referral = keptReferral();
  const body = await unwrap(
    api.POST('/customers', {
      body: {
        first_name: form.firstName.trim(),
        last_name: form.lastName.trim(),
        email: form.email.trim(),
        password: form.password,
        accepts_emails: marketing.emails,
        accepts_sms: marketing.sms,
        accepts_mail: marketing.mail,
        ...(referral !== null && { referral_token: referral }),
      },
    }),
  );
  forgetReferral();
  return toEntity(body.data) as Customer;
}
