import type { Actor } from 'xstate';
import type { liveTakeawayCheckoutMachine } from './takeaway-checkout-actors';

export type TakeawayCheckoutActor = Actor<typeof liveTakeawayCheckoutMachine>;

export interface TakeawayStepProps {
  actor: TakeawayCheckoutActor;
}
