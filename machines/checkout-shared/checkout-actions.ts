import { assign, type EventObject } from 'xstate';
import {
  afterDecline,
  openActionUrl,
  signedIn,
  signInFailure,
  signUpFailure,
  withSavedCard,
  type CheckoutCustomer,
} from './checkout-shared';
import type { CheckoutFailure, FormError, SavedPaymentMethod } from './checkout-shared.types';

/**
 * The actions every flow that pays (the checkouts, the order payment page) or every checkout
 * does alike, for a machine to spread into its `setup({ actions })`: its diagram and its
 * transitions still name each one, and `setup` checks the names and parameters. They are made for
 * the machine's own context and events, so they type-check against its fields.
 */

/** The context fields the payment actions and fragments read and write (checkout-shared.md). */
export interface PaymentContextFields {
  errors: FormError[];
  actionUrl: string | null;
  methods: SavedPaymentMethod[];
  choice: { kind: string } | null;
  /** Declined attempts, where the flow counts them (a new idempotency key each). */
  attempt?: number;
}

/** The context fields a checkout adds for the account steps, the basket, the order and its exits. */
export interface CheckoutContextFields extends PaymentContextFields {
  /** The URL the checkout was opened at; routing reads it. */
  path: string;
  customer: CheckoutCustomer | null;
  /** Signed in during this checkout: the view tells the session. */
  signedInCustomer: CheckoutCustomer | null;
  basket: object | null;
  order: object | null;
  /** Back from a bank's (or a wallet's) page: `?payment_id=`. */
  returnedPaymentId: string | null;
  /** Where the checkout sends the customer when it ends: its output. */
  redirectTo: string;
  emailTaken: boolean;
}

type SavedChoice = { kind: 'saved'; methodId: string };

/** What a shared action writes: the shared fields, the machine's own types where they vary. */
type Patch<TContext extends PaymentContextFields> = Partial<
  Omit<CheckoutContextFields, 'choice'> & { choice: TContext['choice'] | SavedChoice }
>;

const assignShared = <TContext extends PaymentContextFields, TEvent extends EventObject, TParams>(
  patch: (args: { context: TContext }, params: TParams) => Patch<TContext>,
) =>
  assign<TContext, TEvent, TParams, TEvent, never>(
    // A patch of the shared fields patches any context that has them, which TypeScript cannot
    // prove for a context it only knows by its constraint.
    ({ context }, params) => patch({ context }, params) as Partial<TContext>,
  );

/** The words a declined payment is reported in. */
interface DeclineMessages {
  paymentFailed: string;
  hardDecline: string;
}

/**
 * The actions of every flow that pays: the form errors, the choice, a card just saved (listed and
 * chosen), the bank's page, a decline (and its count, where the context keeps one).
 */
export const paymentActions = <TContext extends PaymentContextFields, TEvent extends EventObject>(
  messages: DeclineMessages,
) => ({
  assignErrors: assignShared<TContext, TEvent, FormError[]>((_, errors) => ({ errors })),
  assignError: assignShared<TContext, TEvent, FormError>((_, error) => ({ errors: [error] })),
  assignChoice: assignShared<TContext, TEvent, NonNullable<TContext['choice']>>((_, choice) => ({
    choice,
  })),
  assignSavedCard: assignShared<TContext, TEvent, SavedPaymentMethod>(({ context }, method) =>
    withSavedCard(context.methods, method),
  ),
  assignActionUrl: assignShared<TContext, TEvent, string>((_, actionUrl) => ({ actionUrl })),
  assignDecline: assignShared<TContext, TEvent, CheckoutFailure>(({ context }, failure) => ({
    ...afterDecline(context.methods, context.choice, failure, messages),
    ...(context.attempt === undefined ? {} : { attempt: context.attempt + 1 }),
  })),
  openActionUrl,
});

/**
 * The actions every checkout has besides: the basket, the exit, the account steps' outcomes
 * (signing in starts routing again from `entry`), the confirmed order.
 */
export const checkoutActions = <
  TContext extends CheckoutContextFields,
  TEvent extends EventObject,
>(options: {
  entry: string;
  messages: DeclineMessages;
}) => ({
  ...paymentActions<TContext, TEvent>(options.messages),
  assignBasket: assignShared<TContext, TEvent, TContext['basket']>((_, basket) => ({ basket })),
  assignRedirect: assignShared<TContext, TEvent, string>((_, redirectTo) => ({ redirectTo })),
  assignSignedIn: assignShared<TContext, TEvent, CheckoutCustomer>((_, customer) =>
    signedIn(customer, options.entry),
  ),
  assignSignInFailure: assignShared<TContext, TEvent, CheckoutFailure>((_, failure) =>
    signInFailure(failure),
  ),
  assignSignUpFailure: assignShared<TContext, TEvent, CheckoutFailure>((_, failure) =>
    signUpFailure(failure),
  ),
  /** Paid: the order, and the return from the bank is spent. */
  assignConfirmed: assignShared<TContext, TEvent, NonNullable<TContext['order']>>((_, order) => ({
    order,
    returnedPaymentId: null,
    errors: [],
  })),
});
