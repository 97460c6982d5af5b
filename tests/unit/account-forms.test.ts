import { describe, expect, it } from 'vitest';
import { loginErrors, signupErrors } from '../../domain/account-forms';

const validSignup = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: '12345678',
  marketing: { emails: false, sms: false, mail: false },
};

describe('loginErrors', () => {
  it('asks for both fields', () => {
    expect(loginErrors({ email: '', password: '' }).map((e) => e.message)).toEqual([
      'Enter your email address',
      'Enter your password',
    ]);
  });

  it('explains the email format', () => {
    expect(loginErrors({ email: 'ada', password: 'x' })).toEqual([
      {
        field: 'email',
        message: 'Enter an email address in the correct format, like name@example.com',
      },
    ]);
  });
});

describe('signupErrors', () => {
  it('accepts a complete form, "no marketing" being a choice', () => {
    expect(signupErrors(validSignup)).toEqual([]);
  });

  it('requires a marketing preference', () => {
    expect(signupErrors({ ...validSignup, marketing: null }).map((e) => e.field)).toEqual([
      'marketing',
    ]);
  });

  it('needs 8 characters of password, 7 is not enough', () => {
    expect(signupErrors({ ...validSignup, password: '1234567' })).toEqual([
      { field: 'password', message: 'Password must be 8 characters or more' },
    ]);
  });

  it('lists every missing field in form order', () => {
    expect(
      signupErrors({ firstName: ' ', lastName: '', email: '', password: '', marketing: null }).map(
        (e) => e.field,
      ),
    ).toEqual(['firstName', 'lastName', 'email', 'password', 'marketing']);
  });
});
