import { and, not } from 'xstate';
import {
  loginErrors,
  signupErrors,
  type FormError,
  type LoginForm,
  type SignupForm,
} from '../../src/domain/account-forms';
import { cardFormErrors } from '../../src/domain/checkout';
import { signInFailureErrors, signUpFailureErrors } from '../auth/auth.machine';
import type { CheckoutFailure, NewCard } from '../takeaway-checkout/takeaway-checkout.types';

/**
 * What the two checkouts (takeaway and recipe kit) do alike: the failure shapes and messages,
 * the guards over the fields both contexts have, and pieces of state config (the account steps
 * and calls, the signed-out URLs, the checked forms, the card checks, the bank's page). The
 * pieces refer to guards, actions and actors by name: each machine still names every one in its
 * own `setup`, which type-checks them, so its diagram reads the same.
 */

/** Who is checking out, as the steps need them. */
export interface CheckoutCustomer {
  firstName: string;
  lastName: string;
  phone: string | null;
}

/** A failed call as the actors report it, or an empty one for a network failure. */
export const failureOf = (error: unknown): CheckoutFailure =>
  (error as CheckoutFailure | undefined) ?? { status: 0 };

/** The server's words on a 400, otherwise ours (spec section 8). */
export const serverMessageOr = (failure: CheckoutFailure, fallback: string) =>
  failure.status === 400 && failure.message ? failure.message : fallback;

/** A typed card is checked here; Stripe Elements checks its own. */
export const choiceErrors = (choice: { kind: string; card?: NewCard }): FormError[] =>
  choice.kind === 'newCard' && choice.card && 'number' in choice.card
    ? cardFormErrors(choice.card)
    : [];

/** A declined payment: the bank's words, and for a hard decline, to use another card. */
export const declineErrors = (
  failure: CheckoutFailure,
  messages: { paymentFailed: string; hardDecline: string },
): FormError[] => {
  const said = failure.message ?? messages.paymentFailed;
  return [
    { field: 'payment', message: failure.hardDecline ? `${said} ${messages.hardDecline}` : said },
  ];
};

/** The guards both checkouts read the same way from the fields their contexts share. */
export const checkoutGuards = {
  /** The URL the checkout was opened at. */
  isEntryPath: ({ context }: { context: { path: string } }, params: { path: string }) =>
    context.path === params.path,
  /** The URL the customer moved to. */
  isUrl: ({ event }: { event: { type: string; path?: string } }, params: { path: string }) =>
    event.type === 'url.changed' && event.path === params.path,
  isSignedIn: ({ context }: { context: { customer: CheckoutCustomer | null } }) =>
    context.customer !== null,
  hasBasket: ({ context }: { context: { basket: object | null } }) => context.basket !== null,
  hasReturnedPayment: ({ context }: { context: { returnedPaymentId: string | null } }) =>
    context.returnedPaymentId !== null,
  hasFormErrors: (_: unknown, errors: FormError[]) => errors.length > 0,
  isNewCard: (_: unknown, choice: { kind: string }) => choice.kind === 'newCard',
  hasSucceeded: (_: unknown, outcome: { status: string }) => outcome.status === 'succeeded',
};

/**
 * A form's submit event: with errors it stays on its step and shows them (GOV.UK error summary);
 * without, it goes on to `target` (the call that saves or signs in).
 */
export const checkedForm = <TForm>(errorsOf: (form: TForm) => FormError[], target: string) => [
  {
    guard: {
      type: 'hasFormErrors' as const,
      params: ({ event }: { event: { form: TForm } }) => errorsOf(event.form),
    },
    actions: {
      type: 'assignErrors' as const,
      params: ({ event }: { event: { form: TForm } }) => errorsOf(event.form),
    },
  },
  { target, actions: 'clearErrors' as const },
];

/**
 * The sign-in and sign-up steps (spec section 2). `checkout` is the machine's id; its
 * `signingIn` and `signingUp` states do the call.
 */
export const accountSteps = (checkout: string, paths: { login: string; signup: string }) => ({
  login: {
    meta: { path: paths.login },
    on: { 'login.submit': checkedForm(loginErrors, `#${checkout}.signingIn`) },
  },
  signup: {
    meta: { path: paths.signup },
    on: { 'signup.submit': checkedForm(signupErrors, `#${checkout}.signingUp`) },
  },
});

/**
 * Signing in or up from those steps; done, the basket is loaded again (signing in may bring or
 * adopt the customer's own). A failure returns to its step with the spec's message.
 */
export const accountCalls = (checkout: string) => ({
  signingIn: {
    tags: ['busy'],
    invoke: {
      id: 'signIn' as const,
      src: 'signIn' as const,
      // Invoked by a good 'login.submit': its form.
      input: ({ event }: { event: object }) => (event as { form: LoginForm }).form,
      onDone: {
        target: 'loadingBasket',
        actions: {
          type: 'assignSignedIn' as const,
          params: ({ event }: { event: { output: CheckoutCustomer } }) => event.output,
        },
      },
      onError: {
        target: `#${checkout}.steps.login`,
        actions: {
          type: 'assignSignInFailure' as const,
          params: ({ event }: { event: { error: unknown } }) => failureOf(event.error),
        },
      },
    },
  },
  signingUp: {
    tags: ['busy'],
    invoke: {
      id: 'signUp' as const,
      src: 'signUp' as const,
      input: ({ event }: { event: object }) => (event as { form: SignupForm }).form,
      onDone: {
        target: 'loadingBasket',
        actions: {
          type: 'assignSignedIn' as const,
          params: ({ event }: { event: { output: CheckoutCustomer } }) => event.output,
        },
      },
      onError: {
        target: `#${checkout}.steps.signup`,
        actions: {
          type: 'assignSignUpFailure' as const,
          params: ({ event }: { event: { error: unknown } }) => failureOf(event.error),
        },
      },
    },
  },
});

/** What the sign-in actions write: the customer, and the entry URL routing starts from again. */
export const signedIn = (customer: CheckoutCustomer, entry: string) => ({
  customer,
  signedInCustomer: customer,
  path: entry,
});

export const signInFailure = (failure: CheckoutFailure) => ({
  errors: signInFailureErrors(failure),
});

export const signUpFailure = (failure: CheckoutFailure) => ({
  errors: signUpFailureErrors(failure),
  emailTaken: failure.code === 'email_taken',
});

/** The steps a signed-out customer may move between by URL (a link, typing or Back). */
export const signedOutStepUrls = (paths: { continue: string; login: string; signup: string }) =>
  (['continue', 'login', 'signup'] as const).map((step) => ({
    guard: and([not('isSignedIn'), { type: 'isUrl', params: { path: paths[step] } }]),
    target: `.${step}`,
    actions: 'clearErrors' as const,
  }));

type CardChoice = { kind: string; card?: NewCard };

/**
 * The first checks on a payment choice: a typed card with errors stays on the form; a new card is
 * saved first (the machine's `savingCard`), then paid with as a saved one.
 */
export const newCardChecks = <TChoice extends CardChoice>(checkout: string) => [
  {
    guard: {
      type: 'hasFormErrors' as const,
      params: ({ event }: { event: { choice: TChoice } }) => choiceErrors(event.choice),
    },
    actions: {
      type: 'assignErrors' as const,
      params: ({ event }: { event: { choice: TChoice } }) => choiceErrors(event.choice),
    },
  },
  {
    guard: {
      type: 'isNewCard' as const,
      params: ({ event }: { event: { choice: TChoice } }) => event.choice,
    },
    target: `#${checkout}.savingCard`,
    actions: [
      'clearErrors' as const,
      {
        type: 'assignChoice' as const,
        params: ({ event }: { event: { choice: TChoice } }) => event.choice,
      },
    ],
  },
];

/** The customer leaves for a bank's (or the wallet's) page, and comes back by URL. */
export const redirecting = {
  tags: ['busy'],
  entry: {
    type: 'openActionUrl' as const,
    params: ({ context }: { context: { actionUrl: string | null } }) => context.actionUrl ?? '',
  },
};

/** The payment went through: the confirmation (`target`), with the order it paid. */
export const paidConfirmation = <TOrder>(target: string) => ({
  guard: {
    type: 'hasSucceeded' as const,
    params: ({ event }: { event: { output: { status: string } } }) => event.output,
  },
  target,
  actions: {
    type: 'assignConfirmed' as const,
    params: ({ event }: { event: { output: { order: TOrder } } }) => event.output.order,
  },
});

/**
 * The payment cannot be read: the failed state, in the server's words, else `fallback` (spec
 * section 8: 'Something went wrong').
 */
export const unreadablePayment = (fallback: string) => ({
  target: 'failed',
  actions: {
    type: 'assignError' as const,
    params: ({ event }: { event: { error: unknown } }) => ({
      field: 'payment',
      message: failureOf(event.error).message ?? fallback,
    }),
  },
});
