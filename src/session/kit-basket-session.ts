import { useEffect } from 'react';
import { registerClientDataReset } from './client-data';

/**
 * Product rule R2.7: the recipe-kit basket is deleted and recreated when the customer logs out. The
 * session deletes the signed-in customer's basket before ending the session (while it still owns
 * it); a kit basket actor alive on screen is told, so it starts a fresh one.
 */
export function useKitBasketSignOut(actor: {
  send: (event: { type: 'session.signedOut' }) => void;
}) {
  useEffect(
    () => registerClientDataReset(() => actor.send({ type: 'session.signedOut' })),
    [actor],
  );
}
