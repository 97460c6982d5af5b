import { useSyncExternalStore } from 'react';
import { dismissFlash, flashSnapshot, subscribeFlash } from './flash-store';

/** A polite live region: screen readers announce each message without moving focus. */
export function FlashMessages() {
  const messages = useSyncExternalStore(subscribeFlash, flashSnapshot, flashSnapshot);
  return (
    <div className="flash-region" role="status" aria-live="polite">
      {messages.map((message) => (
        <div key={message.id} className={`flash flash--${message.kind}`}>
          <span>{message.text}</span>
          <button
            type="button"
            className="flash__dismiss"
            onClick={() => dismissFlash(message.id)}
            aria-label={`Dismiss: ${message.text}`}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
