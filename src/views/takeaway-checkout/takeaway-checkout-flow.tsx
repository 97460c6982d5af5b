import { useActorRef, useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { TAKEAWAY_CHECKOUT_PATHS } from '../../../machines/takeaway-checkout/takeaway-checkout.machine';
import type { Customer } from '../../api/types';
import type { AtomicTopStates, ChildStates } from '../../flows/flow-types';
import { useFlowBridge } from '../../flows/use-flow-bridge';
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
import { TakeawayAddressStep } from './takeaway-address-step';
import type { TakeawayStepProps } from './takeaway-step-props';
import { TakeawayConfirmationStep } from './takeaway-confirmation-step';
import { TakeawayContinueStep } from './takeaway-continue-step';
import { TakeawayInstructionsStep } from './takeaway-instructions-step';
import { TakeawayPaymentStep } from './takeaway-payment-step';
import { liveTakeawayCheckoutMachine } from './takeaway-checkout-actors';
import { toCheckoutCustomer } from '../checkout-shared/checkout-customer';

type StepValue = ChildStates<typeof liveTakeawayCheckoutMachine, 'steps'>;
/** The steps by name; payment has substates (loading, ready) of its own. */
type StepState = Extract<StepValue, string> | keyof Exclude<StepValue, string>;
/** Work states that keep a step on screen while they run; the rest show a wait message. */
type WorkState = Exclude<
  AtomicTopStates<typeof liveTakeawayCheckoutMachine>,
  | 'routing'
  | 'entering'
  | 'loadingBasket'
  | 'confirmingPayment'
  | 'savingWallet'
  | 'leaving'
  | 'failed'
>;

/** One view per step: a new step state fails to compile until it has one. */
const stepViews = {
  continue: TakeawayContinueStep,
  ...accountStepViews(TAKEAWAY_CHECKOUT_PATHS),
  address: TakeawayAddressStep,
  instructions: TakeawayInstructionsStep,
  payment: TakeawayPaymentStep,
  confirmation: TakeawayConfirmationStep,
} satisfies Record<StepState, ComponentType<TakeawayStepProps>>;

const stepOfWork = {
  signingIn: 'login',
  signingUp: 'signup',
  savingAddress: 'address',
  savingInstructions: 'instructions',
  savingCard: 'payment',
  placingOrder: 'payment',
  paying: 'payment',
  settingUpWallet: 'payment',
  redirecting: 'payment',
} as const satisfies Record<WorkState, StepState>;

/**
 * /pasta-now-checkout and its steps, and the wallet's return screens: the checkout machine
 * decides the step and the URL; this renders the step and tells the session about a sign-in.
 */
export default function TakeawayCheckoutFlow() {
  return <WhenCustomerKnown flow={TakeawayCheckoutRunning} />;
}

function TakeawayCheckoutRunning({ customer }: { customer: Customer | null }) {
  const location = useLocation();
  const actor = useActorRef(liveTakeawayCheckoutMachine, {
    input: (() => {
      const params = new URLSearchParams(location.search);
      const setupIntent = params.get('setup_intent');
      return {
        path: location.pathname,
        customer: customer && toCheckoutCustomer(customer),
        returnedPaymentId: params.get('payment_id'),
        returnedSetupIntent: setupIntent
          ? {
              id: setupIntent,
              orderId: params.get('order_id') ?? '',
              cancelled: params.get('redirect_status') === 'failed',
            }
          : null,
      };
    })(),
  });
  // The return parameters are read once, at the start: no step keeps them in its URL.
  useFlowBridge(actor, () => '');
  const step = useSelector(actor, (snapshot) => stepOnScreen(snapshot.value, stepOfWork));
  // Every step but the confirmation (its own receipt) and the failed screen shows the order
  // (product rule R5.8), from the basket the checkout loaded.
  const summary = useSelector(actor, (snapshot) => snapshot.context.basket?.summary);

  useCheckoutExits(actor);
  // From the address step on, the customer is heading for the card form, and from the payment
  // step (or a return from the bank's page) for the confirmation's status line: each loads
  // before it is shown (product rule R5.11).
  usePreload(cardPaymentForm, step === 'address' || step === 'instructions' || step === 'payment');
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirmingPayment'));
  usePreload(orderStatusLine, step === 'payment' || confirming);

  return (
    <CheckoutLayout summary={showsSummary(step, ['confirmation', 'failed']) ? summary : null}>
      <StepOnScreen step={step} views={{ ...stepViews, failed: FailedStep }} actor={actor} />
    </CheckoutLayout>
  );
}
