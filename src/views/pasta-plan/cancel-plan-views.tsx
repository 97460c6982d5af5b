import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  CANCEL_NOTE_MAX,
  CANCEL_PLAN_MESSAGES,
  CANCEL_REASON_LABELS,
  CANCEL_REASONS,
} from '../../../domain/cancel-plan';
import { dayAndDate } from '../../../domain/pasta-plan';
import { chosenPlan, nextSkippableWeek } from '../../../machines/pasta-plan/pasta-plan.machine';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ErrorSummary } from '../../components/form/error-summary';
import { Badge } from '../../components/ui/badge';
import type { PastaPlanViewProps } from './pasta-plan-views';

/**
 * Cancelling the pasta plan (product rules R10.13-R10.17), one step at a time: why, a last
 * chance to skip the next week or pause instead, then confirm.
 */
export function CancelPlanView({ actor }: PastaPlanViewProps) {
  const plan = useSelector(actor, (s) => chosenPlan(s.context));
  const error = useSelector(actor, (s) => s.context.error);
  const step = useSelector(actor, (s) =>
    s.matches('cancelReason')
      ? 'reason'
      : s.matches('cancelOffers') || s.matches('skippingInstead') || s.matches('pausingInstead')
        ? 'offers'
        : 'confirm',
  );
  const reason = useSelector(actor, (s) => s.context.cancelReason);
  const fieldId =
    step === 'reason' ? (reason === 'other' ? 'cancel-note' : 'cancel-reason') : 'cancel-title';
  // Each step takes the focus to its heading, so keyboard and screen-reader users start there.
  useEffect(() => document.getElementById('cancel-title')?.focus(), [step]);
  if (!plan) return null;
  return (
    <>
      <ErrorSummary errors={error ? [{ fieldId, message: error }] : []} />
      {step === 'reason' && <ReasonStep actor={actor} />}
      {step === 'offers' && <OffersStep actor={actor} />}
      {step === 'confirm' && <ConfirmStep actor={actor} />}
    </>
  );
}

function ReasonStep({ actor }: PastaPlanViewProps) {
  const error = useSelector(actor, (s) => s.context.error);
  const given = useSelector(actor, (s) => s.context.cancelReason);
  const givenNote = useSelector(actor, (s) => s.context.cancelNote);
  const [reason, setReason] = useState<string | null>(given);
  const [note, setNote] = useState(givenNote);
  const noteError = error && reason === 'other' ? error : undefined;
  const reasonError = error && reason !== 'other' ? error : undefined;
  return (
    <form
      className="card pasta-plan__cancel"
      aria-labelledby="cancel-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'cancel.reason', reason, note });
      }}
    >
      <h2 id="cancel-title" tabIndex={-1}>
        Cancel your pasta plan
      </h2>
      <ChoiceGroup
        id="cancel-reason"
        legend="Why are you cancelling?"
        type="radio"
        choices={CANCEL_REASONS.map((value) => ({ value, label: CANCEL_REASON_LABELS[value] }))}
        values={reason ? [reason] : []}
        onChange={([value]) => setReason(value ?? null)}
        error={reasonError}
      />
      {reason === 'other' && (
        <div className={`field${noteError ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor="cancel-note">
            Tell us more
          </label>
          {noteError && (
            <p id="cancel-note-error" className="field__error">
              <span className="visually-hidden">Error:</span> {noteError}
            </p>
          )}
          <textarea
            id="cancel-note"
            className="field__input"
            rows={3}
            maxLength={CANCEL_NOTE_MAX}
            value={note}
            aria-describedby={noteError ? 'cancel-note-error' : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      )}
      <div className="pasta-plan__actions">
        <Button type="submit">Continue</Button>
        <Button variant="quiet" onClick={() => actor.send({ type: 'cancel.keep' })}>
          Keep my plan
        </Button>
      </div>
    </form>
  );
}

function OffersStep({ actor }: PastaPlanViewProps) {
  const nextWeek = useSelector(actor, (s) => nextSkippableWeek(s.context));
  const canSkip = useSelector(actor, (s) => s.can({ type: 'cancel.skipInstead' }));
  const canPause = useSelector(actor, (s) => s.can({ type: 'cancel.pauseInstead' }));
  const skipping = useSelector(actor, (s) => s.matches('skippingInstead'));
  const pausing = useSelector(actor, (s) => s.matches('pausingInstead'));
  const busy = skipping || pausing;
  return (
    <section className="card pasta-plan__cancel" aria-labelledby="cancel-title">
      <h2 id="cancel-title" tabIndex={-1}>
        Before you go
      </h2>
      <p>Need a break rather than a goodbye? You can keep your plan and change it instead.</p>
      {(canSkip || skipping) && nextWeek && (
        <div className="pasta-plan__offer">
          <h3>Skip a week</h3>
          <p>We won’t deliver or charge for your box on {dayAndDate(nextWeek.deliveryDate)}.</p>
          <Button
            variant="secondary"
            busy={skipping}
            disabled={busy}
            onClick={() => actor.send({ type: 'cancel.skipInstead' })}
          >
            Skip {dayAndDate(nextWeek.deliveryDate)} instead
          </Button>
        </div>
      )}
      {(canPause || pausing) && (
        <div className="pasta-plan__offer">
          <h3>Pause your plan</h3>
          <p>No boxes and no charges until you resume it.</p>
          <Button
            variant="secondary"
            busy={pausing}
            disabled={busy}
            onClick={() => actor.send({ type: 'cancel.pauseInstead' })}
          >
            Pause instead
          </Button>
        </div>
      )}
      <div className="pasta-plan__actions">
        <Button
          variant="destructive"
          disabled={busy}
          onClick={() => actor.send({ type: 'cancel.continue' })}
        >
          Continue to cancel
        </Button>
        <Button variant="quiet" disabled={busy} onClick={() => actor.send({ type: 'cancel.back' })}>
          Back
        </Button>
        <Button variant="quiet" disabled={busy} onClick={() => actor.send({ type: 'cancel.keep' })}>
          Keep my plan
        </Button>
      </div>
    </section>
  );
}

function ConfirmStep({ actor }: PastaPlanViewProps) {
  const plan = useSelector(actor, (s) => chosenPlan(s.context));
  const busy = useSelector(actor, (s) => s.matches('cancelling'));
  const reason = useSelector(actor, (s) => s.context.cancelReason);
  const note = useSelector(actor, (s) => s.context.cancelNote);
  return (
    <section className="card pasta-plan__cancel" aria-labelledby="cancel-title">
      <h2 id="cancel-title" tabIndex={-1}>
        Cancel {plan?.name ?? 'your plan'}?
      </h2>
      {reason && (
        <p>Your reason: {reason === 'other' ? `“${note}”` : `${CANCEL_REASON_LABELS[reason]}.`}</p>
      )}
      <p>
        We won’t plan, deliver or charge for any more boxes. {CANCEL_PLAN_MESSAGES.stillDelivered}
      </p>
      <div className="pasta-plan__actions">
        <Button
          variant="destructive"
          busy={busy}
          onClick={() => actor.send({ type: 'cancel.confirm' })}
        >
          Cancel plan
        </Button>
        <Button variant="quiet" disabled={busy} onClick={() => actor.send({ type: 'cancel.back' })}>
          Back
        </Button>
        <Button variant="quiet" disabled={busy} onClick={() => actor.send({ type: 'cancel.keep' })}>
          Keep my plan
        </Button>
      </div>
    </section>
  );
}

/** Product rule R10.18: the plan just cancelled, with its boxes still delivered. */
export function CancelledPlanView({ actor }: PastaPlanViewProps) {
  const cancelled = useSelector(actor, (s) => s.context.cancelled);
  useEffect(() => document.getElementById('plan-name')?.focus(), []);
  if (!cancelled) return null;
  const { plan, stillDelivered } = cancelled;
  return (
    <section className="card pasta-plan__summary" aria-labelledby="plan-name">
      <div className="pasta-plan__heading">
        <h2 id="plan-name" tabIndex={-1}>
          {plan.name}
        </h2>
        <Badge tone="neutral">Cancelled</Badge>
      </div>
      <p>{CANCEL_PLAN_MESSAGES.cancelled} We’ve emailed you to confirm.</p>
      {stillDelivered.length > 0 ? (
        <>
          <p>{CANCEL_PLAN_MESSAGES.stillDelivered}</p>
          <ul aria-label="Boxes still delivered">
            {stillDelivered.map((week) => (
              <li key={week.id}>{dayAndDate(week.deliveryDate)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>No more boxes are coming.</p>
      )}
      <div className="pasta-plan__actions">
        <Button variant="secondary" onClick={() => actor.send({ type: 'cancel.done' })}>
          Back to your pasta plan
        </Button>
      </div>
    </section>
  );
}
