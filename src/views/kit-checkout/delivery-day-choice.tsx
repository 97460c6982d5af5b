import type { DeliveryDayChoice } from '../../../machines/kit-checkout/kit-checkout.types';
import { formatPrice } from '../../../domain/money';
import './kit-checkout.css';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
export const formatDeliveryDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

const feeText = (fee: number) => (fee === 0 ? 'Free delivery' : `Delivery ${formatPrice(fee)}`);

/**
 * Product rule R8.10: the box's week as a short list of days, each with its delivery fee (R8.6,
 * R8.9), or disabled with the reason it cannot be chosen; the chosen day's fee and the box's total
 * are said right beside the list, so a change of price shows where it happens.
 */
export function DeliveryDayChoice({
  days,
  value,
  onChange,
  error,
}: {
  days: DeliveryDayChoice[];
  value: string;
  onChange: (date: string) => void;
  error?: string;
}) {
  const chosen = days.find((day) => day.date === value && day.available);
  const errorId = error ? 'deliveryDate-error' : undefined;
  const firstAvailable = days.find((day) => day.available)?.date;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <fieldset
        className="choices delivery-days"
        aria-describedby={['deliveryDate-hint', errorId].filter(Boolean).join(' ')}
      >
        <legend className="field__label">Delivery day</legend>
        <div id="deliveryDate-hint" className="field__hint">
          We deliver Monday to Saturday. The fee depends on the day.
        </div>
        {error && (
          <p id={errorId} className="field__error">
            <span className="visually-hidden">Error:</span> {error}
          </p>
        )}
        <ul className="delivery-days__list">
          {days.map((day) => {
            // The first offered day carries the id the error summary links to.
            const id = day.date === firstAvailable ? 'deliveryDate' : `deliveryDate-${day.date}`;
            const noteId = `${id}-note`;
            return (
              <li
                key={day.date}
                className={`delivery-day${day.available ? '' : ' delivery-day--unavailable'}`}
              >
                <input
                  id={id}
                  type="radio"
                  name="deliveryDate"
                  value={day.date}
                  checked={day.date === value}
                  disabled={!day.available}
                  aria-describedby={noteId}
                  onChange={() => onChange(day.date)}
                />
                <label htmlFor={id} className="delivery-day__label">
                  {formatDeliveryDay(day.date)}
                </label>
                <span id={noteId} className="delivery-day__note">
                  {day.available ? feeText(day.fee) : day.reason}
                </span>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className="delivery-days__total" role="status" aria-live="polite">
        {chosen
          ? `${formatDeliveryDay(chosen.date)}: ${feeText(chosen.fee).toLowerCase()}. Your first box: ${formatPrice(chosen.total)}.`
          : ''}
      </p>
    </div>
  );
}
