import type { FormEvent } from 'react';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import type { AuthStepProps } from './auth-step-props';
import { StepLink } from '../../components/account/step-link';
import { useFormStep } from '../../flows/use-form-step';

export function ForgotPasswordStep({ actor }: AuthStepProps) {
  useDocumentTitle('Reset your password');
  const { busy, summary, errorFor } = useFormStep(actor);
  // Read as it is sent (the drawn page keeps what is typed before the app runs), like sign-in.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({
      type: 'reset.submit',
      email: String(new FormData(event.currentTarget).get('email') ?? ''),
    });
  };
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>Reset your password</h1>
      <p>
        Enter the email address of your account and we will send you a link to choose a new
        password.
      </p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="email"
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errorFor('email')}
        />
        <Button type="submit" busy={busy}>
          Send reset link
        </Button>
      </form>
      <p>
        <StepLink to="/login">Back to sign in</StepLink>
      </p>
    </div>
  );
}

export function ResetRequestedStep({ actor }: AuthStepProps) {
  useDocumentTitle('Check your email');
  const email = actor.getSnapshot().context.resetEmail;
  return (
    <div className="narrow">
      <h1>Check your email</h1>
      <p>
        If an account exists for <strong>{email}</strong>, we have sent a link to reset your
        password. The link works for 1 hour.
      </p>
      <p>
        <StepLink to="/login">Back to sign in</StepLink>
      </p>
    </div>
  );
}
