import { useSelector } from '@xstate/react';
import type { EventObject } from 'xstate';
import type { FormStepActor } from '../../flows/use-form-step';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';

/**
 * What a payment step shows of its errors itself, outside the card form: the form loads in a
 * chunk of its own (product rule R5.11), and the summary is on screen before it.
 */

/** A payment step's error summary: an error about the payment links to the method choice. */
export function PaymentErrorSummary({ summary }: { summary: FieldError[] }) {
  return (
    <ErrorSummary
      errors={summary.map((error) =>
        error.fieldId === 'payment' ? { ...error, fieldId: 'payment-method' } : error,
      )}
    />
  );
}

/** The payment's error (a decline): a new object each time one is reported, so the form resets. */
export const usePaymentError = <TEvent extends EventObject>(actor: FormStepActor<TEvent>) =>
  useSelector(actor, (snapshot) =>
    snapshot.context.errors.find((error) => error.field === 'payment'),
  );
