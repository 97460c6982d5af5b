import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { isApiRequestError } from '../../api/api-error';
import type { FulfillmentType } from '../../api/types';
import { ONE_WEEK_MS, readValidStored, writeStored } from '../../app/storage';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ErrorSummary } from '../../components/form/error-summary';
import { QueryError } from '../../components/query-error';
import { isAddressReady } from '../../../domain/address';
import { isStoredDelivery } from '../../../domain/stored-delivery';
import {
  ASAP,
  FULFILLMENT_LABELS,
  readTakeawayChoice,
  type TakeawayChoice,
} from '../../../domain/takeaway-basket';
import type { StoredTakeaway } from '../../session/stored-takeaway';

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** /pasta-type: delivery, pickup or eat-in (what the restaurant offers), ASAP or a time slot. */
function PastaTypePage() {
  const stored = readValidStored('delivery', isStoredDelivery) as StoredTakeaway | null;
  if (!stored) return <Navigate to="/pasta-now-find" replace />;
  return <PastaTypeForm stored={stored} />;
}

function PastaTypeForm({ stored }: { stored: StoredTakeaway }) {
  useDocumentTitle('How would you like your order?');
  const navigate = useNavigate();
  const restaurantId = Number(stored.restaurantId);
  const initial = readTakeawayChoice(stored.choice);
  const [fulfillmentType, setFulfillmentType] = useState<FulfillmentType>(initial.fulfillmentType);
  const [when, setWhen] = useState<'asap' | 'slot'>(initial.timeSlot === ASAP ? 'asap' : 'slot');
  const [date, setDate] = useState(initial.deliveryDate ?? '');
  const [slot, setSlot] = useState(initial.timeSlot === ASAP ? '' : initial.timeSlot);
  const [error, setError] = useState<{ fieldId: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const restaurant = useQuery({
    queryKey: ['restaurant', restaurantId],
    queryFn: async () =>
      (await unwrap(api.GET('/restaurants/{id}', { params: { path: { id: restaurantId } } }))).data
        .attributes,
  });
  const dates = useQuery({
    queryKey: ['time-slot-dates', restaurantId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/restaurants/{id}/time_slot_dates', { params: { path: { id: restaurantId } } }),
        )
      ).data,
    enabled: when === 'slot',
  });
  const chosenDate = date || dates.data?.[0] || '';
  const slots = useQuery({
    queryKey: ['time-slots', restaurantId, chosenDate],
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/restaurants/{id}/time_slots', {
            params: { path: { id: restaurantId }, query: { date: chosenDate } },
          }),
        )
      ).data.map((resource) => resource.attributes),
    enabled: when === 'slot' && chosenDate !== '',
  });
  const offered = restaurant.data?.fulfillment_types ?? [];
  const type = offered.includes(fulfillmentType) ? fulfillmentType : (offered[0] ?? 'delivery');

  const submit = async () => {
    const chosenSlot = slots.data?.find((candidate) => candidate.start === slot);
    if (when === 'slot' && !chosenSlot) {
      setError({ fieldId: 'time-slot', message: 'Choose a time slot' });
      return;
    }
    const choice: TakeawayChoice =
      when === 'slot' && chosenSlot
        ? {
            fulfillmentType: type,
            deliveryDate: chosenDate,
            timeSlot: chosenSlot.start,
            timeSlotEndTime: chosenSlot.end,
          }
        : { fulfillmentType: type, deliveryDate: null, timeSlot: ASAP, timeSlotEndTime: null };
    writeStored('delivery', { ...stored, choice }, { ttlMs: ONE_WEEK_MS });
    // Delivery needs somewhere to deliver to.
    if (type === 'delivery' && !isAddressReady(stored.address)) {
      navigate('/pasta-now-search-address');
      return;
    }
    setSaving(true);
    try {
      const baskets = await unwrap(api.GET('/baskets'));
      const basket = baskets.data.find((b) => b.attributes.basket_type === 'TakeawayBasket');
      // Without a basket the choice is remembered: the first add creates the basket with it.
      if (basket) {
        await unwrap(
          api.PUT('/baskets/{id}', {
            params: { path: { id: basket.id } },
            body: {
              restaurant_id: restaurantId,
              fulfillment_type: choice.fulfillmentType,
              delivery_date: choice.deliveryDate ?? new Date().toISOString().slice(0, 10),
              time_slot: choice.timeSlot,
              time_slot_end_time: choice.timeSlotEndTime,
            },
          }),
        );
      }
      navigate('/pasta-now');
    } catch (caught) {
      setError({
        fieldId: 'fulfillment-type',
        message:
          isApiRequestError(caught) && caught.serverMessage
            ? caught.serverMessage
            : "Couldn't save your choice. Try again.",
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page">
      <h1>How would you like your order?</h1>
      <p>From {stored.restaurantSite}</p>
      <ErrorSummary errors={error ? [error] : []} />
      {restaurant.isPending && <p role="status">Loading…</p>}
      {restaurant.isError && (
        <QueryError what="the restaurant" retry={() => restaurant.refetch()} />
      )}
      {restaurant.data && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <ChoiceGroup
            id="fulfillment-type"
            legend="How do you want it?"
            type="radio"
            choices={offered.map((value) => ({ value, label: FULFILLMENT_LABELS[value] }))}
            values={[type]}
            onChange={([value]) => setFulfillmentType(value as FulfillmentType)}
          />
          <ChoiceGroup
            id="when"
            legend="When?"
            type="radio"
            choices={[
              { value: 'asap', label: 'As soon as possible' },
              { value: 'slot', label: 'Choose a time' },
            ]}
            values={[when]}
            onChange={([value]) => setWhen(value === 'slot' ? 'slot' : 'asap')}
          />
          {when === 'slot' && (
            <>
              <div className="field">
                <label className="field__label" htmlFor="slot-date">
                  Day
                </label>
                <select
                  id="slot-date"
                  className="field__input"
                  value={chosenDate}
                  onChange={(event) => {
                    setDate(event.target.value);
                    setSlot('');
                  }}
                >
                  {(dates.data ?? []).map((value) => (
                    <option key={value} value={value}>
                      {dayLabel(value)}
                    </option>
                  ))}
                </select>
              </div>
              <div className={`field${error?.fieldId === 'time-slot' ? ' field--error' : ''}`}>
                <label className="field__label" htmlFor="time-slot">
                  Time slot
                </label>
                {error?.fieldId === 'time-slot' && (
                  <p id="time-slot-error" className="field__error">
                    <span className="visually-hidden">Error:</span> {error.message}
                  </p>
                )}
                <select
                  id="time-slot"
                  className="field__input"
                  value={slot}
                  aria-describedby={error?.fieldId === 'time-slot' ? 'time-slot-error' : undefined}
                  onChange={(event) => {
                    setSlot(event.target.value);
                    setError(null);
                  }}
                >
                  <option value="">Choose a time</option>
                  {(slots.data ?? []).map((candidate) => (
                    <option key={candidate.start} value={candidate.start}>
                      {candidate.start} - {candidate.end}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          <button type="submit" className="button button--primary" disabled={saving}>
            Continue
          </button>
        </form>
      )}
    </div>
  );
}

export default withQueryClient(PastaTypePage);
