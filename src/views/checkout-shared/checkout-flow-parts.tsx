import type { ComponentType } from 'react';
import type { StateValue } from 'xstate';
import type { Customer } from '../../api/types';
import { useCustomer } from '../../session/session-context';
import { LoginStep, type LoginStepProps } from '../../components/account/login-step';
import { SignupStep, type SignupStepProps } from '../../components/account/signup-step';

/**
 * What the takeaway and the kit checkout flows render alike around their own steps: the wait for
 * the session, the step a state shows, and the account steps.
 */

/** Waits until the session knows the customer (or that there is none), then runs the flow. */
export function WhenCustomerKnown({
  flow: Flow,
}: {
  flow: ComponentType<{ customer: Customer | null }>;
}) {
  const customer = useCustomer();
  if (customer === undefined)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  return <Flow customer={customer} />;
}

/**
 * The step on screen for a checkout state: the step itself (a step with substates by its name),
 * the step a call was made from while it runs (`stepOfWork`), the failed screen, or none between
 * steps (loading, routing).
 */
export function stepOnScreen<TStep extends string, TWork extends string>(
  value: StateValue,
  stepOfWork: Record<TWork, TStep>,
): TStep | 'failed' | null {
  if (value === 'failed') return 'failed';
  if (typeof value !== 'string') {
    const step = value.steps;
    if (!step) return null;
    return (typeof step === 'string' ? step : Object.keys(step)[0]) as TStep;
  }
  return value in stepOfWork ? stepOfWork[value as TWork] : null;
}

/** The view of the step on screen, or a wait message between steps. */
export function StepOnScreen<TStep extends string, TActor>({
  step,
  views,
  actor,
}: {
  step: TStep | null;
  views: Record<TStep, ComponentType<{ actor: TActor }>>;
  actor: TActor;
}) {
  if (!step)
    return (
      <p className="page-loading" role="status">
        Please wait…
      </p>
    );
  const View: ComponentType<{ actor: TActor }> = views[step];
  return <View actor={actor} />;
}

/** The checkout's sign-in and sign-up steps: the account forms, linking to each other here. */
export const accountStepViews = (paths: { login: string; signup: string }) => ({
  login: ({ actor }: LoginStepProps) => <LoginStep actor={actor} signupPath={paths.signup} />,
  signup: ({ actor }: SignupStepProps) => <SignupStep actor={actor} loginPath={paths.login} />,
});
