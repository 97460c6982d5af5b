import { useSelector } from '@xstate/react';
import { formatPrice } from '../../../domain/money';
import type { BasketActor } from './basket-actor';

/**
 * On a phone (below 960 px) the basket is at the foot of the menu: this bar keeps it at hand once
 * the first dish is in (product rule R4.14). Its count pops on each add, unless the customer asks
 * for reduced motion. Checkout once the basket can check out, View basket until then.
 */
export function BasketBar({
  actor,
  onViewBasket,
}: {
  actor: BasketActor;
  onViewBasket: () => void;
}) {
  const count = useSelector(actor, (s) =>
    s.context.lines.reduce((sum, line) => sum + line.quantity, 0),
  );
  const total = useSelector(actor, (s) => s.context.totals.total);
  const canCheckout = useSelector(actor, (s) => s.can({ type: 'checkout.start' }));
  if (count === 0) return null;
  return (
    <section className="bottom-bar basket-bar" aria-label="Basket summary">
      <p className="basket-bar__summary">
        <span key={count} className="basket-bar__count">
          {count}
        </span>{' '}
        <span className="basket-bar__what">
          <span>{count === 1 ? 'item' : 'items'}</span>
          <strong>{formatPrice(total)}</strong>
        </span>
      </p>
      {canCheckout ? (
        <>
          <button type="button" className="button button--quiet" onClick={onViewBasket}>
            View basket
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'checkout.start' })}
          >
            Checkout
          </button>
        </>
      ) : (
        <button type="button" className="button button--primary" onClick={onViewBasket}>
          View basket
        </button>
      )}
    </section>
  );
}
