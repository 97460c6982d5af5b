import { useSelector } from '@xstate/react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import type { FieldError } from '../components/form/error-summary';
import type { FormError } from '../../domain/account-forms';

/** What a form step reads from its flow: the auth flow, or a checkout's sign-in and sign-up. */
export type FormStepSnapshot = Snapshot<unknown> & {
  hasTag(tag: string): boolean;
  context: { errors: FormError[]; emailTaken?: boolean };
};
export type FormStepActor<TEvent extends EventObject> = ActorRef<FormStepSnapshot, TEvent>;

/** What every step view reads: busy, the errors as summary entries, and one field's message. */
export function useFormStep<TEvent extends EventObject>(actor: FormStepActor<TEvent>) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const emailTaken = useSelector(actor, (snapshot) => snapshot.context.emailTaken ?? false);
  const summary: FieldError[] = errors.map((error) => ({
    fieldId: error.field,
    message: error.message,
  }));
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;
  return { busy, summary, errorFor, emailTaken };
}
