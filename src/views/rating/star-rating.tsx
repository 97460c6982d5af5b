import { STAR_WORDS, starLabel } from './star-words';

interface StarRatingProps {
  /** The first star's id (error-summary links land on it) and the radios' name. */
  id: string;
  legend: string;
  /** 1 to 5, or null before a choice. */
  value: number | null;
  onChange: (value: number) => void;
  error?: string;
  /** A dish's row is smaller than the order's. */
  compact?: boolean;
}

/**
 * Product rule R9.12: a radio group drawn as five stars. Native radios, so the arrow keys move
 * and choose as in any radio group; each is labelled "4 out of 5 stars", and each star is a 44 px
 * target.
 */
export function StarRating({ id, legend, value, onChange, error, compact }: StarRatingProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <fieldset
        className={`star-rating${compact ? ' star-rating--compact' : ''}`}
        aria-describedby={errorId}
      >
        <legend className="field__label">{legend}</legend>
        {error && (
          <p id={errorId} className="field__error">
            <span className="visually-hidden">Error:</span> {error}
          </p>
        )}
        <div className="star-rating__row">
          <div className="star-rating__stars">
            {STAR_WORDS.map((_, index) => {
              const stars = index + 1;
              const inputId = index === 0 ? id : `${id}-${stars}`;
              return (
                <label
                  key={stars}
                  htmlFor={inputId}
                  className={`star-rating__star${value !== null && stars <= value ? ' star-rating__star--on' : ''}`}
                >
                  <input
                    id={inputId}
                    className="star-rating__input"
                    type="radio"
                    name={id}
                    value={stars}
                    checked={value === stars}
                    onChange={() => onChange(stars)}
                  />
                  <svg className="star-rating__icon" viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
                  </svg>
                  <span className="visually-hidden">{starLabel(stars)}</span>
                </label>
              );
            })}
          </div>
          <p className="star-rating__word" aria-hidden="true">
            {value === null ? 'Not rated yet' : `${STAR_WORDS[value - 1]} (${value} of 5)`}
          </p>
        </div>
      </fieldset>
    </div>
  );
}
