import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import { MIN_PASSWORD_LENGTH } from '../../../domain/account-forms';
import type { AuthStepProps } from './auth-step-props';
import { useFormStep } from '../../flows/use-form-step';

/** Reached only from a password-reset link: the customer is signed in and chooses a new password. */
export function ResetPasswordStep({ actor }: AuthStepProps) {
  useDocumentTitle('Choose a new password');
  const { busy, summary, errorFor } = useFormStep(actor);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'password.submit', password });
  };
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>Choose a new password</h1>
      <form onSubmit={submit} noValidate>
        <TextField
          id="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`Use ${MIN_PASSWORD_LENGTH} characters or more`}
          value={password}
          error={errorFor('password')}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" busy={busy}>
          Save new password
        </Button>
      </form>
    </div>
  );
}
