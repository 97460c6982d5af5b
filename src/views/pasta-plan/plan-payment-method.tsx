import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../components/form/select-field';
import { APP_ROUTES } from '../../../domain/app-routes';
import { methodExpiry, methodLabel } from '../../../domain/payment-methods';
import { flash } from '../../components/flash/flash-store';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { livePaymentMethodsMachine } from '../../api/live-payment-methods';

/**
 * The plan's "Payment method" choice on /account/pasta-plan (product rule R11.9): any of the
 * customer's saved methods, changed with POST subscriptions/change_payment_method.
 */
export function PlanPaymentMethod({ planId }: { planId: string }) {
  const actor = useActorRef(livePaymentMethodsMachine);
  const methods = useSelector(actor, (s) => s.context.methods);
  const current = useSelector(
    actor,
    (s) => s.context.plans.find((p) => p.id === planId)?.paymentMethodId ?? null,
  );
  const cancelled = useSelector(
    actor,
    (s) => s.context.plans.find((p) => p.id === planId)?.state === 'cancelled',
  );
  const ready = useSelector(actor, (s) => !s.matches('loading') && !s.matches('loadFailed'));
  const busy = useSelector(actor, (s) => s.matches('changingPlanMethod'));
  const error = useSelector(actor, (s) => s.context.error);
  const noticeId = useSelector(actor, (s) => s.context.noticeId);
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked ?? current ?? '';
  const canChange = useSelector(actor, (s) =>
    s.can({ type: 'plan.changeMethod', planId, methodId: selected }),
  );
  useEffect(() => {
    const notice = actor.getSnapshot().context.notice;
    if (noticeId > 0 && notice) flash(notice);
  }, [actor, noticeId]);
  if (!ready || cancelled) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'plan.changeMethod', planId, methodId: selected });
  };
  return (
    <form
      className="card pasta-plan__payment"
      onSubmit={submit}
      noValidate
      aria-labelledby="plan-payment-heading"
    >
      <ErrorSummary errors={error ? [{ fieldId: 'plan-payment-method', message: error }] : []} />
      <h2 id="plan-payment-heading">Payment method</h2>
      {methods.length === 0 ? (
        <p>
          You have no saved payment methods. <Link to={APP_ROUTES.accountDetails}>Add a card</Link>{' '}
          to pay for your plan with it.
        </p>
      ) : (
        <>
          <SelectField
            id="plan-payment-method"
            label="Pay for this plan with"
            value={selected}
            options={[
              ...(current === null ? [{ value: '', label: 'Choose a payment method' }] : []),
              ...methods.map((method) => ({
                value: method.id,
                label: [
                  methodLabel(method),
                  methodExpiry(method),
                  method.isDefault ? 'default' : null,
                ]
                  .filter(Boolean)
                  .join(', '),
              })),
            ]}
            onChange={setPicked}
          />
          <Button type="submit" variant="secondary" busy={busy} disabled={!canChange && !busy}>
            Change payment method
          </Button>
        </>
      )}
    </form>
  );
}
