import { useSelector } from '@xstate/react';
import { formatPrice } from '../../../domain/money';
import { frequencyText, weekdayName } from '../../../domain/recurring-charge';
import type { RecurringPromise as PlanPromise } from '../../../machines/kit-checkout/kit-checkout.types';
import { formatDeliveryDay } from './delivery-day-choice';
import type { KitStepProps } from './kit-step-props';
import './kit-checkout.css';

/** The cut-off in the customer's time: "Friday 4 December at 12:00". */
const chargeFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

function PlanTerms({ plan }: { plan: PlanPromise }) {
  const day = weekdayName(plan.deliveryDay);
  return (
    <>
      <h2 id="recurring-promise-title">What recurs: your pasta plan</h2>
      <dl className="recurring-promise__terms">
        <div>
          <dt>Each box</dt>
          <dd>
            {plan.recipesPerBox} recipes, {frequencyText(plan.frequency)}, delivered on {day}s
          </dd>
        </div>
        <div>
          <dt>Price per box</dt>
          <dd>{formatPrice(plan.pricePerBox)} for dishes like these (your picks set it)</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>
            {plan.deliveryFee === 0 ? 'Free' : formatPrice(plan.deliveryFee)} on {day}s
          </dd>
        </div>
        <div>
          <dt>Next charge</dt>
          <dd>
            {chargeFormat.format(new Date(plan.nextChargeAt))}, for the box delivered on{' '}
            {formatDeliveryDay(plan.nextDeliveryDate)}
          </dd>
        </div>
      </dl>
      <p className="recurring-promise__note">
        Each box is charged at its cut-off. Skip, pause or cancel before then and nothing is
        charged.
      </p>
    </>
  );
}

/**
 * Product rule R8.13: before paying, the payment step says what recurs (the plan, its price per
 * box, the delivery fee on its day and the next charge) or that a one-off box does not.
 */
export function RecurringPromise({ actor }: KitStepProps) {
  const preview = useSelector(actor, (s) => s.context.preview);
  if (!preview) return null;
  return (
    <section className="card recurring-promise" aria-labelledby="recurring-promise-title">
      {preview.recurring ? (
        <PlanTerms plan={preview.recurring} />
      ) : (
        <>
          <h2 id="recurring-promise-title">A one-off box</h2>
          <p className="recurring-promise__note">
            This box does not recur: we charge only for this box, and nothing after it.
          </p>
        </>
      )}
    </section>
  );
}
