import type { Actor } from 'xstate';
import type { liveKitCheckoutMachine } from './kit-checkout-actors';

export type KitCheckoutActor = Actor<typeof liveKitCheckoutMachine>;

export interface KitStepProps {
  actor: KitCheckoutActor;
}
