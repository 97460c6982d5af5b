import type { Actor } from 'xstate';
import type { takeawayBasketMachine } from '../../../machines/takeaway-basket/takeaway-basket.machine';

export type BasketActor = Actor<typeof takeawayBasketMachine>;
