import { useState } from 'react';
import './kit-checkout.css';
import type { CheckoutAddress } from '../../../machines/kit-checkout/kit-checkout.types';
import { lookupPostcode, type PostcodeLookup } from '../../api/postcode-lookup';

/**
 * Product rules R3.13 and R8.11: the kit checkout finds the address by postcode as the takeaway's
 * address search does: a listed postcode offers its addresses, a district-only match fills the
 * postcode and asks for the street and number, an unknown one says why (R3.7).
 */
export function PostcodeFinder({
  onFound,
  streetFieldId,
}: {
  onFound: (address: Partial<CheckoutAddress>) => void;
  /** The street field, focused when the customer has to type it. */
  streetFieldId: string;
}) {
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PostcodeLookup | null>(null);
  const find = async () => {
    if (!query.trim()) return;
    setBusy(true);
    const found = await lookupPostcode(query);
    setBusy(false);
    setResult(found);
    if (found.kind === 'district') {
      onFound({ zip: found.postcode, address1: '', address2: '', city: '' });
      requestAnimationFrame(() => document.getElementById(streetFieldId)?.focus());
    }
  };
  const error = result?.kind === 'unknown' ? result.message : undefined;
  return (
    <div className={`field postcode-finder${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor="postcode-finder">
        Find your address
      </label>
      <div id="postcode-finder-hint" className="field__hint">
        Type your postcode, for example W4 2HD.
      </div>
      {error && (
        <p id="postcode-finder-error" className="field__error" role="alert">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
      <div className="postcode-finder__row">
        <input
          id="postcode-finder"
          className="field__input field__input--postcode"
          autoComplete="postal-code"
          value={query}
          aria-describedby={
            error ? 'postcode-finder-hint postcode-finder-error' : 'postcode-finder-hint'
          }
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter looks up the postcode instead of submitting the whole address form.
            if (event.key === 'Enter') {
              event.preventDefault();
              void find();
            }
          }}
        />
        <button
          type="button"
          className="button button--secondary"
          aria-busy={busy}
          disabled={busy}
          onClick={() => void find()}
        >
          Find address
        </button>
      </div>
      {result?.kind === 'listed' && (
        <div className="field">
          <label className="field__label" htmlFor="postcode-finder-choice">
            Choose your address
          </label>
          <select
            id="postcode-finder-choice"
            className="field__input"
            defaultValue=""
            onChange={(event) => {
              const address = result.addresses.find((a) => a.id === event.target.value);
              if (address)
                onFound({
                  address1: address.address1,
                  address2: address.address2 ?? '',
                  city: address.city,
                  zip: address.zip,
                  lat: address.lat,
                  lon: address.lon,
                });
            }}
          >
            <option value="">{result.addresses.length} addresses found</option>
            {result.addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {[address.address1, address.address2, address.city].filter(Boolean).join(', ')}
              </option>
            ))}
          </select>
        </div>
      )}
      {result?.kind === 'district' && (
        <p role="status">
          We found {result.postcode} but not its addresses: type your house number and street.
        </p>
      )}
    </div>
  );
}
