import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { StepLink } from '../../components/account/step-link';
import { AUTH_PATHS } from '../../../machines/auth/auth.machine';
import type { AuthStepProps } from './auth-step-props';

/** Product rule R2.21: where the sign-in link went, and the ways on if it does not come. */
export function SignInLinkSentStep({ actor }: AuthStepProps) {
  useDocumentTitle('Check your email');
  const email = actor.getSnapshot().context.linkEmail;
  return (
    <div className="narrow">
      <h1>Check your email</h1>
      <p>
        If an account exists for <strong>{email}</strong>, we have sent a sign-in link to it. The
        link works once, for 15 minutes.
      </p>
      <p>Nothing there? Check your spam folder, or sign in with your password.</p>
      <p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'login.again' })}>
          Back to sign in
        </Button>
      </p>
      <p>
        <StepLink to={AUTH_PATHS.forgotPassword}>Forgotten your password?</StepLink>
      </p>
    </div>
  );
}
