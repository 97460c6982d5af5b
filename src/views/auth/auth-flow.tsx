import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { APP_ROUTES } from '../../../domain/app-routes';
import { safeReturnTo } from '../../../domain/return-to';
import { flash } from '../../components/flash/flash-store';
import type { AtomicTopStates, ChildStates } from '../../flows/flow-types';
import { useFlowBridge } from '../../flows/use-flow-bridge';
import { useSessionActor, useSessionStatus } from '../../session/session-context';
import { liveAuthMachine } from './auth-actors';
import type { AuthStepProps } from './auth-step-props';
import { ForgotPasswordStep, ResetRequestedStep } from './forgot-password-step';
import { LoginStep } from '../../components/account/login-step';
import { ResetPasswordStep } from './reset-password-step';
import { SignInLinkSentStep } from './sign-in-link-sent-step';
import { SignupStep } from '../../components/account/signup-step';

/** Read from the machine: a step added there is a step here. */
type StepState = ChildStates<typeof liveAuthMachine, 'steps'>;
/** Work states that keep a form on screen; routing, the token sign-in and done show none. */
type FormWorkState = Exclude<
  AtomicTopStates<typeof liveAuthMachine>,
  'routing' | 'tokenSigningIn' | 'done'
>;

/** One view per step: a new step state fails to compile until it has one. */
const stepViews = {
  login: LoginStepWithLink,
  signInLinkSent: SignInLinkSentStep,
  signup: SignupStep,
  forgotPassword: ForgotPasswordStep,
  resetRequested: ResetRequestedStep,
  resetPassword: ResetPasswordStep,
} satisfies Record<StepState, ComponentType<AuthStepProps>>;

/** While a call runs the machine has left the step: its form stays up, the button busy. */
const formOfWork = {
  signingIn: 'login',
  signingUp: 'signup',
  requestingReset: 'forgotPassword',
  requestingSignInLink: 'login',
  savingPassword: 'resetPassword',
} as const satisfies Record<FormWorkState, StepState>;

const NOTICES = {
  signedIn: 'You are signed in.',
  signedUp: 'Your account has been created. Benvenuto!',
  passwordChanged: 'Your password has been changed.',
} as const;

/**
 * Sign-in, sign-up and password recovery: /social-login (the email form while there are no social
 * providers, product rule R2.12), /login, /signup, /forgot-password, /reset-password.
 */
export default function AuthFlow() {
  const status = useSessionStatus();
  // Product rule R2.1: a token signs in first, whoever the session holds, so it need not wait
  // for the session's first read (a signed-in customer opening a sign-in link, R2.21).
  const hasToken = new URLSearchParams(useLocation().search).has('token');
  if (status === 'loading' && !hasToken)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  return <AuthFlowRunning signedIn={status === 'signedIn'} />;
}

function AuthFlowRunning({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSessionActor();
  const actor = useActorRef(liveAuthMachine, {
    input: (() => {
      const params = new URLSearchParams(location.search);
      return {
        path: location.pathname,
        // Product rule R2.11: back where the customer was going, else their account.
        returnTo: safeReturnTo(params.get('returnTo'), APP_ROUTES.account),
        token: params.get('token'),
        signedIn,
      };
    })(),
  });
  // returnTo travels with the customer between steps; the one-time token never stays in the URL.
  useFlowBridge(actor, (search) => {
    const returnTo = search.get('returnTo');
    return returnTo ? new URLSearchParams({ returnTo }).toString() : '';
  });
  const step = useSelector(actor, (snapshot): StepState | null => {
    const value = snapshot.value;
    if (typeof value !== 'string') return value.steps ?? null;
    return value in formOfWork ? formOfWork[value as FormWorkState] : null;
  });
  const output = useSelector(actor, (snapshot) =>
    snapshot.status === 'done' ? snapshot.output : undefined,
  );

  useEffect(() => {
    if (!output) return;
    if (output.customer) session.send({ type: 'session.signedIn', customer: output.customer });
    if (output.notice) flash(NOTICES[output.notice]);
    navigate(output.redirectTo, { replace: true });
  }, [output, session, navigate]);

  if (!step)
    return (
      <p className="page-loading" role="status">
        Please wait…
      </p>
    );
  const View = stepViews[step];
  return <View actor={actor} />;
}

/** The auth flow's sign-in form also offers a sign-in link by email (R2.21). */
function LoginStepWithLink({ actor }: AuthStepProps) {
  return (
    <LoginStep actor={actor} askForLink={(email) => actor.send({ type: 'link.submit', email })} />
  );
}
