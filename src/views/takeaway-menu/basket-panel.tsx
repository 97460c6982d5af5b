import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { takeawayBasketMachine } from '../../../machines/takeaway-basket/takeaway-basket.machine';
import { subtotalOf } from '../../domain/basket-lines';
import { amountLeftToMinimum } from '../../domain/takeaway-basket';
import { formatPrice, MINIMUM_SPEND_POUNDS } from '../../domain/money';

/** The basket beside the menu: lines with quantity buttons, the subtotal and what the minimum still needs. */
export function BasketPanel({ actor }: { actor: Actor<typeof takeawayBasketMachine> }) {
  const lines = useSelector(actor, (s) => s.context.lines);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const subtotal = subtotalOf(lines);
  const left = amountLeftToMinimum(subtotal, MINIMUM_SPEND_POUNDS);
  return (
    <aside className="basket" aria-labelledby="basket-heading">
      <h2 id="basket-heading">Your basket</h2>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {lines.length === 0 ? (
        <p>Your basket is empty. Add a dish to start your order.</p>
      ) : (
        <ul className="basket__lines">
          {lines.map((line) => (
            <li key={line.id} className="basket__line">
              <span className="basket__title">{line.title}</span>
              <span className="basket__quantity">
                <button
                  type="button"
                  className="quantity-button"
                  aria-label={`Remove one ${line.title}`}
                  onClick={() => actor.send({ type: 'item.decrement', lineId: line.id })}
                >
                  −
                </button>
                <span aria-label={`${line.quantity} ${line.title}`}>{line.quantity}</span>
                <button
                  type="button"
                  className="quantity-button"
                  aria-label={`Add one ${line.title}`}
                  onClick={() => actor.send({ type: 'item.increment', lineId: line.id })}
                >
                  +
                </button>
              </span>
              <span>{formatPrice(line.price * line.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="basket__subtotal" aria-live="polite" aria-busy={busy}>
        Subtotal: <strong>{formatPrice(subtotal)}</strong>
      </p>
      <p aria-live="polite">
        {left > 0
          ? `Add ${formatPrice(left)} more to reach the ${formatPrice(MINIMUM_SPEND_POUNDS)} minimum order.`
          : `Your order meets the ${formatPrice(MINIMUM_SPEND_POUNDS)} minimum.`}
      </p>
    </aside>
  );
}
