import type { FormEvent } from 'react';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../form/button';
import { ErrorSummary } from '../form/error-summary';
import { TextField } from '../form/text-field';
import type { LoginForm } from '../../../domain/account-forms';
import { AUTH_PATHS } from '../../../machines/auth/auth.machine';
import { StepLink } from './step-link';
import { useFormStep, type FormStepActor } from '../../flows/use-form-step';

const SIGN_IN_LINK = 'link';

export interface LoginStepProps {
  actor: FormStepActor<{ type: 'login.submit'; form: LoginForm }>;
  /** Where "Create an account" goes: the auth flow's sign-up, or a checkout's. */
  signupPath?: string;
  /** Product rule R2.21: offers a sign-in link by email for the typed email (the auth flow's). */
  askForLink?: (email: string) => void;
}

export function LoginStep({ actor, signupPath = AUTH_PATHS.signup, askForLink }: LoginStepProps) {
  useDocumentTitle('Sign in');
  const { busy, summary, errorFor } = useFormStep(actor);
  // Read from the form as it is sent, not kept in state: on the drawn /login (R14.14) what is
  // typed before the app runs stays in the fields, and hydration would put state back to empty.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? '');
    // Enter, or the first button, signs in; the second asks for a link (the button that sent it).
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (askForLink && submitter?.getAttribute('value') === SIGN_IN_LINK) {
      askForLink(text('email'));
      return;
    }
    actor.send({
      type: 'login.submit',
      form: { email: text('email'), password: text('password') },
    });
  };
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>Sign in</h1>
      <form onSubmit={submit} noValidate>
        <TextField
          id="email"
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errorFor('email')}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errorFor('password')}
        />
        <Button type="submit" busy={busy}>
          Sign in
        </Button>
        {askForLink && (
          <div className="sign-in-link-offer">
            <p>Or, without your password:</p>
            <Button type="submit" name="way" value={SIGN_IN_LINK} variant="secondary" busy={busy}>
              Email me a sign-in link
            </Button>
          </div>
        )}
      </form>
      <p>
        <StepLink to={AUTH_PATHS.forgotPassword}>Forgotten your password?</StepLink>
      </p>
      <p>
        New to Sfoglia? <StepLink to={signupPath}>Create an account</StepLink>
      </p>
    </div>
  );
}
