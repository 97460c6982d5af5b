import { and, not } from 'xstate';
import {
  loginErrors,
  signupErrors,
  type FormError,
  type LoginForm,
  type SignupForm,
} from '../../domain/account-forms';
import { cardFormErrors } from '../../domain/checkout';
import { signInFailureErrors, signUpFailureErrors } from '../auth/auth.machine';
import type { StateTarget } from './checkout-skeleton';
import type {
  CheckoutFailure,
  NewCard,
  PaymentGateway,
  SavedPaymentMethod,
} from './checkout-shared.types';

/**
 * What the two checkouts (takeaway and recipe kit) do alike, and with them the order payment page
 * (/payment/{orderId}) where it pays: the failure shapes and messages, the guards over the fields
 * their contexts share, and pieces of state config (the account steps and calls, the signed-out
 * URLs, the checked forms, the card checks and saving, the bank's page). The pieces refer to
 * guards, actions and actors by name: each machine still names every one in its own `setup`
 * (checkout-actions.ts has the shared actions to spread there), which type-checks them, so its
 * diagram reads the same. The states they target are named from the machine's id (`checkout`),
 * typed: checkout-skeleton.ts checks the machine has them. checkout-shared.md is the whole list.
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

/** The server's words on a 400, otherwise ours (product rule R5.6). */
export const serverMessageOr = (failure: CheckoutFailure, fallback: string) =>
  failure.status === 400 && failure.message ? failure.message : fallback;

/**
 * A failed call, as the form error its step shows: in the server's words on a 400, else `message`;
 * on `field`, or where `blamed`, on the field the server blamed if it named one.
 */
export const failedCall = (field: string, message: string, options = { blamed: false }) => ({
  type: 'assignError' as const,
  params: ({ event }: { event: { error: unknown } }): FormError => {
    const failure = failureOf(event.error);
    return {
      field: options.blamed ? (failure.field ?? field) : field,
      message: serverMessageOr(failure, message),
    };
  },
});

/** A typed card is checked here; Stripe Elements checks its own. */
export const choiceErrors = (choice: { kind: string; card?: NewCard }): FormError[] =>
  choice.kind === 'newCard' && choice.card && 'number' in choice.card
    ? cardFormErrors(choice.card)
    : [];

/** Product rule R11.6: what to do next after a decline (a hard one has its own words). */
export const DECLINE_NEXT_STEP = 'Try another card or contact your bank.';

/** The first sentence of the bank's words: what happened (the next step is ours). */
const whatHappened = (said: string) => {
  const first = /^.*?[.!?](?=\s|$)/.exec(said.trim())?.[0] ?? said.trim();
  return /[.!?]$/.test(first) ? first : `${first}.`;
};

/**
 * Product rule R11.6: a decline says what happened, in the bank's words, then what to do next:
 * another card or the bank, or for a hard decline (R11.3) another card. A plain decline reads
 * "Your card was declined. Try another card or contact your bank."; a failed 3-D Secure the same way.
 */
export const declineMessage = (
  said: string,
  hardDecline: boolean,
  messages: { hardDecline: string },
) => `${whatHappened(said)} ${hardDecline ? messages.hardDecline : DECLINE_NEXT_STEP}`;

/** A declined payment (402): what happened and what next; any other failure in its own words. */
export const declineErrors = (
  failure: CheckoutFailure,
  messages: { paymentFailed: string; hardDecline: string },
): FormError[] => {
  const said = failure.message ?? messages.paymentFailed;
  return [
    {
      field: 'payment',
      message:
        failure.status === 402
          ? declineMessage(said, failure.hardDecline === true, messages)
          : failure.hardDecline
            ? `${said} ${messages.hardDecline}`
            : said,
    },
  ];
};

/**
 * A declined payment: what happened and what next, and the form afresh (product rule R11.5): no
 * card chosen, and a card the server did not keep no longer listed.
 */
export const afterDecline = <TChoice>(
  methods: SavedPaymentMethod[],
  choice: TChoice | null,
  failure: CheckoutFailure,
  messages: { paymentFailed: string; hardDecline: string },
) => {
  const declined = (choice as { kind?: string; methodId?: string } | null)?.methodId;
  return {
    errors: declineErrors(failure, messages),
    methods: failure.methodRemoved ? methods.filter((method) => method.id !== declined) : methods,
    choice: null,
  };
};

/** A card just saved: listed with the saved methods, and chosen to pay with. */
export const withSavedCard = (methods: SavedPaymentMethod[], method: SavedPaymentMethod) => ({
  methods: [...methods, method],
  choice: { kind: 'saved' as const, methodId: method.id },
});

/** The guards every flow that pays (the checkouts, the order payment page) reads the same way. */
export const paymentGuards = {
  hasReturnedPayment: ({ context }: { context: { returnedPaymentId: string | null } }) =>
    context.returnedPaymentId !== null,
  hasFormErrors: (_: unknown, errors: FormError[]) => errors.length > 0,
  isNewCard: (_: unknown, choice: { kind: string }) => choice.kind === 'newCard',
  hasSucceeded: (_: unknown, outcome: { status: string }) => outcome.status === 'succeeded',
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
  ...paymentGuards,
};

/**
 * A form's submit event: with errors it stays on its step and shows them (GOV.UK error summary);
 * without, it goes on to `target` (the call that saves or signs in).
 */
export const checkedForm = <TForm, TTarget extends StateTarget<string>>(
  errorsOf: (form: TForm) => FormError[],
  target: TTarget,
) => [
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
 * The sign-in and sign-up steps (product rule R5.1). `checkout` is the machine's id; its
 * `signingIn` and `signingUp` states do the call.
 */
export const accountSteps = <TId extends string>(
  checkout: TId,
  paths: { login: string; signup: string },
) => ({
  login: {
    meta: { path: paths.login },
    on: { 'login.submit': checkedForm(loginErrors, `#${checkout}.signingIn` as const) },
  },
  signup: {
    meta: { path: paths.signup },
    on: { 'signup.submit': checkedForm(signupErrors, `#${checkout}.signingUp` as const) },
  },
});

/**
 * Signing in or up from those steps; done, the basket is loaded again (signing in may bring or
 * adopt the customer's own). A failure returns to its step with the message of product rule R5.6.
 */
export const accountCalls = <TId extends string>(checkout: TId) => ({
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
        target: `#${checkout}.steps.login` as const,
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
        target: `#${checkout}.steps.signup` as const,
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
    target: `.${step}` as const,
    actions: 'clearErrors' as const,
  }));

type CardChoice = { kind: string; card?: NewCard };

/**
 * The first checks on a payment choice: a typed card with errors stays on the form; a new card is
 * saved first (the machine's `savingCard`), then paid with as a saved one.
 */
export const newCardChecks = <TChoice extends CardChoice, TId extends string = string>(
  checkout: TId,
) => [
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
    target: `#${checkout}.savingCard` as const,
    actions: [
      'clearErrors' as const,
      {
        type: 'assignChoice' as const,
        params: ({ event }: { event: { choice: TChoice } }) => event.choice,
      },
    ],
  },
];

/** What the `saveCard` call takes: the choice (a new card) and the gateway whose form took it. */
export interface SaveCardInput<TChoice> {
  choice: TChoice | null;
  gateway: PaymentGateway;
}

/** Where a call goes on: one state, or the first of several whose guard passes. */
type Onward<TTarget extends string, TGuard> =
  TTarget | readonly { guard?: TGuard; target: TTarget }[];

/**
 * Saving the new card chosen (the machine's `savingCard`), then `then` (paying with it as a saved
 * one; where the flow has more than one way on, each with its guard). A failure returns to the
 * payment form (`failedTo`) on the field the gateway blamed, in its words on a 400, else `message`
 * (product rule R5.7: 'Request failed').
 */
export const savingCard = <TChoice, TTarget extends string = string, TGuard = never>(
  paths: { then: Onward<TTarget, TGuard>; failedTo: TTarget },
  message: string,
) => ({
  tags: ['busy'],
  invoke: {
    id: 'saveCard' as const,
    src: 'saveCard' as const,
    input: ({ context }: { context: SaveCardInput<TChoice> }): SaveCardInput<TChoice> => ({
      choice: context.choice,
      gateway: context.gateway,
    }),
    onDone: (typeof paths.then === 'string' ? [{ target: paths.then }] : paths.then).map(
      (onward) => ({
        ...onward,
        actions: {
          type: 'assignSavedCard' as const,
          params: ({ event }: { event: { output: SavedPaymentMethod } }) => event.output,
        },
      }),
    ),
    onError: {
      target: paths.failedTo,
      actions: failedCall('cardNumber', message, { blamed: true }),
    },
  },
});

/** The bank wants the customer (3-D Secure): off to its page, by way of `redirecting`. */
export const toBankPage = {
  target: 'redirecting' as const,
  actions: {
    type: 'assignActionUrl' as const,
    params: ({ event }: { event: { output: { status: string; actionUrl?: string } } }) =>
      event.output.actionUrl ?? '',
  },
};

/** Leaves the app for the bank's (or the wallet's) page: the action the browser provides. */
export const openActionUrl = (_: unknown, _url: string) => {};

/** The customer leaves for a bank's (or the wallet's) page, and comes back by URL. */
export const redirecting = {
  tags: ['busy'],
  entry: {
    type: 'openActionUrl' as const,
    params: ({ context }: { context: { actionUrl: string | null } }) => context.actionUrl ?? '',
  },
};

/** The payment went through: the confirmation (`target`), with the order it paid. */
export const paidConfirmation = <TOrder, TTarget extends string = string>(target: TTarget) => ({
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
 * A payment call's outcome: paid, the confirmation (`target`) with the order; else the bank wants
 * the customer (3-D Secure) and it is off to its page.
 */
export const paidOrToBankPage = <TOrder, TTarget extends string = string>(target: TTarget) => [
  {
    guard: {
      type: 'hasSucceeded' as const,
      params: ({ event }: { event: { output: { status: string } } }) => event.output,
    },
    target,
    actions: {
      type: 'assignConfirmed' as const,
      // The guard passed: the outcome is the paid one.
      params: ({ event }: { event: { output: { status: string; order?: TOrder } } }) =>
        event.output.order as TOrder,
    },
  },
  toBankPage,
];

/**
 * Where a checkout starts: a confirmation opened directly is the wrong origin (`exits.home`);
 * back from the bank's page the payment is confirmed first, then any other return the flow reads
 * (`returns`, each with its guard); else the basket is loaded.
 */
export const checkoutRouting = <TGuard = never>(
  paths: { confirmation: string },
  exits: { home: string },
  returns: readonly { guard: TGuard; target: string }[] = [],
) => ({
  always: [
    {
      guard: { type: 'isEntryPath' as const, params: { path: paths.confirmation } },
      target: 'leaving' as const,
      actions: { type: 'assignRedirect' as const, params: exits.home },
    },
    { guard: 'hasReturnedPayment' as const, target: 'confirmingPayment' as const },
    ...returns,
    { target: 'loadingBasket' as const },
  ],
});

/** A call the flow cannot go on without failed: the failed state, saying which (`field`). */
export const toFailed = (field: string, message: string) => ({
  target: 'failed' as const,
  actions: { type: 'assignError' as const, params: { field, message } },
});

/** The checkout ends here, for `exit` (its output). */
export const toLeaving = (exit: string) => ({
  target: 'leaving' as const,
  actions: { type: 'assignRedirect' as const, params: exit },
});

/**
 * The payment cannot be read: the failed state, in the server's words, else `fallback` (product
 * rule R5.7: 'Something went wrong').
 */
export const unreadablePayment = (fallback: string) => ({
  target: 'failed' as const,
  actions: {
    type: 'assignError' as const,
    params: ({ event }: { event: { error: unknown } }) => ({
      field: 'payment',
      message: failureOf(event.error).message ?? fallback,
    }),
  },
});

/**
 * The `confirmPayment` call of a payment back from the bank's page (`?payment_id=`), but for the
 * `onDone` the machine routes by (with `src` named there, so its output is typed). A payment that
 * cannot be read goes to the failed state, in the server's words, else `fallback` (product rule R5.7:
 * 'Something went wrong').
 */
export const confirmPaymentCall = (fallback: string) => ({
  input: ({ context }: { context: { returnedPaymentId: string | null } }) => ({
    paymentId: context.returnedPaymentId ?? '',
  }),
  onError: unreadablePayment(fallback),
});

/**
 * Back from the bank's page and not paid: the bank's words, else whether it failed or is still
 * to be confirmed (a payment that succeeded for another order pays nothing here).
 */
export const notPaidErrors = (
  returned: { status: string; message: string | null },
  messages: { paymentFailed: string; paymentPending: string },
): FormError[] => [
  {
    field: 'payment',
    message:
      returned.status === 'failed'
        ? // Product rule R11.6: a failed 3-D Secure reads as a decline does.
          declineMessage(returned.message ?? messages.paymentFailed, false, { hardDecline: '' })
        : (returned.message ?? messages.paymentPending),
  },
];

/**
 * A call the flow cannot go on without failed (its view says so): trying again confirms a payment
 * back from the bank first, then any other return the flow reads (`returns`, each with its
 * guard), else goes to `target` (the first call again).
 */
export const failedUntilRetry = <TTarget extends string, TGuard = never>(
  target: TTarget,
  returns: readonly { guard: TGuard; target: TTarget }[] = [],
) => ({
  on: {
    retry: [
      {
        guard: 'hasReturnedPayment' as const,
        target: 'confirmingPayment' as const,
        actions: 'clearErrors' as const,
      },
      ...returns.map((onward) => ({ ...onward, actions: 'clearErrors' as const })),
      { target, actions: 'clearErrors' as const },
    ],
  },
});
