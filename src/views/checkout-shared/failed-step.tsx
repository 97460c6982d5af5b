import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import type { FormError } from '../../../domain/account-forms';

type FailedSnapshot = Snapshot<unknown> & { context: { errors: FormError[] } };

/** A call the checkout cannot go on without failed: say so and offer to try again. */
export function FailedStep({
  actor,
  retryLabel = 'Try again',
  documentTitle = 'Checkout: something went wrong',
  children,
}: {
  actor: ActorRef<FailedSnapshot, { type: 'retry' }>;
  /** What trying again does, when the machine knows better than "Try again". */
  retryLabel?: string;
  documentTitle?: string;
  children?: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  const message = useSelector(actor, (snapshot) => snapshot.context.errors[0]?.message);
  return (
    <div className="narrow">
      <h1>Sorry, something went wrong</h1>
      <p role="alert">{message}</p>
      {children}
      <Button onClick={() => actor.send({ type: 'retry' })}>{retryLabel}</Button>
    </div>
  );
}
