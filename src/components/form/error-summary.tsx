import { useEffect, useId, useRef } from 'react';

export interface FieldError {
  /** The id of the input the message is about; the summary links to it. */
  fieldId: string;
  message: string;
}

/**
 * GOV.UK error summary: focused when it appears, each message links to its field.
 * Also used for form-level errors (a field id of the form's first input).
 */
export function ErrorSummary({
  errors,
  title = 'There is a problem',
}: {
  errors: FieldError[];
  title?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const signature = errors.map((error) => error.message).join('|');
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1} ref={ref}>
      <h2 id={titleId} className="error-summary__title">
        {title}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={`${error.fieldId}:${error.message}`}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(error.fieldId)?.focus();
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
