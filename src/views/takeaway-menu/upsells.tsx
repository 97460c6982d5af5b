import { useSelector } from '@xstate/react';
import type { MenuProduct } from '../../api/types';
import { Modal } from '../../components/modal';
import { DishImage } from '../../components/ui/dish-image';
import { formatPrice } from '../../../domain/money';
import type { BasketActor } from './basket-actor';

/**
 * "Anything else?" before the checkout (product rule R4.8): a tidy grid of small cards, picture,
 * name and price, their Add buttons on one baseline however long the name.
 */
export function Upsells({ actor, products }: { actor: BasketActor; products: MenuProduct[] }) {
  const open = useSelector(actor, (s) => s.context.offeringUpsells);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <Modal open={open} title="Anything else?" onClose={() => actor.send({ type: 'upsell.close' })}>
      {products.length === 0 ? (
        <p>You have everything. Enjoy!</p>
      ) : (
        <ul className="upsells">
          {products.map((product) => (
            <li key={product.id} className="upsell-card">
              <DishImage
                src={product.imageUrl}
                className="upsell-card__image"
                width={240}
                height={180}
                sizes="10rem"
              />
              <span className="upsell-card__title">{product.title}</span>
              <span className="upsell-card__price">{formatPrice(product.price)}</span>
              <button
                type="button"
                className="button button--secondary upsell-card__add"
                onClick={() => actor.send({ type: 'item.add', productId: product.id })}
              >
                Add <span className="visually-hidden">{product.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="modal__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => actor.send({ type: 'checkout.continue' })}
        >
          Continue to checkout
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => actor.send({ type: 'upsell.close' })}
        >
          Back to the menu
        </button>
      </div>
    </Modal>
  );
}
