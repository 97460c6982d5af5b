import { useSelector } from '@xstate/react';
import type { FieldError } from '../../components/form/error-summary';
import type { AuthActor } from './auth-flow';

/** What every step view reads: busy, the errors as summary entries, and one field's message. */
export function useAuthStep(actor: AuthActor) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const summary: FieldError[] = errors.map((error) => ({
    fieldId: error.field,
    message: error.message,
  }));
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;
  return { busy, summary, errorFor, context: actor.getSnapshot().context };
}
