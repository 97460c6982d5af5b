import type { Actor } from 'xstate';
import type { liveAuthMachine } from './auth-actors';

export type AuthActor = Actor<typeof liveAuthMachine>;

export interface AuthStepProps {
  actor: AuthActor;
}
