import type { ReactNode } from 'react';

export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

interface ChoiceGroupProps {
  /** Used for the fieldset's error id and as the id of the first input, for error-summary links. */
  id: string;
  legend: ReactNode;
  type: 'radio' | 'checkbox';
  choices: Choice[];
  /** Checked values. */
  values: string[];
  onChange: (values: string[]) => void;
  hint?: string;
  error?: string;
}

/** GOV.UK radios / checkboxes: a fieldset with a legend, one label per input. */
export function ChoiceGroup({
  id,
  legend,
  type,
  choices,
  values,
  onChange,
  hint,
  error,
}: ChoiceGroupProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const toggle = (value: string, checked: boolean) => {
    if (type === 'radio') onChange([value]);
    else onChange(checked ? [...values, value] : values.filter((v) => v !== value));
  };
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <fieldset
        className="choices"
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      >
        <legend className="field__label">{legend}</legend>
        {hint && (
          <div id={hintId} className="field__hint">
            {hint}
          </div>
        )}
        {error && (
          <p id={errorId} className="field__error">
            <span className="visually-hidden">Error:</span> {error}
          </p>
        )}
        {choices.map((choice, index) => {
          const inputId = index === 0 ? id : `${id}-${choice.value}`;
          return (
            <div className="choice" key={choice.value}>
              <input
                id={inputId}
                type={type}
                name={id}
                value={choice.value}
                checked={values.includes(choice.value)}
                onChange={(event) => toggle(choice.value, event.target.checked)}
              />
              <label htmlFor={inputId}>{choice.label}</label>
              {choice.hint && <div className="field__hint choice__hint">{choice.hint}</div>}
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}
