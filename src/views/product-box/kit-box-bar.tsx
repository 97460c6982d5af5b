import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { recipeKitBasketMachine } from '../../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import { formatPrice } from '../../../domain/money';

type KitBasketActor = Actor<typeof recipeKitBasketMachine>;

/**
 * Product rule R7.18: on a phone, the box from anywhere on the menu: a bar fixed to the bottom
 * of the screen once the box has a dish, with its dishes, its total, "View box" (to the box, its
 * heading focused) and Checkout. Wide screens hide it: the box panel stays in view there.
 */
export function KitBoxBar({ actor }: { actor: KitBasketActor }) {
  const dishes = useSelector(actor, (s) =>
    s.context.lines.reduce((sum, line) => sum + line.quantity, 0),
  );
  const total = useSelector(actor, (s) => s.context.basket?.total ?? 0);
  const canCheckout = useSelector(actor, (s) => s.can({ type: 'checkout.start' }));
  if (dishes === 0) return null;
  const viewBox = () => {
    const heading = document.getElementById('kit-basket-heading');
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  };
  return (
    <section className="bottom-bar kit-box-bar" aria-label="Your box, in short">
      <p className="kit-box-bar__summary">
        <span>
          {dishes} {dishes === 1 ? 'dish' : 'dishes'}
        </span>{' '}
        <span className="kit-box-bar__total">{formatPrice(total)}</span>
      </p>
      <button type="button" className="button button--secondary" onClick={viewBox}>
        View box
      </button>
      <button
        type="button"
        className="button button--primary"
        disabled={!canCheckout}
        onClick={() => actor.send({ type: 'checkout.start' })}
      >
        Checkout
      </button>
    </section>
  );
}
