import { assign, fromPromise, setup } from 'xstate';
import {
  loginErrors,
  emailErrors,
  newPasswordErrors,
  signupErrors,
  type FormError,
  type LoginForm,
  type SignupForm,
} from '../../domain/account-forms';
import type { Customer } from '../../src/api/types';

/** Product rule R2.4 messages. */
export const AUTH_MESSAGES = {
  signInFailed: "Email and Password don't match",
  invalidEmail: 'Invalid email',
  signUpFailed: 'An error occurred while creating your account',
  passwordUpdateFailed: "Couldn't update password",
  linkExpired: 'This link has expired or has already been used. Ask for a new one.',
  resetRequestFailed: 'Something went wrong',
} as const;

export const AUTH_PATHS = {
  socialLogin: '/social-login',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

export interface AuthInput {
  path: string;
  /** Already through safeReturnTo. */
  returnTo: string;
  token: string | null;
  signedIn: boolean;
}

/** Failures the actors report, already read from the API error. */
export interface AuthFailure {
  status: number;
  code?: string;
  message?: string;
}

export type AuthNotice = 'signedIn' | 'signedUp' | 'passwordChanged' | null;

export interface AuthContext {
  entryPath: string;
  returnTo: string;
  /** What the customer is told on arrival after the flow. */
  notice: AuthNotice;
  token: string | null;
  signedIn: boolean;
  /** True only in a session started from a password-reset link: the one way to /reset-password. */
  resetSession: boolean;
  errors: FormError[];
  /** Sign-up failed because the email already has an account: offer sign-in and reset. */
  emailTaken: boolean;
  resetEmail: string;
  /** Where a sign-in link was asked to be sent (product rule R2.21). */
  linkEmail: string;
  customer: Customer | null;
}

export type AuthEvent =
  /** From the bridge: a URL reached by a link, typing or Back. */
  | { type: 'url.changed'; path: string; search: string }
  | { type: 'login.submit'; form: LoginForm }
  | { type: 'signup.submit'; form: SignupForm }
  | { type: 'reset.submit'; email: string }
  /** Product rule R2.21: a one-time sign-in link by email instead of the password. */
  | { type: 'link.submit'; email: string }
  /** From the link-sent screen back to the sign-in form (the same URL, so not a link). */
  | { type: 'login.again' }
  | { type: 'password.submit'; password: string };

export interface AuthOutput {
  redirectTo: string;
  customer: Customer | null;
  notice: AuthNotice;
}

const failureMessage = (error: unknown) => (error as AuthFailure | undefined) ?? { status: 0 };

/** Product rule R2.4: "Email and Password don't match", or the rate limit's own words. */
export const signInFailureErrors = (failure: AuthFailure): FormError[] => [
  {
    field: 'email',
    message:
      failure.status === 429 && failure.message ? failure.message : AUTH_MESSAGES.signInFailed,
  },
];

/** A rate limit's 429 says when to try again: that beats a generic message. */
const rateLimitMessage = (failure: AuthFailure) =>
  failure.status === 429 && failure.message ? failure.message : null;

/** Product rule R2.4: 'Invalid email' for a 400 invalid_email, the rate limit's own words, otherwise the generic message. */
export const signUpFailureErrors = (failure: AuthFailure): FormError[] => [
  {
    field: 'email',
    message:
      failure.status === 400 && failure.code === 'invalid_email'
        ? AUTH_MESSAGES.invalidEmail
        : (rateLimitMessage(failure) ?? AUTH_MESSAGES.signUpFailed),
  },
];

/** Product rule R2.4: 'Something went wrong', or the rate limit's own words. */
export const resetRequestFailureErrors = (failure: AuthFailure): FormError[] => [
  { field: 'email', message: rateLimitMessage(failure) ?? AUTH_MESSAGES.resetRequestFailed },
];

export const authMachine = setup({
  types: {
    input: {} as AuthInput,
    context: {} as AuthContext,
    events: {} as AuthEvent,
    output: {} as AuthOutput,
  },
  actors: {
    signIn: fromPromise<Customer, LoginForm & { targetUrl: string }>(async () => {
      throw new Error('signIn not provided');
    }),
    signUp: fromPromise<Customer, SignupForm>(async () => {
      throw new Error('signUp not provided');
    }),
    signInWithToken: fromPromise<{ customer: Customer; passwordReset: boolean }, { token: string }>(
      async () => {
        throw new Error('signInWithToken not provided');
      },
    ),
    requestPasswordReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestPasswordReset not provided');
    }),
    requestSignInLink: fromPromise<void, { email: string; returnTo: string }>(async () => {
      throw new Error('requestSignInLink not provided');
    }),
    changePassword: fromPromise<void, { password: string }>(async () => {
      throw new Error('changePassword not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isSignedIn: ({ context }) => context.signedIn,
    isPath: (_, params: { actual: string; expected: string }) => params.actual === params.expected,
    isSignInPath: (_, params: { actual: string }) =>
      params.actual === AUTH_PATHS.login || params.actual === AUTH_PATHS.socialLogin,
    isResetSession: ({ context }) => context.resetSession,
    hasFormErrors: (_, errors: FormError[]) => errors.length > 0,
    isPasswordReset: (_, output: { passwordReset: boolean }) => output.passwordReset,
  },
  actions: {
    assignErrors: assign({ errors: (_, errors: FormError[]) => errors }),
    clearErrors: assign({ errors: [], emailTaken: false }),
    assignSignInFailure: assign({
      errors: (_, failure: AuthFailure) => signInFailureErrors(failure),
    }),
    assignSignUpFailure: assign({
      errors: (_, failure: AuthFailure) => signUpFailureErrors(failure),
      emailTaken: (_, failure: AuthFailure) => failure.code === 'email_taken',
    }),
    assignCustomer: assign({ customer: (_, customer: Customer) => customer, signedIn: true }),
    assignNotice: assign({ notice: (_, notice: AuthNotice) => notice }),
    startResetSession: assign({ resetSession: true, token: null }),
    spendToken: assign({ token: null }),
    assignLinkExpired: assign({
      token: null,
      errors: [{ field: 'email', message: AUTH_MESSAGES.linkExpired }],
    }),
    assignResetEmail: assign({ resetEmail: (_, email: string) => email.trim() }),
    assignEmailRequestFailed: assign({
      errors: (_, failure: AuthFailure) => resetRequestFailureErrors(failure),
    }),
    assignLinkEmail: assign({ linkEmail: (_, email: string) => email.trim() }),
    assignPasswordFailed: assign({
      errors: [{ field: 'password', message: AUTH_MESSAGES.passwordUpdateFailed }],
    }),
    endResetSession: assign({ resetSession: false }),
    sendHome: assign({ returnTo: '/' }),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    entryPath: input.path,
    returnTo: input.returnTo,
    notice: null,
    token: input.token,
    signedIn: input.signedIn,
    resetSession: false,
    errors: [],
    emailTaken: false,
    resetEmail: '',
    linkEmail: '',
    customer: null,
  }),
  initial: 'routing',
  states: {
    // Product rule R2.1: a token signs in first; a signed-in customer goes to /; otherwise the URL's step.
    routing: {
      always: [
        { guard: 'hasToken', target: 'tokenSigningIn' },
        { guard: 'isSignedIn', target: 'done', actions: 'sendHome' },
        {
          guard: {
            type: 'isPath',
            params: ({ context }) => ({ actual: context.entryPath, expected: AUTH_PATHS.login }),
          },
          target: 'steps.login',
        },
        {
          guard: {
            type: 'isPath',
            params: ({ context }) => ({ actual: context.entryPath, expected: AUTH_PATHS.signup }),
          },
          target: 'steps.signup',
        },
        // /reset-password is reached only through a reset link: without one, ask for a link.
        {
          guard: {
            type: 'isPath',
            params: ({ context }) => ({
              actual: context.entryPath,
              expected: AUTH_PATHS.forgotPassword,
            }),
          },
          target: 'steps.forgotPassword',
        },
        {
          guard: {
            type: 'isPath',
            params: ({ context }) => ({
              actual: context.entryPath,
              expected: AUTH_PATHS.resetPassword,
            }),
          },
          target: 'steps.forgotPassword',
        },
        // Product rule R2.12: without social sign-in providers, /social-login is the email form.
        { target: 'steps.login' },
      ],
    },
    // The steps a customer can move between freely, by link, typed URL or Back.
    steps: {
      initial: 'login',
      on: {
        'url.changed': [
          {
            // Product rule R2.12: /social-login (no social providers yet) and /login are one form.
            guard: {
              type: 'isSignInPath',
              params: ({ event }) => ({ actual: event.path }),
            },
            target: '.login',
            actions: 'clearErrors',
          },
          {
            guard: {
              type: 'isPath',
              params: ({ event }) => ({ actual: event.path, expected: AUTH_PATHS.signup }),
            },
            target: '.signup',
            actions: 'clearErrors',
          },
          {
            guard: {
              type: 'isPath',
              params: ({ event }) => ({ actual: event.path, expected: AUTH_PATHS.forgotPassword }),
            },
            target: '.forgotPassword',
            actions: 'clearErrors',
          },
          { guard: 'isResetSession', target: '.resetPassword' },
        ],
      },
      states: {
        login: {
          meta: { path: AUTH_PATHS.login },
          on: {
            'login.submit': [
              {
                guard: { type: 'hasFormErrors', params: ({ event }) => loginErrors(event.form) },
                actions: { type: 'assignErrors', params: ({ event }) => loginErrors(event.form) },
              },
              { target: '#auth.signingIn', actions: 'clearErrors' },
            ],
            // Product rule R2.21: only the email is needed for a sign-in link.
            'link.submit': [
              {
                guard: { type: 'hasFormErrors', params: ({ event }) => emailErrors(event.email) },
                actions: { type: 'assignErrors', params: ({ event }) => emailErrors(event.email) },
              },
              {
                target: '#auth.requestingSignInLink',
                actions: [
                  { type: 'assignLinkEmail', params: ({ event }) => event.email },
                  'clearErrors',
                ],
              },
            ],
          },
        },
        signInLinkSent: {
          meta: { path: AUTH_PATHS.login },
          on: { 'login.again': { target: 'login' } },
        },
        signup: {
          meta: { path: AUTH_PATHS.signup },
          on: {
            'signup.submit': [
              {
                guard: { type: 'hasFormErrors', params: ({ event }) => signupErrors(event.form) },
                actions: { type: 'assignErrors', params: ({ event }) => signupErrors(event.form) },
              },
              { target: '#auth.signingUp', actions: 'clearErrors' },
            ],
          },
        },
        forgotPassword: {
          meta: { path: AUTH_PATHS.forgotPassword },
          on: {
            'reset.submit': [
              {
                guard: { type: 'hasFormErrors', params: ({ event }) => emailErrors(event.email) },
                actions: { type: 'assignErrors', params: ({ event }) => emailErrors(event.email) },
              },
              {
                target: '#auth.requestingReset',
                actions: [
                  { type: 'assignResetEmail', params: ({ event }) => event.email },
                  'clearErrors',
                ],
              },
            ],
          },
        },
        resetRequested: { meta: { path: AUTH_PATHS.forgotPassword } },
        resetPassword: {
          meta: { path: AUTH_PATHS.resetPassword },
          on: {
            'password.submit': [
              {
                guard: {
                  type: 'hasFormErrors',
                  params: ({ event }) => newPasswordErrors(event.password),
                },
                actions: {
                  type: 'assignErrors',
                  params: ({ event }) => newPasswordErrors(event.password),
                },
              },
              { target: '#auth.savingPassword', actions: 'clearErrors' },
            ],
          },
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context, event }) => ({
          ...(event as Extract<AuthEvent, { type: 'login.submit' }>).form,
          targetUrl: context.returnTo,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignCustomer', params: ({ event }) => event.output },
            { type: 'assignNotice', params: 'signedIn' },
          ],
        },
        onError: {
          target: '#auth.steps.login',
          actions: {
            type: 'assignSignInFailure',
            params: ({ event }) => failureMessage(event.error),
          },
        },
      },
    },
    signingUp: {
      tags: ['busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ event }) => (event as Extract<AuthEvent, { type: 'signup.submit' }>).form,
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignCustomer', params: ({ event }) => event.output },
            { type: 'assignNotice', params: 'signedUp' },
          ],
        },
        onError: {
          target: '#auth.steps.signup',
          actions: {
            type: 'assignSignUpFailure',
            params: ({ event }) => failureMessage(event.error),
          },
        },
      },
    },
    requestingReset: {
      tags: ['busy'],
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.resetEmail }),
        onDone: { target: '#auth.steps.resetRequested' },
        onError: {
          target: '#auth.steps.forgotPassword',
          actions: {
            type: 'assignEmailRequestFailed',
            params: ({ event }) => failureMessage(event.error),
          },
        },
      },
    },
    tokenSigningIn: {
      tags: ['busy'],
      invoke: {
        id: 'signInWithToken',
        src: 'signInWithToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isPasswordReset', params: ({ event }) => event.output },
            target: '#auth.steps.resetPassword',
            actions: [
              { type: 'assignCustomer', params: ({ event }) => event.output.customer },
              'startResetSession',
            ],
          },
          {
            target: 'done',
            actions: [
              { type: 'assignCustomer', params: ({ event }) => event.output.customer },
              'spendToken',
              { type: 'assignNotice', params: 'signedIn' },
            ],
          },
        ],
        // A spent reset link offers a new one; a spent sign-in link (R2.21), the sign-in form.
        onError: [
          {
            guard: {
              type: 'isPath',
              params: ({ context }) => ({
                actual: context.entryPath,
                expected: AUTH_PATHS.resetPassword,
              }),
            },
            target: '#auth.steps.forgotPassword',
            actions: 'assignLinkExpired',
          },
          { target: '#auth.steps.login', actions: 'assignLinkExpired' },
        ],
      },
    },
    requestingSignInLink: {
      tags: ['busy'],
      invoke: {
        id: 'requestSignInLink',
        src: 'requestSignInLink',
        input: ({ context }) => ({ email: context.linkEmail, returnTo: context.returnTo }),
        onDone: { target: '#auth.steps.signInLinkSent' },
        onError: {
          target: '#auth.steps.login',
          actions: {
            type: 'assignEmailRequestFailed',
            params: ({ event }) => failureMessage(event.error),
          },
        },
      },
    },
    savingPassword: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => ({
          password: (event as Extract<AuthEvent, { type: 'password.submit' }>).password,
        }),
        onDone: {
          target: 'done',
          actions: ['endResetSession', { type: 'assignNotice', params: 'passwordChanged' }],
        },
        onError: { target: '#auth.steps.resetPassword', actions: 'assignPasswordFailed' },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({
    redirectTo: context.returnTo,
    customer: context.customer,
    notice: context.notice,
  }),
});
