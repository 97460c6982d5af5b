import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import './kit-checkout.css';
import { POSTCODE_FINDER_FIELD } from '../../../machines/kit-checkout/kit-checkout.machine';
import { districtOnlyMessage } from '../../../machines/shared/postcode-lookup';
import { Button } from '../../components/form/button';
import type { KitStepProps } from './kit-step-props';

/** The address step's substates: what the finder is doing or found (product rule R8.11). */
const FINDER_STATES = [
  'findingAddress',
  'foundAddresses',
  'districtOnly',
  'unknownPostcode',
  'lookupFailed',
] as const;

const addressesFound = (count: number) => `${count} address${count === 1 ? '' : 'es'} found`;

const describe = (address: { address1: string; address2: string | null; city: string }) =>
  [address.address1, address.address2, address.city].filter(Boolean).join(', ');

/**
 * Product rules R3.13, R8.11 and R8.12: the kit checkout finds the address by postcode as the
 * takeaway's address search does. The machine looks it up and says what it found; this renders
 * it and sends what the customer does.
 */
export function PostcodeFinder({
  actor,
  streetFieldId,
}: KitStepProps & {
  /** The street field, focused when the customer has to type it. */
  streetFieldId: string;
}) {
  const outcome = useSelector(actor, (s) =>
    FINDER_STATES.find((state) => s.matches({ steps: { address: state } })),
  );
  const lookup = useSelector(actor, (s) => s.context.postcodeLookup);
  const error = useSelector(
    actor,
    (s) => s.context.errors.find((e) => e.field === POSTCODE_FINDER_FIELD)?.message,
  );
  const [query, setQuery] = useState(lookup.postcode);
  const find = () => actor.send({ type: 'address.find', postcode: query });

  // A district-only match asks for the street: take the customer there.
  useEffect(() => {
    if (outcome === 'districtOnly') document.getElementById(streetFieldId)?.focus();
  }, [outcome, streetFieldId]);

  const errorId = `${POSTCODE_FINDER_FIELD}-error`;
  return (
    <div className={`field postcode-finder${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={POSTCODE_FINDER_FIELD}>
        Find your address
      </label>
      <div id={`${POSTCODE_FINDER_FIELD}-hint`} className="field__hint">
        Type your postcode, for example W4 2HD.
      </div>
      {error && (
        <p id={errorId} className="field__error">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
      <div className="postcode-finder__row">
        <input
          id={POSTCODE_FINDER_FIELD}
          className="field__input field__input--postcode"
          autoComplete="postal-code"
          value={query}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${POSTCODE_FINDER_FIELD}-hint`, error && errorId]
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter looks up the postcode instead of submitting the whole address form.
            if (event.key === 'Enter') {
              event.preventDefault();
              find();
            }
          }}
        />
        <Button variant="secondary" busy={outcome === 'findingAddress'} onClick={find}>
          Find address
        </Button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {outcome === 'findingAddress' ? `Looking up ${lookup.postcode}…` : ''}
        {outcome === 'foundAddresses'
          ? `${addressesFound(lookup.addresses.length)} for ${lookup.postcode}.`
          : ''}
      </p>
      {outcome === 'foundAddresses' && (
        <div className="field postcode-finder__result">
          <label className="field__label" htmlFor={`${POSTCODE_FINDER_FIELD}-choice`}>
            Choose your address
          </label>
          <select
            // A new lookup starts a new choice.
            key={lookup.postcode}
            id={`${POSTCODE_FINDER_FIELD}-choice`}
            className="field__input"
            defaultValue=""
            onChange={(event) => {
              if (event.target.value)
                actor.send({ type: 'foundAddress.choose', addressId: event.target.value });
            }}
          >
            <option value="">{addressesFound(lookup.addresses.length)}</option>
            {lookup.addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {describe(address)}
              </option>
            ))}
          </select>
        </div>
      )}
      {outcome === 'districtOnly' && (
        <p className="postcode-finder__result" role="status">
          {districtOnlyMessage(lookup.postcode)}
        </p>
      )}
    </div>
  );
}
