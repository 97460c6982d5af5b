import { createActorContext } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { api, onUnauthorized, unwrap } from '../api/client';
import { isApiRequestError } from '../api/api-error';
import { toEntity } from '../api/json-api';
import type { Customer } from '../api/types';
import { clearClientData } from './client-data';

const liveSessionMachine = sessionMachine.provide({
  actors: {
    loadCustomer: fromPromise(async () => {
      try {
        return toEntity((await unwrap(api.GET('/me'))).data) as Customer;
      } catch (error) {
        if (isApiRequestError(error) && error.status === 401) return null;
        throw error;
      }
    }),
    signOut: fromPromise(async () => {
      await unwrap(api.DELETE('/sessions'), 'Logout request failed');
    }),
  },
  actions: { clearClientData: () => clearClientData() },
});

const SessionContext = createActorContext(liveSessionMachine);

function UnauthorizedListener() {
  const actor = SessionContext.useActorRef();
  useEffect(() => onUnauthorized(() => actor.send({ type: 'session.unauthorized' })), [actor]);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <SessionContext.Provider>
      <UnauthorizedListener />
      {children}
    </SessionContext.Provider>
  );
}

/** The signed-in customer; null when signed out; undefined while the session is loading. */
export function useCustomer(): Customer | null | undefined {
  return SessionContext.useSelector((snapshot) =>
    snapshot.matches('loading') ? undefined : snapshot.context.customer,
  );
}

export function useSessionStatus(): 'loading' | 'signedIn' | 'signedOut' {
  return SessionContext.useSelector((snapshot) =>
    snapshot.matches('signedIn')
      ? 'signedIn'
      : snapshot.matches('loading')
        ? 'loading'
        : 'signedOut',
  );
}

export const useSessionActor = SessionContext.useActorRef;
