/** GOV.UK-style messages for the account forms: each says how to fix the problem. */
export interface FormError {
  field: string;
  message: string;
}

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailErrors(email: string, field = 'email'): FormError[] {
  if (!email.trim()) return [{ field, message: 'Enter your email address' }];
  if (!EMAIL_SHAPE.test(email.trim()))
    return [
      { field, message: 'Enter an email address in the correct format, like name@example.com' },
    ];
  return [];
}

export function newPasswordErrors(password: string, field = 'password'): FormError[] {
  if (!password) return [{ field, message: 'Enter a password' }];
  if (password.length < MIN_PASSWORD_LENGTH)
    return [{ field, message: `Password must be ${MIN_PASSWORD_LENGTH} characters or more` }];
  return [];
}

export interface LoginForm {
  email: string;
  password: string;
}

export function loginErrors(form: LoginForm): FormError[] {
  return [
    ...emailErrors(form.email),
    ...(form.password ? [] : [{ field: 'password', message: 'Enter your password' }]),
  ];
}

export interface SignupForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /**
   * Product rule R2.3: sign-up requires a marketing preference; null until the customer chooses.
   */
  marketing: { emails: boolean; sms: boolean; mail: boolean } | null;
}

export function signupErrors(form: SignupForm): FormError[] {
  return [
    ...(form.firstName.trim() ? [] : [{ field: 'firstName', message: 'Enter your first name' }]),
    ...(form.lastName.trim() ? [] : [{ field: 'lastName', message: 'Enter your last name' }]),
    ...emailErrors(form.email),
    ...newPasswordErrors(form.password),
    ...(form.marketing
      ? []
      : [
          {
            field: 'marketing',
            message: 'Select how you would like to hear from us, or select that you do not want to',
          },
        ]),
  ];
}
