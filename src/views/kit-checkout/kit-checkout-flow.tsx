import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { KIT_CHECKOUT_PATHS } from '../../../machines/kit-checkout/kit-checkout.machine';
import type { Customer } from '../../api/types';
import type { AtomicTopStates, ChildStates } from '../../flows/flow-types';
import { useFlowBridge } from '../../flows/use-flow-bridge';
import { useSessionActor } from '../../session/session-context';
import {
  accountStepViews,
  stepOnScreen,
  StepOnScreen,
  WhenCustomerKnown,
} from '../checkout-shared/checkout-flow-parts';
import { cardPaymentForm } from '../checkout-shared/card-payment-form-lazy';
import { FailedStep } from '../checkout-shared/failed-step';
import { usePreload } from '../checkout-shared/lazy-part';
import { orderStatusLine } from '../checkout-shared/order-status-line-lazy';
import { CheckoutLayout, showsSummary } from '../checkout-shared/order-summary';
import { useCheckoutExits } from '../checkout-shared/use-checkout-exits';
import { ContinueChoice } from '../checkout-shared/continue-choice';
import { toCheckoutCustomer } from '../checkout-shared/checkout-customer';
import { KitAddressStep, KitBillingStep } from './kit-address-steps';
import { liveKitCheckoutMachine } from './kit-checkout-actors';
import { KitInstructionsStep } from './kit-instructions-step';
import { KitPaymentStep, KitPaymentWithCreditsStep } from './kit-payment-steps';
import { KitConfirmationStep, KitErrorStep } from './kit-result-steps';
import type { KitStepProps } from './kit-step-props';

type StepValue = ChildStates<typeof liveKitCheckoutMachine, 'steps'>;
/** The steps by name; instructions has substates (loading, unavailable, ready) of its own. */
type StepState = Extract<StepValue, string> | keyof Exclude<StepValue, string>;
/** Work states that keep a step on screen while they run; the rest show a wait message. */
type WorkState = Exclude<
  AtomicTopStates<typeof liveKitCheckoutMachine>,
  | 'routing'
  | 'loadingBasket'
  | 'loadingAddresses'
  | 'loadingPayment'
  | 'confirmingPayment'
  | 'failed'
  | 'leaving'
  | 'placingOrder'
>;

/** One view per step: a new step state fails to compile until it has one. */
const stepViews = {
  continue: () => (
    <ContinueChoice loginPath={KIT_CHECKOUT_PATHS.login} signupPath={KIT_CHECKOUT_PATHS.signup}>
      Sign in, or create an account, to order your box. We use it to send your boxes and let you
      skip, pause or change them.
    </ContinueChoice>
  ),
  ...accountStepViews(KIT_CHECKOUT_PATHS),
  address: KitAddressStep,
  billing: KitBillingStep,
  instructions: KitInstructionsStep,
  payment: KitPaymentStep,
  paymentWithCredits: KitPaymentWithCreditsStep,
  confirmation: KitConfirmationStep,
  error: KitErrorStep,
} satisfies Record<StepState, ComponentType<KitStepProps>>;

const stepOfWork = {
  signingIn: 'login',
  signingUp: 'signup',
  savingAddress: 'address',
  savingBilling: 'billing',
  savingInstructions: 'instructions',
  savingCard: 'payment',
  redirecting: 'payment',
} as const satisfies Record<WorkState, StepState>;

/** /checkout and its steps: the kit checkout machine decides the step and the URL. */
export default function KitCheckoutFlow() {
  return <WhenCustomerKnown flow={KitCheckoutRunning} />;
}

function KitCheckoutRunning({ customer }: { customer: Customer | null }) {
  const location = useLocation();
  const actor = useActorRef(liveKitCheckoutMachine, {
    input: {
      path: location.pathname,
      customer: customer && toCheckoutCustomer(customer),
      returnedPaymentId: new URLSearchParams(location.search).get('payment_id'),
    },
  });
  // The return parameter is read once, at the start: no step keeps it in its URL.
  useFlowBridge(actor, () => '');
  const step = useSelector(actor, (s) =>
    // Placing the order keeps the step it was placed from on screen.
    s.matches('placingOrder')
      ? s.context.choice?.kind === 'credits'
        ? 'paymentWithCredits'
        : 'payment'
      : stepOnScreen(s.value, stepOfWork),
  );

  useCheckoutExits(actor);
  // From the address step on, the customer is heading for the card form, and from a payment step
  // (or a return from the bank's page) for the confirmation's status line: each loads before it
  // is shown (product rule R5.11).
  const addressOnwards: (string | null)[] = ['address', 'billing', 'instructions', 'payment'];
  usePreload(cardPaymentForm, addressOnwards.includes(step));
  const confirming = useSelector(actor, (s) => s.matches('confirmingPayment'));
  usePreload(orderStatusLine, step === 'payment' || step === 'paymentWithCredits' || confirming);
  // The order spent store credit and may have started a plan: the session's customer is stale.
  const session = useSessionActor();
  const ordered = useSelector(actor, (s) => s.matches({ steps: 'confirmation' }));
  useEffect(() => {
    if (ordered) session.send({ type: 'session.refresh' });
  }, [ordered, session]);

  // Every step but the results (the confirmation is its own receipt) shows the order (product
  // rule R5.8), from the basket the checkout loaded.
  const summary = useSelector(actor, (s) => s.context.basket?.summary);
  const shown = showsSummary(step, ['confirmation', 'error', 'failed']);

  return (
    <CheckoutLayout summary={shown ? summary : null}>
      <StepOnScreen step={step} views={{ ...stepViews, failed: FailedStep }} actor={actor} />
    </CheckoutLayout>
  );
}
