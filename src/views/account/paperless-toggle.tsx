import { useEffect, useRef, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import type { Customer } from '../../api/types';
import { useSessionActor } from '../../session/session-context';
import { debounce, PAPERLESS_DEBOUNCE_MS, type Debounced } from '../../app/debounce';
import './my-details.css';

export const PAPERLESS_FAILED = "Couldn't change your paperless setting. It is back as it was.";

/**
 * The paperless toggle (R2.16): it moves at once, the call waits 300 ms after the last change
 * and sends only the last value; if that call fails the toggle goes back to the saved value
 * and says so.
 */
export function PaperlessToggle({ customer }: { customer: Customer }) {
  const session = useSessionActor();
  const onAtLoad = customer.tags.includes('paperless');
  const saved = useRef(onAtLoad);
  const [checked, setChecked] = useState(onAtLoad);
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();
  // Answers to superseded calls are ignored: only the newest call may move the toggle back.
  const latestCall = useRef(0);
  const save = useRef<Debounced<boolean>>(undefined);

  useEffect(() => {
    const debounced = debounce((paperless: boolean) => {
      const call = ++latestCall.current;
      unwrap(api.PUT('/customers/paperless', { body: { paperless } })).then(
        (body) => {
          if (call !== latestCall.current) return;
          saved.current = paperless;
          session.send({ type: 'session.signedIn', customer: toEntity(body.data) as Customer });
          setMessage({ text: paperless ? 'Paperless is on.' : 'Paperless is off.', failed: false });
        },
        () => {
          if (call !== latestCall.current) return;
          setChecked(saved.current);
          setMessage({ text: PAPERLESS_FAILED, failed: true });
        },
      );
    }, PAPERLESS_DEBOUNCE_MS);
    save.current = debounced;
    // Leaving the page mid-wait still saves the last choice.
    return () => debounced.flush();
  }, [session]);

  return (
    <section className="my-details__section" aria-labelledby="paperless-heading">
      <h2 id="paperless-heading">Paperless</h2>
      <div className="checkbox">
        <input
          id="paperless"
          type="checkbox"
          checked={checked}
          aria-describedby="paperless-hint"
          onChange={(event) => {
            setChecked(event.target.checked);
            setMessage(undefined);
            save.current?.(event.target.checked);
          }}
        />
        <label htmlFor="paperless">Go paperless</label>
      </div>
      <div id="paperless-hint" className="field__hint">
        We email your invoices and receipts instead of printing them. Saved as you change it.
      </div>
      <div role="status" aria-live="polite">
        {message && (
          <p className={`paperless__message${message.failed ? ' paperless__message--error' : ''}`}>
            {message.text}
          </p>
        )}
      </div>
    </section>
  );
}
