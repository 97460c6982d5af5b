import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { dayAndDate } from '../../../domain/pasta-plan';
import { SCHEDULE_WEEK_MESSAGES, scheduleWeekPaths } from '../../../domain/schedule-week';
import { changeDeliveryDateMachine } from '../../../machines/change-delivery-date/change-delivery-date.machine';
import { loadDateData, saveWeekDate, toDateData } from '../../api/schedule-week';
import { flash } from '../../components/flash/flash-store';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { WeekLoadFailed, WeekStepRoute, WeekTooLate } from './signed-in';
import './schedule-week.css';

/** The date picker wired to the real API. */
const liveChangeDeliveryDateMachine = changeDeliveryDateMachine.provide({
  actors: {
    loadWeek: fromPromise(({ input }) => loadDateData(input.weekId)),
    saveDate: fromPromise(async ({ input }) =>
      toDateData(await saveWeekDate(input.weekId, input.date)),
    ),
  },
});

const TITLE = 'Change your delivery date';

/** /schedule/:scheduleWeekId/change-delivery-date (product rule R10.25). */
function ChangeDeliveryDatePage() {
  return (
    <WeekStepRoute title={TITLE} step={(weekId) => <DatePicker key={weekId} weekId={weekId} />} />
  );
}

function DatePicker({ weekId }: { weekId: string }) {
  const actor = useActorRef(liveChangeDeliveryDateMachine, { input: { weekId } });
  const navigate = useNavigate();
  const state = useSelector(actor, (s) => s.value);
  const { data, chosen, error } = useSelector(actor, (s) => s.context);
  const paths = scheduleWeekPaths(weekId);
  useEffect(() => {
    if (state !== 'saved') return;
    flash(SCHEDULE_WEEK_MESSAGES.dateChanged);
    void navigate(paths.edit);
  }, [state, navigate, paths.edit]);

  if (state === 'loading' || state === 'saved')
    return (
      <p className="page-loading" role="status">
        Loading your delivery days…
      </p>
    );
  if (state === 'loadFailed' || !data)
    return <WeekLoadFailed title={TITLE} onRetry={() => actor.send({ type: 'week.retry' })} />;
  if (state === 'tooLate') return <WeekTooLate title={TITLE} error={error} backTo={paths.edit} />;
  const saving = state === 'saving';
  const firstDay = data.days.find((day) => day.available)?.date ?? '';
  return (
    <div className="page schedule-week narrow">
      <p className="schedule-week__back">
        <Link to={paths.edit}>Back to your box</Link>
      </p>
      <h1>Change your delivery date</h1>
      <ErrorSummary
        errors={error ? [{ fieldId: `day-${chosen ?? firstDay}`, message: error }] : []}
      />
      <p>
        Your box comes on {dayAndDate(data.deliveryDate)}. It can come on another day of the same
        week: its dishes are that week’s menu.
      </p>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'date.save' });
        }}
      >
        <fieldset className="schedule-week__days">
          <legend>Delivery day</legend>
          {data.days.map((day) => (
            <label
              key={day.date}
              className={`choice schedule-week__day${day.available ? '' : ' schedule-week__day--off'}`}
            >
              <input
                type="radio"
                name="delivery-day"
                id={`day-${day.date}`}
                value={day.date}
                checked={chosen === day.date}
                disabled={!day.available || saving}
                onChange={() => actor.send({ type: 'day.choose', date: day.date })}
              />
              <span>
                {dayAndDate(day.date)}
                {day.reason && <span className="field__hint"> · {day.reason}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" busy={saving}>
          Save delivery date
        </Button>
      </form>
    </div>
  );
}

export default ChangeDeliveryDatePage;
