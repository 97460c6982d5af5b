import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { APP_ROUTES } from '../../../domain/app-routes';
import { formatPrice } from '../../../domain/money';
import { orderStatusText } from '../../../domain/order-status';
import { cutoffText, dayAndDate } from '../../../domain/pasta-plan';
import { addressLine, listedAddresses } from '../../../domain/saved-addresses';
import { SCHEDULE_WEEK_MESSAGES, scheduleWeekPaths } from '../../../domain/schedule-week';
import { listAddresses } from '../../api/addresses';
import { isApiRequestError } from '../../api/api-error';
import {
  fetchScheduleWeek,
  saveWeekAddress,
  setWeekSkipped,
  type ScheduleWeek,
} from '../../api/schedule-week';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { flash } from '../../components/flash/flash-store';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { QueryError } from '../../components/query-error';
import { Badge } from '../../components/ui/badge';
import { isRowId, SignedIn, WeekNotFound } from './signed-in';
import './schedule-week.css';

export const scheduleWeekQueryKey = (weekId: string) => ['schedule-week', weekId] as const;

/**
 * /schedule/:scheduleWeekId/edit (product rule R10.24): one plan week's box: its dates, state,
 * address, dishes and price, with its changes (recipes, delivery date, skip), each disabled with
 * why once the week's cut-off has passed.
 */
function ScheduleWeekPage() {
  const { scheduleWeekId = '' } = useParams();
  useDocumentTitle('Your box');
  return (
    <SignedIn>
      <WeekLoader key={scheduleWeekId} weekId={scheduleWeekId} />
    </SignedIn>
  );
}

function WeekLoader({ weekId }: { weekId: string }) {
  const valid = isRowId(weekId);
  const week = useQuery({
    queryKey: scheduleWeekQueryKey(weekId),
    queryFn: () => fetchScheduleWeek(weekId),
    enabled: valid,
    staleTime: 0,
  });
  const status = isApiRequestError(week.error) ? week.error.status : undefined;
  if (!valid || status === 404 || status === 400) return <WeekNotFound />;
  if (week.isError)
    return (
      <div className="narrow">
        <h1>Your box</h1>
        <QueryError what="this week" retry={() => void week.refetch()} />
      </div>
    );
  if (!week.data)
    return (
      <p className="page-loading" role="status">
        Loading your box…
      </p>
    );
  return <WeekDetails week={week.data} />;
}

function weekBadge(week: ScheduleWeek) {
  // Product rule R9.29: a box dropped unpaid reads as its order does (R9.1), not as ordered.
  if (week.orderState === 'dropped')
    return { tone: 'neutral' as const, text: orderStatusText('dropped', false) };
  if (week.orderId) return { tone: 'success' as const, text: 'Ordered' };
  if (week.state === 'skipped') return { tone: 'neutral' as const, text: 'Skipped' };
  if (!week.changeable) return { tone: 'neutral' as const, text: 'Too late to change' };
  return { tone: 'accent' as const, text: 'Coming' };
}

function WeekDetails({ week }: { week: ScheduleWeek }) {
  const queryClient = useQueryClient();
  const day = dayAndDate(week.deliveryDate);
  useDocumentTitle(`Your box for ${day}`);
  const paths = scheduleWeekPaths(week.id);
  const skipped = week.state === 'skipped';
  const skip = useMutation({
    mutationFn: () => setWeekSkipped(week.id, !skipped),
    onSuccess: async () => {
      flash(
        skipped
          ? 'Week back on: your box is coming.'
          : 'Week skipped: we won’t deliver or charge for it.',
      );
      await queryClient.invalidateQueries({ queryKey: scheduleWeekQueryKey(week.id) });
    },
  });
  const [changingAddress, setChangingAddress] = useState(false);
  const refusal = (skip.error as { message?: string | null } | null)?.message;
  const closed = !week.changeable;
  const badge = weekBadge(week);
  return (
    <div className="page schedule-week">
      <p className="schedule-week__back">
        <Link to={APP_ROUTES.pastaPlan}>Your pasta plan</Link>
      </p>
      <div className="schedule-week__heading">
        <h1>Your box for {day}</h1>
        <Badge tone={badge.tone}>{badge.text}</Badge>
      </div>
      <ErrorSummary
        errors={
          skip.isError
            ? [{ fieldId: 'week-skip', message: refusal ?? SCHEDULE_WEEK_MESSAGES.actionFailed }]
            : []
        }
      />
      {closed && (
        <div className="notice" id="week-too-late">
          <p>
            {week.orderState === 'dropped'
              ? SCHEDULE_WEEK_MESSAGES.dropped
              : SCHEDULE_WEEK_MESSAGES.tooLate}
          </p>
          {week.orderId && (
            <p>
              <Link to={`/order/${week.orderId}`}>See the order for this box</Link>
            </p>
          )}
        </div>
      )}
      <div className="schedule-week__grid">
        <section className="card" aria-labelledby="week-dishes">
          <div className="schedule-week__heading">
            <h2 id="week-dishes">Your dishes</h2>
            <span>{formatPrice(week.subtotal)}</span>
          </div>
          {week.chefSelected && (
            <p className="field__hint">
              {week.orderId
                ? 'The chef chose these dishes.'
                : 'The chef chooses: this is what the chef would pick for you today.'}
            </p>
          )}
          {week.box.length === 0 ? (
            <p>The chef will choose your dishes from this week’s menu.</p>
          ) : (
            <ul className="schedule-week__dishes">
              {week.box.map((line) => (
                <li key={line.variantId}>
                  <span>
                    {line.quantity} × {line.title}
                    <span className="schedule-week__variant"> ({line.variantTitle})</span>
                  </span>
                  <span>{formatPrice(line.price * line.quantity)}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="schedule-week__actions">
            {closed ? (
              <Button variant="secondary" disabled aria-describedby="week-too-late">
                Choose recipes
              </Button>
            ) : (
              <Link className="button button--primary" to={paths.chooseRecipes}>
                Choose recipes
              </Link>
            )}
          </div>
        </section>
        <section className="card" aria-labelledby="week-delivery">
          <h2 id="week-delivery">Delivery</h2>
          <dl className="schedule-week__facts">
            <dt>Delivery date</dt>
            <dd>
              {day}
              {week.originalDeliveryDate !== week.deliveryDate && (
                <span className="field__hint">
                  {' '}
                  (moved from {dayAndDate(week.originalDeliveryDate)})
                </span>
              )}
            </dd>
            <dt>Cut-off</dt>
            <dd>{cutoffText(week.billingDate)}</dd>
            <dt>Address</dt>
            <dd>
              <span id="week-address">
                {week.address
                  ? [
                      `${week.address.first_name} ${week.address.last_name}`,
                      week.address.address1,
                      week.address.address2,
                      week.address.city,
                      week.address.zip,
                    ]
                      .filter(Boolean)
                      .join(', ')
                  : 'No address yet'}
              </span>
            </dd>
            <dt>Recipes</dt>
            <dd>{week.numberOfRecipes} a week</dd>
          </dl>
          <div className="schedule-week__actions">
            {closed ? (
              <Button variant="secondary" disabled aria-describedby="week-too-late">
                Change delivery date
              </Button>
            ) : (
              <Link className="button button--secondary" to={paths.changeDeliveryDate}>
                Change delivery date
              </Link>
            )}
            {closed ? (
              <Button variant="secondary" disabled aria-describedby="week-too-late">
                Change address
              </Button>
            ) : (
              <Button
                variant="secondary"
                aria-expanded={changingAddress}
                aria-controls={changingAddress ? 'week-address-form' : undefined}
                onClick={() => setChangingAddress(!changingAddress)}
              >
                Change address
              </Button>
            )}
            <Button
              id="week-skip"
              variant="quiet"
              busy={skip.isPending}
              disabled={closed}
              aria-describedby={closed ? 'week-too-late' : undefined}
              onClick={() => skip.mutate()}
            >
              {skipped ? 'Unskip this week' : 'Skip this week'}
            </Button>
          </div>
          {changingAddress && !closed && (
            <WeekAddressForm
              week={week}
              onDone={async (saved) => {
                setChangingAddress(false);
                if (!saved) return;
                flash(SCHEDULE_WEEK_MESSAGES.addressChanged);
                await queryClient.invalidateQueries({ queryKey: scheduleWeekQueryKey(week.id) });
              }}
            />
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * Product rule R10.26: the week's box goes to another of the customer's saved addresses (the
 * listed ones, R3.3), chosen here before the cut-off.
 */
function WeekAddressForm({
  week,
  onDone,
}: {
  week: ScheduleWeek;
  onDone: (saved: boolean) => Promise<void>;
}) {
  const addresses = useQuery({
    queryKey: ['addresses'],
    queryFn: async () => listedAddresses(await listAddresses()),
    staleTime: 0,
  });
  const [chosen, setChosen] = useState<string | null>(week.address?.id ?? null);
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: (addressId: string) => saveWeekAddress(week.id, addressId),
    onSuccess: () => onDone(true),
  });
  if (addresses.isError)
    return <QueryError what="your addresses" retry={() => void addresses.refetch()} />;
  if (!addresses.data)
    return (
      <p className="page-loading" role="status">
        Loading your addresses…
      </p>
    );
  const list = addresses.data;
  const firstId = list[0] ? `week-address-${list[0].id}` : 'week-address-none';
  const saveError = (save.error as { message?: string | null } | null)?.message;
  const errors = missing
    ? [{ fieldId: firstId, message: SCHEDULE_WEEK_MESSAGES.chooseAddress }]
    : save.isError
      ? [{ fieldId: firstId, message: saveError ?? SCHEDULE_WEEK_MESSAGES.actionFailed }]
      : [];
  return (
    <form
      id="week-address-form"
      className="schedule-week__address-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) {
          setMissing(true);
          return;
        }
        setMissing(false);
        if (chosen === week.address?.id) {
          void onDone(false);
          return;
        }
        save.mutate(chosen);
      }}
    >
      <ErrorSummary errors={errors} />
      {list.length === 0 ? (
        <p id="week-address-none">
          You have no saved addresses yet.{' '}
          <Link to={APP_ROUTES.accountDetails}>Add one in my details</Link>
        </p>
      ) : (
        <fieldset className="schedule-week__days">
          <legend>Deliver this week’s box to</legend>
          {list.map((address) => (
            <label key={address.id} className="schedule-week__day">
              <input
                type="radio"
                name="week-address"
                id={`week-address-${address.id}`}
                value={address.id}
                checked={chosen === address.id}
                disabled={save.isPending}
                onChange={() => setChosen(address.id)}
              />
              <span>
                {address.firstName} {address.lastName}, {addressLine(address)}
                {address.isDefault && <span className="field__hint"> · your default</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="schedule-week__actions">
        {list.length > 0 && (
          <Button type="submit" busy={save.isPending}>
            Save address
          </Button>
        )}
        <Button variant="quiet" type="button" onClick={() => void onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export default withQueryClient(ScheduleWeekPage);
