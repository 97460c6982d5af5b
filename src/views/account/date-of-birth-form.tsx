import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { isApiRequestError } from '../../api/api-error';
import { toEntity } from '../../api/json-api';
import type { Customer } from '../../api/types';
import { flash } from '../../components/flash/flash-store';
import { Button } from '../../components/form/button';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { useSessionActor } from '../../session/session-context';
import {
  dateParts,
  readDateParts,
  ukToday,
  type DatePart,
  type DateParts,
} from '../../../domain/date-of-birth';
import './my-details.css';

const PARTS: { part: DatePart; label: string; width: string }[] = [
  { part: 'day', label: 'Day', width: 'date-input__item--2' },
  { part: 'month', label: 'Month', width: 'date-input__item--2' },
  { part: 'year', label: 'Year', width: 'date-input__item--4' },
];
const fieldId = (part: DatePart) => `dateOfBirth-${part}`;

/** GOV.UK date input for the date of birth (R2.13), saved with PUT customers/date_of_birth. */
export function DateOfBirthForm({ customer }: { customer: Customer }) {
  const session = useSessionActor();
  const [parts, setParts] = useState<DateParts>(() => dateParts(customer.dateOfBirth));
  const [error, setError] = useState<{ message: string; fields: DatePart[] }>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readDateParts(parts, ukToday(new Date()));
    if ('message' in read) {
      setError(read);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const body = await unwrap(
        api.PUT('/customers/date_of_birth', { body: { date_of_birth: read.iso } }),
      );
      session.send({ type: 'session.signedIn', customer: toEntity(body.data) as Customer });
      flash('Your date of birth has been saved.');
    } catch (caught) {
      setError({
        message:
          isApiRequestError(caught) && caught.status === 400
            ? (caught.serverMessage ?? 'Something went wrong')
            : "Couldn't save your date of birth. Try again.",
        fields: ['day', 'month', 'year'],
      });
    } finally {
      setBusy(false);
    }
  };

  const summary: FieldError[] = error
    ? [{ fieldId: fieldId(error.fields[0] ?? 'day'), message: error.message }]
    : [];
  return (
    <form onSubmit={submit} noValidate aria-labelledby="dob-heading">
      <ErrorSummary errors={summary} />
      <h2 id="dob-heading">Date of birth</h2>
      <div className={`field${error ? ' field--error' : ''}`}>
        <fieldset
          role="group"
          aria-describedby={`dateOfBirth-hint${error ? ' dateOfBirth-error' : ''}`}
        >
          <legend className="field__label">What is your date of birth?</legend>
          <div id="dateOfBirth-hint" className="field__hint">
            For example, 27 3 1985. You must be 18 or over.
          </div>
          {error && (
            <p id="dateOfBirth-error" className="field__error">
              <span className="visually-hidden">Error:</span> {error.message}
            </p>
          )}
          <div className="date-input">
            {PARTS.map(({ part, label, width }) => (
              <div className={`date-input__item ${width}`} key={part}>
                <label className="date-input__label" htmlFor={fieldId(part)}>
                  {label}
                </label>
                <input
                  id={fieldId(part)}
                  name={fieldId(part)}
                  className="field__input"
                  inputMode="numeric"
                  autoComplete={`bday-${part}`}
                  aria-invalid={error?.fields.includes(part) ? true : undefined}
                  value={parts[part]}
                  onChange={(e) => setParts({ ...parts, [part]: e.target.value })}
                />
              </div>
            ))}
          </div>
        </fieldset>
      </div>
      <Button type="submit" busy={busy}>
        Save date of birth
      </Button>
    </form>
  );
}
