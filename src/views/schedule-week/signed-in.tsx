import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCustomer } from '../../session/session-context';

/** The week pages are the signed-in customer's: signed out goes to sign in and back (R2.2). */
export function SignedIn({ children }: { children: ReactNode }) {
  const customer = useCustomer();
  const location = useLocation();
  if (customer === undefined)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  if (customer === null) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`/social-login?${new URLSearchParams({ returnTo })}`} replace />;
  }
  return <>{children}</>;
}

export const isRowId = (id: string) => /^[1-9]\d{0,9}$/.test(id);

export function WeekNotFound() {
  return (
    <div className="narrow">
      <h1>Box not found</h1>
      <p>We could not find this box in your pasta plan. Check the link, or see your plan.</p>
      <p>
        <a href="/account/pasta-plan">Your pasta plan</a>
      </p>
    </div>
  );
}
