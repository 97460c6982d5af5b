import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../form/button';
import { ErrorSummary } from '../form/error-summary';
import { TextField } from '../form/text-field';
import type { LoginForm } from '../../../domain/account-forms';
import { AUTH_PATHS } from '../../../machines/auth/auth.machine';
import { StepLink } from './step-link';
import { useFormStep, type FormStepActor } from '../../flows/use-form-step';

export interface LoginStepProps {
  actor: FormStepActor<{ type: 'login.submit'; form: LoginForm }>;
  /** Where "Create an account" goes: the auth flow's sign-up, or a checkout's. */
  signupPath?: string;
}

export function LoginStep({ actor, signupPath = AUTH_PATHS.signup }: LoginStepProps) {
  useDocumentTitle('Sign in');
  const { busy, summary, errorFor } = useFormStep(actor);
  const [form, setForm] = useState({ email: '', password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'login.submit', form });
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
          value={form.email}
          error={errorFor('email')}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          error={errorFor('password')}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <Button type="submit" busy={busy}>
          Sign in
        </Button>
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
