import type { MouseEvent } from 'react';
import type { MenuProduct } from '../../api/types';
import { Badge } from '../../components/ui/badge';
import { DishImage } from '../../components/ui/dish-image';
import { formatPrice } from '../../../domain/money';
import type { BasketActor } from './basket-actor';

/**
 * A dish as the peers show it: the picture first, then its name, a short description, the price
 * and an Add button (44 px). It stays enabled while an add is on its way: each click is one more
 * (the basket machine sends it after the one before, product rule R4.15), and focus never falls
 * to the page.
 */
export function ProductCard({
  product,
  modifiers,
  soldOut,
  basket,
  eager,
  onChooseModifiers,
}: {
  product: MenuProduct;
  modifiers: MenuProduct[];
  soldOut: boolean;
  basket: BasketActor;
  eager: boolean;
  onChooseModifiers: (button: HTMLButtonElement) => void;
}) {
  const onAdd = (event: MouseEvent<HTMLButtonElement>) => {
    if (modifiers.length > 0) onChooseModifiers(event.currentTarget);
    else basket.send({ type: 'item.add', productId: product.id });
  };
  return (
    <li className={`card dish-card${soldOut ? ' dish-card--sold-out' : ''}`}>
      <DishImage
        src={product.imageUrl}
        className="dish-card__image"
        sizes="(max-width: 700px) 100vw, 280px"
        eager={eager}
      />
      <div className="dish-card__body">
        <h3 className="dish-card__title">{product.title}</h3>
        <p className="dish-card__description">{product.description}</p>
        {modifiers.length > 0 && (
          <p className="dish-card__modifiers">
            Make it yours:{' '}
            {modifiers
              .map((m) => `${m.title}${m.price > 0 ? ` (+${formatPrice(m.price)})` : ''}`)
              .join(', ')}
          </p>
        )}
        <div className="dish-card__footer">
          <span className="dish-card__price">{formatPrice(product.price)}</span>
          {soldOut ? (
            <Badge tone="neutral">Sold out for now</Badge>
          ) : (
            <button type="button" className="button button--primary dish-card__add" onClick={onAdd}>
              Add <span className="visually-hidden">{product.title} to basket</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
