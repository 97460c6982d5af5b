import { Link, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';

/** A link to another auth step that keeps the returnTo parameter. */
export function StepLink({ to, children }: { to: string; children: ReactNode }) {
  const { search } = useLocation();
  const returnTo = new URLSearchParams(search).get('returnTo');
  return (
    <Link to={{ pathname: to, search: returnTo ? `?${new URLSearchParams({ returnTo })}` : '' }}>
      {children}
    </Link>
  );
}
