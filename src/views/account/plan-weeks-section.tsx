import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { APP_ROUTES } from '../../../domain/app-routes';
import { orderStatusText } from '../../../domain/order-status';
import { scheduleWeekPaths } from '../../../domain/schedule-week';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../../api/client';
import { toEntity, type Entity } from '../../api/json-api';
import { QueryError } from '../../components/query-error';

type PlanWeek = Entity<components['schemas']['ScheduleWeekResource']>;

const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

async function fetchPlanWeeks(): Promise<PlanWeek[]> {
  const body = await unwrap(api.GET('/schedule_weeks'));
  return body.data.map((resource) => toEntity(resource) as PlanWeek);
}

/** What a week of the plan holds for the customer: its box is written at the week's cut-off. */
function weekState(week: PlanWeek): string {
  if (week.state === 'skipped') return 'Skipped';
  // Product rule R9.29: a box dropped unpaid reads as its order does (R9.1).
  if (week.orderState === 'dropped') return orderStatusText('dropped', false);
  if (week.orderId) return 'Box ordered';
  return week.picked ? 'Dishes chosen' : 'Dishes to choose';
}

/**
 * Product rule R9.13: a customer with a box on a plan sees the plan's weeks ahead (issue 11,
 * defect 22), not only the box already written for this week. Nothing shows without a plan.
 */
export function PlanWeeksSection() {
  const weeks = useQuery({ queryKey: ['schedule-weeks'], queryFn: fetchPlanWeeks });
  if (weeks.isError)
    return <QueryError what="your plan's weeks" retry={() => void weeks.refetch()} />;
  if (!weeks.data || weeks.data.length === 0) return null;
  return (
    <section aria-labelledby="plan-weeks-heading">
      <h2 id="plan-weeks-heading">Your plan: the weeks ahead</h2>
      <ul className="plan-weeks" aria-labelledby="plan-weeks-heading">
        {weeks.data.map((week) => (
          <li key={week.id} className="plan-weeks__week">
            <Link to={scheduleWeekPaths(week.id).edit}>
              {longDate.format(new Date(`${week.deliveryDate}T00:00:00Z`))}
            </Link>
            <span className="plan-weeks__state">{weekState(week)}</span>
          </li>
        ))}
      </ul>
      <p>
        <Link to={APP_ROUTES.pastaPlan}>Skip a week or pause your plan</Link>
      </p>
    </section>
  );
}
