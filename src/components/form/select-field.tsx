export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  label: string;
  hint?: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}

/** A labelled select with its hint wired to aria-describedby (GOV.UK select pattern). */
export function SelectField({ id, label, hint, value, options, onChange }: SelectFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      )}
      <select
        id={id}
        className="field__input"
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
