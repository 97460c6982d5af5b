import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type {
  ElementsCard,
  TypedCard,
} from '../../../machines/checkout-shared/checkout-shared.types';
import { removalRefusalIn } from '../../../machines/payment-methods/payment-methods.machine';
import { cardFormErrors } from '../../../domain/checkout';
import {
  methodExpiry,
  methodLabel,
  type ListedPaymentMethod,
} from '../../../domain/payment-methods';
import { flash } from '../../components/flash/flash-store';
import { Button } from '../../components/form/button';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { Modal } from '../../components/modal';
import { PaymentMethodFields, NEW_CARD } from '../checkout-shared/payment-method-fields';
import { livePaymentMethodsMachine } from '../../api/live-payment-methods';
import './payment-methods.css';

type MethodsActor = ActorRefFrom<typeof livePaymentMethodsMachine>;

function MethodRow({ actor, method }: { actor: MethodsActor; method: ListedPaymentMethod }) {
  const refusal = useSelector(actor, (s) => removalRefusalIn(s.context, method.id));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canMakeDefault = useSelector(actor, (s) =>
    s.can({ type: 'method.makeDefault', methodId: method.id }),
  );
  const label = methodLabel(method);
  const expiry = methodExpiry(method);
  const reasonId = `payment-method-${method.id}-reason`;
  return (
    <li className="card payment-methods__item" aria-label={label}>
      <div className="payment-methods__summary">
        <p className="payment-methods__label">
          <strong>{label}</strong>
          {method.isDefault && <span className="badge badge--success">Default</span>}
        </p>
        {expiry && <p className="payment-methods__expiry">{expiry}</p>}
      </div>
      <div className="payment-methods__actions">
        {!method.isDefault && (
          <Button
            variant="secondary"
            disabled={busy || !canMakeDefault}
            onClick={() => actor.send({ type: 'method.makeDefault', methodId: method.id })}
            aria-label={`Make ${label} the default`}
          >
            Make default
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={busy || refusal !== null}
          aria-describedby={refusal ? reasonId : undefined}
          onClick={() => actor.send({ type: 'method.remove', methodId: method.id })}
          aria-label={`Remove ${label}`}
        >
          Remove
        </Button>
      </div>
      {refusal && (
        <p id={reasonId} className="payment-methods__reason">
          {refusal}
        </p>
      )}
    </li>
  );
}

const EMPTY_CARD: TypedCard = { number: '', expiry: '', cvc: '' };

function AddCardForm({ actor }: { actor: MethodsActor }) {
  const gateway = useSelector(actor, (s) => s.context.gateway);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [card, setCard] = useState<TypedCard>(EMPTY_CARD);
  const [elementsCard, setElementsCard] = useState<ElementsCard | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (gateway.name === 'stripe') {
      if (elementsCard) actor.send({ type: 'card.save', card: elementsCard });
      return;
    }
    const local = cardFormErrors(card).map((e) => ({ fieldId: e.field, message: e.message }));
    setErrors(local);
    if (local.length === 0) actor.send({ type: 'card.save', card });
  };
  const errorFor = (field: string) => errors.find((e) => e.fieldId === field)?.message;
  return (
    <form
      className="card payment-methods__add"
      onSubmit={submit}
      noValidate
      aria-labelledby="add-card-heading"
      aria-busy={busy}
    >
      <ErrorSummary errors={errors} />
      <h3 id="add-card-heading">Add a card</h3>
      <PaymentMethodFields
        methods={[]}
        selected={NEW_CARD}
        onSelect={() => undefined}
        gateway={gateway}
        card={card}
        onCard={setCard}
        onElementsCard={setElementsCard}
        errorFor={errorFor}
      />
      <div className="payment-methods__actions">
        <Button type="submit" busy={busy}>
          Save card
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => actor.send({ type: 'add.cancel' })}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RemovalDialog({ actor }: { actor: MethodsActor }) {
  const target = useSelector(actor, (s) =>
    s.matches('confirmingRemoval')
      ? (s.context.methods.find((m) => m.id === s.context.targetId) ?? null)
      : null,
  );
  const usedByPlan = useSelector(actor, (s) =>
    s.context.plans.some(
      (p) => p.paymentMethodId === s.context.targetId && p.state !== 'cancelled',
    ),
  );
  return (
    <Modal
      open={target !== null}
      title="Remove this payment method?"
      onClose={() => actor.send({ type: 'removal.cancel' })}
    >
      {target && (
        <>
          <p>
            {methodLabel(target)} will be removed from your account.
            {usedByPlan && ' Your pasta plan will be paid with your default payment method.'}
          </p>
          <div className="payment-methods__actions">
            <Button variant="destructive" onClick={() => actor.send({ type: 'removal.confirm' })}>
              Yes, remove it
            </Button>
            <Button variant="secondary" onClick={() => actor.send({ type: 'removal.cancel' })}>
              Keep it
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}

/**
 * The "Payment methods" section of /account/my-details (product rules R11.4 and R11.7-R11.9):
 * the saved cards with their Default badge, Make default, Remove after a confirmation (disabled
 * with the reason when the rule forbids it), and Add a card through the gateway's setup flow.
 * A removal shows at once; if it fails the card comes back with the server's message.
 */
export function PaymentMethodsSection() {
  const actor = useActorRef(livePaymentMethodsMachine);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const adding = useSelector(actor, (s) => s.matches('adding') || s.matches('savingCard'));
  const methods = useSelector(actor, (s) => s.context.methods);
  const error = useSelector(actor, (s) => s.context.error);
  const canAdd = useSelector(actor, (s) => s.can({ type: 'card.add' }));
  const noticeId = useSelector(actor, (s) => s.context.noticeId);
  // A done action's confirmation as a toast (product rule R1.5), once per action.
  useEffect(() => {
    const notice = actor.getSnapshot().context.notice;
    if (noticeId > 0 && notice) flash(notice);
  }, [actor, noticeId]);
  return (
    <section className="payment-methods" aria-labelledby="payment-methods-heading">
      <h2 id="payment-methods-heading" tabIndex={-1}>
        Payment methods
      </h2>
      {error && <ErrorSummary errors={[{ fieldId: 'payment-methods-heading', message: error }]} />}
      {loading && <p role="status">Loading your payment methods…</p>}
      {loadFailed && (
        <div className="notice notice--error" role="alert">
          <p>Something went wrong</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'methods.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {!loading && !loadFailed && (
        <>
          {methods.length === 0 ? (
            <p>You have no saved payment methods.</p>
          ) : (
            <ul className="payment-methods__list">
              {methods.map((method) => (
                <MethodRow key={method.id} actor={actor} method={method} />
              ))}
            </ul>
          )}
          {adding ? (
            <AddCardForm actor={actor} />
          ) : (
            <Button
              variant="secondary"
              disabled={!canAdd}
              onClick={() => actor.send({ type: 'card.add' })}
            >
              Add a card
            </Button>
          )}
        </>
      )}
      <RemovalDialog actor={actor} />
    </section>
  );
}
