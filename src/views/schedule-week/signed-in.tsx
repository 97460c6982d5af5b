import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { SCHEDULE_WEEK_MESSAGES } from '../../../domain/schedule-week';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
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

/** A week step's page (/schedule/:scheduleWeekId/…): the signed-in customer's week, by its id. */
export function WeekStepRoute({
  title,
  step,
}: {
  title: string;
  step: (weekId: string) => ReactNode;
}) {
  const { scheduleWeekId = '' } = useParams();
  useDocumentTitle(title);
  if (!isRowId(scheduleWeekId)) return <WeekNotFound />;
  return <SignedIn>{step(scheduleWeekId)}</SignedIn>;
}

/** A week step whose week could not be loaded: say so and offer to try again. */
export function WeekLoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="narrow">
      <h1>{title}</h1>
      <p role="alert">{SCHEDULE_WEEK_MESSAGES.loadFailed}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

/** A week step after its cut-off (or refused as too late): why, and the way back to the box. */
export function WeekTooLate({
  title,
  error,
  backTo,
}: {
  title: string;
  error?: string | null;
  backTo: string;
}) {
  return (
    <div className="page schedule-week narrow">
      <h1>{title}</h1>
      <div className="notice">
        <p>{error ?? SCHEDULE_WEEK_MESSAGES.tooLate}</p>
      </div>
      <p>
        <Link to={backTo}>Back to your box</Link>
      </p>
    </div>
  );
}
