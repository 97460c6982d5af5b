import { Link } from 'react-router-dom';
import type { DashboardData } from '../../api/account-dashboard';
import { APP_ROUTES } from '../../../domain/app-routes';
import {
  dashboardPlan,
  deliveryDayText,
  frequencyText,
  nextBox,
  planStateText,
} from '../../../domain/account-dashboard';

/** Product rule R2.18: the plan at a glance and its next box, or a warm invitation to start one. */
export function DashboardPlanSummary({ data, now }: { data: DashboardData; now: Date }) {
  const plan = dashboardPlan(data.plans);
  if (!plan)
    return (
      <section className="card dashboard__invite" aria-labelledby="plan-heading">
        <h2 id="plan-heading">Fresh pasta, at your door every week</h2>
        <p>
          Our recipe kits bring hand-made pasta and everything to cook it in minutes. Choose your
          dishes each week, and skip, pause or cancel anytime.
        </p>
        <Link className="button button--primary" to={APP_ROUTES.productBox}>
          Explore the recipe kits
        </Link>
      </section>
    );
  const box = nextBox(plan, data.weeks, now);
  const badge =
    plan.state === 'active'
      ? 'badge--success'
      : plan.state === 'failed'
        ? 'badge--accent'
        : 'badge--neutral';
  return (
    <section className="card dashboard__plan" aria-labelledby="plan-heading">
      <h2 id="plan-heading" className="dashboard__plan-title">
        {plan.name} <span className={`badge ${badge}`}>{planStateText(plan.state)}</span>
      </h2>
      <dl className="dashboard__facts">
        <div>
          <dt>Recipes per box</dt>
          <dd>{plan.numberOfRecipes}</dd>
        </div>
        {plan.schedule && (
          <>
            <div>
              <dt>How often</dt>
              <dd>{frequencyText(plan.schedule.frequency)}</dd>
            </div>
            <div>
              <dt>Delivery day</dt>
              <dd>{deliveryDayText(plan.schedule.deliveryDay)}</dd>
            </div>
          </>
        )}
      </dl>
      <div className="dashboard__next-box">
        <h3>Your next box</h3>
        {box ? (
          <>
            <p>
              <strong>{box.deliveryText}</strong>
              {box.ordered ? ' · Ordered' : ''}
            </p>
            {!box.ordered && <p>Choose by {box.cutoffText}</p>}
          </>
        ) : (
          <p>
            {plan.state === 'paused'
              ? 'Your plan is paused: no box is on its way.'
              : 'No box is planned yet.'}
          </p>
        )}
      </div>
      <Link className="button button--secondary" to={APP_ROUTES.pastaPlan}>
        Manage your pasta plan
      </Link>
    </section>
  );
}
