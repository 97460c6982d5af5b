import type { AnyStateMachine, EventFromLogic, OutputFrom, StateValueFrom } from 'xstate';
import type { StateKeys } from '../shared/state-keys';

/**
 * What the shared fragments need of a machine that XState does not check: the states they target
 * by name. (`setup` already checks the actions, guards and actors they name, and their parameters
 * check the context fields they read.) Each checkout states `CheckoutSkeleton<typeof machine>`
 * next to its machine, so one without a state, an event or the output the fragments, the shared
 * views and the model tests rely on fails to compile there, naming what it lacks.
 */

/** A state named from the machine's root, as a fragment targets it: `#kitCheckout.steps.payment`. */
export type StateTarget<TId extends string, TState extends string = string> = `#${TId}.${TState}`;

/** The states the payment fragments target: a new card saved, the bank's page, its return. */
export type PaymentStateKey = 'savingCard' | 'redirecting' | 'confirmingPayment' | 'failed';

/**
 * The states every checkout has: the basket loaded first (and again after signing in), the steps
 * (a signed-out customer's three first), the account calls, the payment ones, and the exit.
 */
export type CheckoutStateKey =
  | PaymentStateKey
  | 'routing'
  | 'loadingBasket'
  | 'steps'
  | 'steps.continue'
  | 'steps.login'
  | 'steps.signup'
  | 'signingIn'
  | 'signingUp'
  | 'leaving';

/** The events the fragments handle: the bridge's URL, the account forms, payment, retry. */
export type CheckoutEventType = 'url.changed' | 'login.submit' | 'signup.submit' | PaymentEventType;
export type PaymentEventType = 'payment.submit' | 'retry';

/** What a machine lacks of a skeleton: each entry `never` when it has it all. */
type Gaps<TMachine extends AnyStateMachine, TState extends string, TEvent extends string> = {
  missingStates: Exclude<TState, StateKeys<StateValueFrom<TMachine>>>;
  missingEvents: Exclude<TEvent, EventFromLogic<TMachine>['type']>;
};

/** What a checkout lacks: states, events, and its output (where to go on leaving). */
export type CheckoutGaps<TMachine extends AnyStateMachine> = Flat<
  Gaps<TMachine, CheckoutStateKey, CheckoutEventType> & {
    missingOutput: OutputFrom<TMachine> extends { redirectTo: string } ? never : 'redirectTo';
  }
>;

/** One object type, so the gaps read as one in an error. */
type Flat<T> = { [K in keyof T]: T[K] };

/** What a flow that pays but is no checkout (the order payment page) lacks. */
export type PaymentGaps<TMachine extends AnyStateMachine> = Gaps<
  TMachine,
  PaymentStateKey,
  PaymentEventType
>;

/**
 * Compiles only when nothing is missing: `CheckoutSkeleton<CheckoutGaps<typeof machine>>` next to
 * a checkout machine (the check has to be made where the machine is known, not in a generic).
 */
export type CheckoutSkeleton<TGaps extends Record<string, never>> = TGaps;
