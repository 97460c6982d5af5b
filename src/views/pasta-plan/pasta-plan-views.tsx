import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { APP_ROUTES } from '../../../domain/app-routes';
import { scheduleWeekPaths } from '../../../domain/schedule-week';
import {
  activeCount,
  cutoffText,
  dayAndDate,
  PASTA_PLAN_MESSAGES,
  resumeDateChoices,
  weekStatus,
  type WeekStatus,
} from '../../../domain/pasta-plan';
import {
  chosenPlan,
  chosenWeeks,
  type Plan,
  type PlanWeek,
} from '../../../machines/pasta-plan/pasta-plan.machine';
import { ErrorSummary } from '../../components/form/error-summary';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { Badge } from '../../components/ui/badge';
import type { livePastaPlanMachine } from './pasta-plan-actors';
import { PlanPaymentMethod } from './plan-payment-method';

export interface PastaPlanViewProps {
  actor: ActorRefFrom<typeof livePastaPlanMachine>;
}

const PLAN_BADGE: Record<Plan['state'], { text: string; tone: 'accent' | 'success' | 'neutral' }> =
  {
    active: { text: 'Active', tone: 'success' },
    paused: { text: 'Paused', tone: 'neutral' },
    failed: { text: 'Payment failed', tone: 'accent' },
    created: { text: 'Starting', tone: 'neutral' },
    cancelled: { text: 'Cancelled', tone: 'neutral' },
  };

const WEEK_BADGE: Record<WeekStatus, { text: string; tone: 'accent' | 'success' | 'neutral' }> = {
  active: { text: 'Active', tone: 'success' },
  ordered: { text: 'Ordered', tone: 'success' },
  skipped: { text: 'Skipped', tone: 'accent' },
  paused: { text: 'Paused', tone: 'neutral' },
  closed: { text: 'Cut-off passed', tone: 'neutral' },
};

/** Why a week's button is off, in the customer's words. */
const WEEK_REASON: Partial<Record<WeekStatus, string>> = {
  ordered: 'Its box is ordered: it can no longer be skipped.',
  closed: 'Too late to change: its cut-off has passed.',
};

const frequencyText = (frequency: number) =>
  frequency === 1 ? 'every week' : `every ${frequency} weeks`;

export function LoadFailed({ actor }: PastaPlanViewProps) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{PASTA_PLAN_MESSAGES.loadFailed}</p>
      <Button variant="secondary" onClick={() => actor.send({ type: 'plan.retry' })}>
        Try again
      </Button>
    </div>
  );
}

export function NoPlan({ actor }: PastaPlanViewProps) {
  const ended = useSelector(actor, (s) => s.context.endedPlan);
  // Product rule R10.34: a customer whose plans are all cancelled is told so, and how to start again.
  if (ended)
    return (
      <section className="card pasta-plan__summary" aria-labelledby="plan-name">
        <div className="pasta-plan__heading">
          <h2 id="plan-name">{ended.name}</h2>
          <Badge tone="neutral">Cancelled</Badge>
        </div>
        <p>{PASTA_PLAN_MESSAGES.ended}</p>
        <p>
          <Link to={APP_ROUTES.productBox}>Choose a box on the menu</Link> to start a new plan or
          order a single box. Your past boxes are in{' '}
          <Link to={APP_ROUTES.orderHistory}>your order history</Link>.
        </p>
      </section>
    );
  return (
    <div className="card">
      <p>You have no pasta plan yet. Order a box on a plan and manage it here.</p>
      <p>
        <Link to={APP_ROUTES.productBox}>Choose this week’s box</Link>
      </p>
    </div>
  );
}

/** The chosen plan: its summary, pause and resume, and its coming weeks. */
export function PlanView({ actor }: PastaPlanViewProps) {
  const plans = useSelector(actor, (s) => s.context.plans);
  const plan = useSelector(actor, (s) => chosenPlan(s.context));
  const error = useSelector(actor, (s) => s.context.error);
  const pauseStep = useSelector(actor, (s) =>
    s.matches('pauseChoosing') || s.matches('pausing') || s.matches('pauseConfirming')
      ? (s.value as 'pauseChoosing' | 'pauseConfirming' | 'pausing')
      : null,
  );
  if (!plan) return null;
  return (
    <>
      <ErrorSummary
        errors={
          error ? [{ fieldId: pauseStep ? 'pause-until' : 'plan-weeks', message: error }] : []
        }
      />
      <PlanPicker actor={actor} plans={plans} chosenId={plan.id} />
      <PlanSummary actor={actor} plan={plan} />
      <PlanPaymentMethod key={plan.id} planId={plan.id} />
      {pauseStep === 'pauseChoosing' && <PauseChooser actor={actor} plan={plan} />}
      {(pauseStep === 'pauseConfirming' || pauseStep === 'pausing') && (
        <PauseConfirm actor={actor} busy={pauseStep === 'pausing'} />
      )}
      <PlanWeeks actor={actor} plan={plan} />
    </>
  );
}

function PlanPicker({
  actor,
  plans,
  chosenId,
}: PastaPlanViewProps & { plans: Plan[]; chosenId: string }) {
  const active = activeCount(plans);
  return (
    <div className="pasta-plan__picker">
      <p>{active === 1 ? 'You have 1 active plan.' : `You have ${active} active plans.`}</p>
      {plans.length > 1 && (
        <div className="field">
          <label className="field__label" htmlFor="plan-choice">
            Plan
          </label>
          <select
            id="plan-choice"
            className="field__input"
            value={chosenId}
            onChange={(event) => actor.send({ type: 'plan.choose', planId: event.target.value })}
          >
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name} ({PLAN_BADGE[plan.state].text.toLowerCase()})
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

function PlanSummary({ actor, plan }: PastaPlanViewProps & { plan: Plan }) {
  const canPause = useSelector(actor, (s) => s.can({ type: 'pause.start' }));
  const canResume = useSelector(actor, (s) => s.can({ type: 'plan.resume' }));
  const resuming = useSelector(actor, (s) => s.matches('resuming'));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'cancel.start' }));
  const badge = PLAN_BADGE[plan.state];
  return (
    <section className="card pasta-plan__summary" aria-label="Your plan">
      <div className="pasta-plan__heading">
        <h2 id="plan-name">{plan.name}</h2>
        <Badge tone={badge.tone}>{badge.text}</Badge>
      </div>
      <p>
        {plan.numberOfRecipes} recipes
        {plan.schedule &&
          `, ${frequencyText(plan.schedule.frequency)} on ${dayAndDate(plan.schedule.firstDelivery).split(' ')[0]}s`}
        .
      </p>
      {plan.state === 'paused' && (
        <p>
          {plan.resumeOn
            ? `Paused until ${dayAndDate(plan.resumeOn)}: your boxes start again that week.`
            : 'Paused until you resume it: no boxes are delivered or charged.'}
        </p>
      )}
      {(canPause || canResume || resuming || canCancel) && (
        <div className="pasta-plan__actions">
          {canPause && (
            <Button variant="secondary" onClick={() => actor.send({ type: 'pause.start' })}>
              {plan.state === 'paused' ? 'Change the pause' : 'Pause plan'}
            </Button>
          )}
          {(canResume || resuming) && (
            <Button busy={resuming} onClick={() => actor.send({ type: 'plan.resume' })}>
              Resume plan
            </Button>
          )}
          {canCancel && (
            <Button variant="quiet" onClick={() => actor.send({ type: 'cancel.start' })}>
              Cancel plan
            </Button>
          )}
        </div>
      )}
      <p>
        <Link to={`${APP_ROUTES.planSettings}?plan=${plan.id}`}>
          Plan settings: recipes, delivery day, diet, addresses
        </Link>
      </p>
    </section>
  );
}

function PauseChooser({ actor, plan }: PastaPlanViewProps & { plan: Plan }) {
  const now = useSelector(actor, (s) => s.context.now);
  const error = useSelector(actor, (s) => s.context.error);
  const [how, setHow] = useState<'indefinitely' | 'until'>('until');
  const [until, setUntil] = useState('');
  const dates = plan.schedule ? resumeDateChoices(plan.schedule, new Date(now)) : [];
  return (
    <form
      className="card pasta-plan__pause"
      aria-labelledby="pause-title"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'pause.choose', until: how === 'indefinitely' ? null : until });
      }}
    >
      <h2 id="pause-title">Pause your plan</h2>
      <ChoiceGroup
        id="pause-how"
        legend="How long for?"
        type="radio"
        choices={[
          { value: 'until', label: 'Until a date' },
          { value: 'indefinitely', label: 'Until I resume it' },
        ]}
        values={[how]}
        onChange={([value]) => setHow(value === 'indefinitely' ? 'indefinitely' : 'until')}
      />
      {how === 'until' && (
        <div className={`field${error ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor="pause-until">
            Your boxes start again with the delivery on
          </label>
          {error && (
            <p id="pause-until-error" className="field__error">
              <span className="visually-hidden">Error:</span> {error}
            </p>
          )}
          <select
            id="pause-until"
            className="field__input"
            value={until}
            aria-describedby={error ? 'pause-until-error' : undefined}
            onChange={(event) => setUntil(event.target.value)}
          >
            <option value="">Choose a week</option>
            {dates.map((date) => (
              <option key={date} value={date}>
                {dayAndDate(date)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="pasta-plan__actions">
        <Button type="submit">Continue</Button>
        <Button variant="quiet" onClick={() => actor.send({ type: 'pause.cancel' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PauseConfirm({ actor, busy }: PastaPlanViewProps & { busy: boolean }) {
  const resumeOn = useSelector(actor, (s) => s.context.resumeOn);
  return (
    <section className="card pasta-plan__pause" aria-labelledby="pause-confirm-title">
      <h2 id="pause-confirm-title">
        {resumeOn
          ? `Pause your plan until ${dayAndDate(resumeOn)}?`
          : 'Pause your plan until you resume it?'}
      </h2>
      <p>We won’t deliver or charge for any box meanwhile. You can resume it at any time.</p>
      <div className="pasta-plan__actions">
        <Button busy={busy} onClick={() => actor.send({ type: 'pause.confirm' })}>
          Pause plan
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => actor.send({ type: 'pause.back' })}
        >
          Change
        </Button>
        <Button
          variant="quiet"
          disabled={busy}
          onClick={() => actor.send({ type: 'pause.cancel' })}
        >
          Cancel
        </Button>
      </div>
    </section>
  );
}

function PlanWeeks({ actor, plan }: PastaPlanViewProps & { plan: Plan }) {
  const weeks = useSelector(actor, (s) => chosenWeeks(s.context));
  const now = useSelector(actor, (s) => s.context.now);
  return (
    <section aria-labelledby="plan-weeks">
      <h2 id="plan-weeks" tabIndex={-1}>
        Your coming weeks
      </h2>
      <ul className="pasta-plan__weeks" aria-labelledby="plan-weeks">
        {weeks.map((week) => (
          <WeekItem
            key={week.id}
            actor={actor}
            week={week}
            status={weekStatus(week, plan, new Date(now))}
          />
        ))}
      </ul>
    </section>
  );
}

function WeekItem({
  actor,
  week,
  status,
}: PastaPlanViewProps & { week: PlanWeek; status: WeekStatus }) {
  const canSkip = useSelector(actor, (s) => s.can({ type: 'week.skip', weekId: week.id }));
  const canUnskip = useSelector(actor, (s) => s.can({ type: 'week.unskip', weekId: week.id }));
  const busy = useSelector(
    actor,
    (s) => (s.matches('skipping') || s.matches('unskipping')) && s.context.weekId === week.id,
  );
  const day = dayAndDate(week.deliveryDate);
  const badge = WEEK_BADGE[status];
  const reason = WEEK_REASON[status];
  const reasonId = `week-${week.id}-reason`;
  const skipped = week.state === 'skipped';
  return (
    <li className="card pasta-plan__week" aria-labelledby={`week-${week.id}`}>
      <div className="pasta-plan__heading">
        <h3 id={`week-${week.id}`}>{day}</h3>
        <Badge tone={badge.tone}>{badge.text}</Badge>
      </div>
      <dl className="pasta-plan__facts">
        <dt>Cut-off</dt>
        <dd>{cutoffText(week.billingDate)}</dd>
        <dt>Box</dt>
        <dd>{week.recipes.length ? week.recipes.join(', ') : 'Chef’s picks'}</dd>
      </dl>
      {reason && (
        <p id={reasonId} className="field__hint">
          {reason}
        </p>
      )}
      <Button
        variant="secondary"
        busy={busy}
        disabled={skipped ? !canUnskip : !canSkip}
        aria-describedby={reason ? reasonId : undefined}
        aria-label={`${skipped ? 'Unskip' : 'Skip'} ${day}`}
        onClick={() =>
          actor.send(
            skipped
              ? { type: 'week.unskip', weekId: week.id }
              : { type: 'week.skip', weekId: week.id },
          )
        }
      >
        {skipped ? 'Unskip' : 'Skip'}
      </Button>{' '}
      <Link className="button button--quiet" to={scheduleWeekPaths(week.id).edit}>
        Box details<span className="visually-hidden"> for {day}</span>
      </Link>
    </li>
  );
}
