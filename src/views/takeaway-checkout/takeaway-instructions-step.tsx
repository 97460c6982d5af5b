import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TAKEAWAY_CHECKOUT_PATHS } from '../../../machines/takeaway-checkout/takeaway-checkout.machine';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { useFormStep } from '../../flows/use-form-step';
import { formatPrice } from '../../../domain/money';
import type { TakeawayStepProps } from './takeaway-step-props';

const FULFILMENT_TEXT = {
  delivery: 'Delivery',
  pickup: 'Pickup: collect your order from the restaurant',
  eat_in: 'Eat in: we bring your order to your table',
} as const;

/** The order at a glance and a note for the rider or the kitchen; then payment. */
export function TakeawayInstructionsStep({ actor }: TakeawayStepProps) {
  useDocumentTitle('Checkout: instructions');
  const { busy, summary, errorFor } = useFormStep(actor);
  const basket = useSelector(actor, (snapshot) => snapshot.context.basket);
  const [note, setNote] = useState(basket?.deliveryNote ?? '');
  if (!basket) return null;
  const isDelivery = basket.fulfillmentType === 'delivery';
  const noteError = errorFor('deliveryNote');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'instructions.submit', note });
  };
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>{isDelivery ? 'Delivery instructions' : 'Your order'}</h1>
      <dl className="summary-list">
        <div>
          <dt>How</dt>
          <dd>{FULFILMENT_TEXT[basket.fulfillmentType]}</dd>
        </div>
        {isDelivery && basket.address && (
          <div>
            <dt>To</dt>
            <dd>
              {/* A name not given yet (a returning customer straight here) leaves no stray comma. */}
              {[
                `${basket.address.firstName ?? ''} ${basket.address.lastName ?? ''}`.trim(),
                basket.address.address1,
                basket.address.city,
                basket.address.zip,
              ]
                .filter(Boolean)
                .join(', ')}{' '}
              <Link to={TAKEAWAY_CHECKOUT_PATHS.address}>
                Change<span className="visually-hidden"> delivery details</span>
              </Link>
            </dd>
          </div>
        )}
        <div>
          <dt>Total</dt>
          <dd>{formatPrice(basket.totalPrice)}</dd>
        </div>
      </dl>
      <form onSubmit={submit} noValidate>
        <div className={`field${noteError ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor="deliveryNote">
            {isDelivery
              ? 'Instructions for the rider (optional)'
              : 'A note for the kitchen (optional)'}
          </label>
          <div id="deliveryNote-hint" className="field__hint">
            {isDelivery
              ? 'For example: the blue door, ring twice.'
              : 'For example: no parmesan on the ragù.'}
          </div>
          {noteError && (
            <p id="deliveryNote-error" className="field__error">
              <span className="visually-hidden">Error:</span> {noteError}
            </p>
          )}
          <textarea
            id="deliveryNote"
            name="deliveryNote"
            className="field__input"
            rows={3}
            maxLength={500}
            aria-describedby={`deliveryNote-hint${noteError ? ' deliveryNote-error' : ''}`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <Button type="submit" busy={busy}>
          Continue to payment
        </Button>
      </form>
    </div>
  );
}
