import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import type { Customer } from '../../api/types';
import { useSessionActor } from '../../session/session-context';

type CheckoutSnapshot = Snapshot<unknown> & { context: { signedInCustomer: object | null } };

/**
 * What every checkout flow does beside its steps: tells the session about a sign-in made in the
 * checkout, and follows the machine's exit (its output's redirect) when it ends.
 */
export function useCheckoutExits<TEvent extends EventObject>(
  actor: ActorRef<CheckoutSnapshot, TEvent>,
) {
  const navigate = useNavigate();
  const session = useSessionActor();
  const signedIn = useSelector(actor, (s) => s.context.signedInCustomer);
  const redirectTo = useSelector(actor, (s) =>
    s.status === 'done' ? (s.output as { redirectTo: string }).redirectTo : undefined,
  );
  useEffect(() => {
    // The live actors return the whole customer the API sent: the session keeps it.
    if (signedIn) session.send({ type: 'session.signedIn', customer: signedIn as Customer });
  }, [signedIn, session]);
  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);
}
