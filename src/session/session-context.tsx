import { createActorContext } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import {
  LOGOUT_FAILED,
  sessionCustomer,
  sessionMachine,
  sessionStatus,
  type SessionStatus,
} from '../../machines/session/session.machine';
import { api, onUnauthorized, unwrap } from '../api/client';
import { isApiRequestError } from '../api/api-error';
import { toEntity, type ResourceObject } from '../api/json-api';
import { customerInPage, signedInInPage } from '../api/settings-in-page';
import type { Customer } from '../api/types';
import { flash } from '../components/flash/flash-store';
import { clearClientData } from './client-data';

/** GET me's customer as the session keeps it. */
const customerOf = (resource: ResourceObject) => toEntity(resource) as Customer;

/** Product rule R14.12: the customer an account page was served with, so it reads no /me. */
function servedCustomer(): Customer | null {
  const body = customerInPage() as { data?: ResourceObject } | undefined;
  return body?.data ? customerOf(body.data) : null;
}

const liveSessionMachine = sessionMachine.provide({
  actors: {
    loadCustomer: fromPromise(async () => {
      try {
        return customerOf((await unwrap(api.GET('/me'))).data);
      } catch (error) {
        if (isApiRequestError(error) && error.status === 401) return null;
        throw error;
      }
    }),
    signOut: fromPromise(async () => {
      // Product rule R2.7: the kit basket is deleted at sign-out, while the session still owns it.
      await api
        .DELETE('/baskets/delete_by_type/{type}', { params: { path: { type: 'RecipeKitBasket' } } })
        .catch(() => undefined);
      try {
        await unwrap(api.DELETE('/sessions'), LOGOUT_FAILED);
      } catch (error) {
        // A session the server had already ended is signed out: that is what was asked.
        if (isApiRequestError(error) && error.status === 401) return;
        throw error;
      }
    }),
  },
  actions: { clearClientData: () => clearClientData() },
});

const SessionContext = createActorContext(liveSessionMachine);

/** Product rule R2.5: a 401 from any call resets the customer state. */
function UnauthorizedListener() {
  const actor = SessionContext.useActorRef();
  useEffect(() => onUnauthorized(() => actor.send({ type: 'session.unauthorized' })), [actor]);
  return null;
}

/** The client is cleared even when DELETE /sessions fails; the customer is still told it failed. */
function LogoutFailureNotice() {
  const error = SessionContext.useSelector((snapshot) => snapshot.context.error);
  useEffect(() => {
    if (error) flash(error, 'error');
  }, [error]);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    // Product rule R14.12: a page served without a signed-in session starts signed out and asks
    // nothing at boot, as does an account page served with its customer; the server's drawing of
    // a screen starts from the same page data.
    <SessionContext.Provider
      options={{
        input: { servedSignedOut: signedInInPage() === false, servedCustomer: servedCustomer() },
      }}
    >
      <UnauthorizedListener />
      <LogoutFailureNotice />
      {children}
    </SessionContext.Provider>
  );
}

/** The signed-in customer; null when signed out; undefined while the session is loading. */
export function useCustomer(): Customer | null | undefined {
  return SessionContext.useSelector(sessionCustomer);
}

export function useSessionStatus(): SessionStatus {
  return SessionContext.useSelector(sessionStatus);
}

/** The session actor: send `session.signOut`, `session.signedIn`, `session.refresh`. */
export const useSessionActor = SessionContext.useActorRef;
