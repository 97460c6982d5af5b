import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { isApiRequestError } from '../../api/api-error';
import { toEntity } from '../../api/json-api';
import type { Customer } from '../../api/types';
import { useDocumentTitle } from '../../app/use-document-title';
import { flash } from '../../components/flash/flash-store';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import { newPasswordErrors } from '../../../domain/account-forms';
import { hasNoPlusSign, isValidUkPhone, UK_PHONE_HINT } from '../../../domain/phone';
import { useSessionActor } from '../../session/session-context';
import { DateOfBirthForm } from './date-of-birth-form';
import { PaperlessToggle } from './paperless-toggle';
import { PaymentMethodsSection } from './payment-methods-section';
import { SavedAddressesSection } from '../../app/account-sections';

/**
 * Product rule R2.20: the phone has its own call before the other details; when it saved and the
 * rest did not, the customer is told exactly that, never a bare failure over a half-save.
 */
const PHONE_ONLY_SAVED =
  'Your phone number was saved, but your name and contact preferences were not. Try saving them again.';

const CHANNELS = [
  { value: 'emails', label: 'Email' },
  { value: 'sms', label: 'Text message' },
  { value: 'mail', label: 'Post' },
];

function DetailsForm({ customer }: { customer: Customer }) {
  const session = useSessionActor();
  const [fields, setFields] = useState({
    firstName: customer.firstName,
    lastName: customer.lastName,
    phone: customer.phone ?? '',
  });
  const [channels, setChannels] = useState(
    CHANNELS.map((c) => c.value).filter(
      (value) =>
        customer[
          ({ emails: 'acceptsEmails', sms: 'acceptsSms', mail: 'acceptsMail' } as const)[
            value as 'emails'
          ]
        ],
    ),
  );
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: FieldError[] = [
      ...(fields.firstName.trim()
        ? []
        : [{ fieldId: 'firstName', message: 'Enter your first name' }]),
      ...(fields.lastName.trim() ? [] : [{ fieldId: 'lastName', message: 'Enter your last name' }]),
      // R2.14: the looser second check (no plus sign) gates the call; the server applies the
      // full UK rule, so a number with a plus sign must already be a valid GB one here.
      ...(hasNoPlusSign(fields.phone) || isValidUkPhone(fields.phone)
        ? []
        : [{ fieldId: 'phone', message: UK_PHONE_HINT }]),
    ];
    setErrors(local);
    if (local.length) return;
    setBusy(true);
    // The customer as saved by the phone's call, when it ran and the rest may not (R2.20).
    let savedPhone: Customer | null = null;
    try {
      // The phone has its own call (PUT customers/phone, R2.14); it goes first so a refused
      // number leaves everything else unsaved too.
      const phone = fields.phone.trim() || null;
      if (phone !== (customer.phone ?? null)) {
        const saved = await unwrap(api.PUT('/customers/phone', { body: { phone } }));
        savedPhone = toEntity(saved.data) as Customer;
      }
      const body = await unwrap(
        api.PUT('/me', {
          body: {
            first_name: fields.firstName.trim(),
            last_name: fields.lastName.trim(),
            accepts_emails: channels.includes('emails'),
            accepts_sms: channels.includes('sms'),
            accepts_mail: channels.includes('mail'),
          },
        }),
      );
      session.send({ type: 'session.signedIn', customer: toEntity(body.data) as Customer });
      flash('Your details have been saved.');
    } catch (error) {
      if (savedPhone) {
        session.send({ type: 'session.signedIn', customer: savedPhone });
        setErrors([{ fieldId: 'firstName', message: PHONE_ONLY_SAVED }]);
        return;
      }
      const pointer = isApiRequestError(error) ? error.errors[0]?.source?.pointer : undefined;
      const fieldId = pointer === '/phone' ? 'phone' : 'firstName';
      setErrors([
        {
          fieldId,
          message:
            isApiRequestError(error) && error.status === 400
              ? (error.serverMessage ?? 'Something went wrong')
              : 'Something went wrong',
        },
      ]);
    } finally {
      setBusy(false);
    }
  };
  const errorFor = (id: string) => errors.find((e) => e.fieldId === id)?.message;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="details-heading">
      <ErrorSummary errors={errors} />
      <h2 id="details-heading">Your details</h2>
      <TextField
        id="firstName"
        label="First name"
        autoComplete="given-name"
        value={fields.firstName}
        error={errorFor('firstName')}
        onChange={(e) => setFields({ ...fields, firstName: e.target.value })}
      />
      <TextField
        id="lastName"
        label="Last name"
        autoComplete="family-name"
        value={fields.lastName}
        error={errorFor('lastName')}
        onChange={(e) => setFields({ ...fields, lastName: e.target.value })}
      />
      <TextField
        id="email"
        label="Email address"
        value={customer.email}
        readOnly
        hint="To change your email address, contact us."
      />
      <TextField
        id="phone"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint="A UK number, like 07812 345678"
        value={fields.phone}
        error={errorFor('phone')}
        onChange={(e) => setFields({ ...fields, phone: e.target.value })}
      />
      <ChoiceGroup
        id="marketing"
        type="checkbox"
        legend="How would you like to hear about offers and new dishes?"
        hint="Select all that apply, or none."
        choices={CHANNELS}
        values={channels}
        onChange={setChannels}
      />
      <Button type="submit" busy={busy}>
        Save details
      </Button>
    </form>
  );
}

function PasswordForm() {
  const [fields, setFields] = useState({ current: '', next: '' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: FieldError[] = [
      ...(fields.current
        ? []
        : [{ fieldId: 'currentPassword', message: 'Enter your current password' }]),
      ...newPasswordErrors(fields.next, 'newPassword').map((e) => ({
        fieldId: e.field,
        message: e.message,
      })),
    ];
    setErrors(local);
    if (local.length) return;
    setBusy(true);
    try {
      await unwrap(
        api.PUT('/customers/password', {
          body: { current_password: fields.current, password: fields.next },
        }),
        "Couldn't update password",
      );
      setFields({ current: '', next: '' });
      flash('Your password has been changed.');
    } catch (error) {
      const wrongCurrent = isApiRequestError(error) && error.code === 'invalid_current_password';
      setErrors([
        {
          fieldId: wrongCurrent ? 'currentPassword' : 'newPassword',
          message: "Couldn't update password",
        },
        ...(wrongCurrent
          ? [{ fieldId: 'currentPassword', message: 'Your current password is incorrect' }]
          : []),
      ]);
    } finally {
      setBusy(false);
    }
  };
  const errorFor = (id: string) =>
    errors
      .filter((e) => e.fieldId === id)
      .map((e) => e.message)
      .join('. ') || undefined;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-heading">
      <ErrorSummary errors={errors} />
      <h2 id="password-heading">Change your password</h2>
      <TextField
        id="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={fields.current}
        error={errorFor('currentPassword')}
        onChange={(e) => setFields({ ...fields, current: e.target.value })}
      />
      <TextField
        id="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="Use 8 characters or more"
        value={fields.next}
        error={errorFor('newPassword')}
        onChange={(e) => setFields({ ...fields, next: e.target.value })}
      />
      <Button type="submit" busy={busy}>
        Change password
      </Button>
    </form>
  );
}

export function MyDetailsPage({ customer }: { customer: Customer }) {
  useDocumentTitle('My details');
  return (
    <div className="page narrow">
      <h1>My details</h1>
      <DetailsForm customer={customer} />
      <div className="my-details__section">
        <DateOfBirthForm customer={customer} />
      </div>
      <PaperlessToggle customer={customer} />
      <div className="my-details__section">
        <SavedAddressesSection />
      </div>
      <div className="my-details__section">
        <PaymentMethodsSection />
      </div>
      <div className="my-details__section">
        <PasswordForm />
      </div>
    </div>
  );
}
