import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { KIT_CHECKOUT_PATHS } from '../../../machines/kit-checkout/kit-checkout.machine';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { useFormStep } from '../../flows/use-form-step';
import { DeliveryDayChoice } from './delivery-day-choice';
import type { KitStepProps } from './kit-step-props';

export { formatDeliveryDay } from './delivery-day-choice';

/**
 * The delivery day from the box's week (product rule R8.10: each day's fee, or why it cannot be
 * chosen), the courier's instruction and a note.
 */
export function KitInstructionsStep({ actor }: KitStepProps) {
  useDocumentTitle('Checkout: delivery instructions');
  const { busy, summary, errorFor } = useFormStep(actor);
  const options = useSelector(actor, (s) => s.context.instructionOptions);
  const unavailable = useSelector(actor, (s) =>
    s.matches({ steps: { instructions: 'unavailable' } }),
  );
  const saved = useSelector(actor, (s) => s.context.instructions);
  const [deliveryDate, setDeliveryDate] = useState<string | null>(null);
  const [courierInstruction, setCourierInstruction] = useState(saved?.courierInstruction ?? '');
  const [note, setNote] = useState(saved?.note ?? '');
  const chosenDate = deliveryDate ?? saved?.deliveryDate ?? options?.deliveryDate ?? '';

  if (unavailable)
    return (
      <div className="narrow">
        <ErrorSummary errors={summary} />
        <h1>Delivery instructions</h1>
        <Button onClick={() => actor.send({ type: 'retry' })}>Try again</Button>
      </div>
    );
  if (!options)
    return (
      <p className="page-loading" role="status">
        Loading delivery days…
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({
      type: 'instructions.submit',
      instructions: { deliveryDate: chosenDate, courierInstruction, note },
    });
  };
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>Delivery instructions</h1>
      <p>
        <Link to={KIT_CHECKOUT_PATHS.address}>Change the delivery address</Link>
      </p>
      <form onSubmit={submit} noValidate>
        <DeliveryDayChoice
          days={options.days}
          value={chosenDate}
          onChange={setDeliveryDate}
          error={errorFor('deliveryDate')}
        />
        <div className="field">
          <label className="field__label" htmlFor="courierInstruction">
            If you are not in (optional)
          </label>
          <select
            id="courierInstruction"
            className="field__input"
            value={courierInstruction}
            onChange={(event) => setCourierInstruction(event.target.value)}
          >
            <option value="">No preference</option>
            {options.courierInstructions.map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="deliveryNote">
            A note for the courier (optional)
          </label>
          <textarea
            id="deliveryNote"
            className="field__input"
            rows={3}
            maxLength={500}
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
