import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../form/button';
import { ChoiceGroup } from '../form/choice-group';
import { ErrorSummary } from '../form/error-summary';
import { TextField } from '../form/text-field';
import { MIN_PASSWORD_LENGTH, type SignupForm } from '../../../domain/account-forms';
import { AUTH_PATHS } from '../../../machines/auth/auth.machine';
import { StepLink } from './step-link';
import { useFormStep, type FormStepActor } from '../../flows/use-form-step';

const CHANNELS = [
  { value: 'emails', label: 'Email' },
  { value: 'sms', label: 'Text message' },
  { value: 'mail', label: 'Post' },
  { value: 'none', label: 'I do not want to hear about offers' },
];

/** Product rule R2.3: first name, last name, email, password and a marketing preference. */
export interface SignupStepProps {
  actor: FormStepActor<{ type: 'signup.submit'; form: SignupForm }>;
  /** Where "Sign in" goes: the auth flow's sign-in, or a checkout's. */
  loginPath?: string;
}

export function SignupStep({ actor, loginPath = AUTH_PATHS.login }: SignupStepProps) {
  useDocumentTitle('Create an account');
  const { busy, summary, errorFor, emailTaken } = useFormStep(actor);
  const [fields, setFields] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [channels, setChannels] = useState<string[]>([]);

  const onChannels = (values: string[]) => {
    // 'none' is exclusive: choosing it clears the others, choosing another clears it.
    const added = values.find((value) => !channels.includes(value));
    setChannels(added === 'none' ? ['none'] : values.filter((value) => value !== 'none'));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const marketing: SignupForm['marketing'] =
      channels.length === 0
        ? null
        : {
            emails: channels.includes('emails'),
            sms: channels.includes('sms'),
            mail: channels.includes('mail'),
          };
    actor.send({ type: 'signup.submit', form: { ...fields, marketing } });
  };
  const field = (name: keyof typeof fields) => ({
    id: name,
    value: fields[name],
    error: errorFor(name),
    onChange: (event: { target: { value: string } }) =>
      setFields({ ...fields, [name]: event.target.value }),
  });

  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      {emailTaken && (
        <p className="notice">
          Already have an account? <StepLink to={loginPath}>Sign in</StepLink> or{' '}
          <StepLink to={AUTH_PATHS.forgotPassword}>reset your password</StepLink>.
        </p>
      )}
      <h1>Create an account</h1>
      <form onSubmit={submit} noValidate>
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          {...field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`Use ${MIN_PASSWORD_LENGTH} characters or more`}
          {...field('password')}
        />
        <ChoiceGroup
          id="marketing"
          type="checkbox"
          legend="How would you like to hear from us?"
          hint="We write about offers and new dishes. Select all that apply. You can change this at any time in your account."
          choices={CHANNELS}
          values={channels}
          onChange={onChannels}
          error={errorFor('marketing')}
        />
        <Button type="submit" busy={busy}>
          Create account
        </Button>
      </form>
      <p>
        Already have an account? <StepLink to={loginPath}>Sign in</StepLink>
      </p>
    </div>
  );
}
