import { useActorRef, useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { CHECKOUT_PATHS } from '../../../machines/takeaway-checkout/takeaway-checkout.machine';
import type { Customer } from '../../api/types';
import type { AtomicTopStates, ChildStates } from '../../flows/flow-types';
import { useFlowBridge } from '../../flows/use-flow-bridge';
import {
  accountStepViews,
  stepOnScreen,
  StepOnScreen,
  WhenCustomerKnown,
} from '../checkout/checkout-flow-parts';
import { FailedStep } from '../checkout/failed-step';
import { useCheckoutExits } from '../checkout/use-checkout-exits';
import { AddressStep } from './address-step';
import type { CheckoutStepProps } from './checkout-step-props';
import { ConfirmationStep } from './confirmation-step';
import { ContinueStep } from './continue-step';
import { InstructionsStep } from './instructions-step';
import { PaymentStep } from './payment-step';
import { liveTakeawayCheckoutMachine, toCheckoutCustomer } from './takeaway-checkout-actors';

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
  continue: ContinueStep,
  ...accountStepViews(CHECKOUT_PATHS),
  address: AddressStep,
  instructions: InstructionsStep,
  payment: PaymentStep,
  confirmation: ConfirmationStep,
} satisfies Record<StepState, ComponentType<CheckoutStepProps>>;

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

  useCheckoutExits(actor);

  return <StepOnScreen step={step} views={{ ...stepViews, failed: FailedStep }} actor={actor} />;
}
