import type { ReactNode } from 'react';
import { formatPrice } from '../../../domain/money';
import { DishImage } from '../ui/dish-image';
import { QuantityStepper } from '../ui/quantity-stepper';
import type { DishLook } from './dish-looks';
import './dish-picker.css';

/** One dish a picker offers, as its rows show it. */
export interface PickerDish {
  variantId: string;
  title: string;
  /** "Regular", "Double"…: shown beside the price. */
  variantTitle: string;
  /** Pounds. */
  price: number;
  /** The name its stepper's buttons carry: "Add one more Cacio e pepe (Regular)". */
  itemName: string;
  /** An extra word after the price ("add-on"). */
  note?: string;
}

/**
 * A week's dishes as compact rows (picture, name, price and key tags, a 44 px stepper): one
 * column on a phone, two on a wide screen, so a menu of twenty dishes stays a short scroll.
 */
export function DishPickList({
  id,
  dishes,
  looks,
  quantityOf,
  onAdd,
  onRemove,
  maxOf,
  disabled = false,
}: {
  id: string;
  dishes: readonly PickerDish[];
  looks: ReadonlyMap<string, DishLook> | undefined;
  quantityOf: (variantId: string) => number;
  onAdd: (variantId: string) => void;
  onRemove: (variantId: string) => void;
  maxOf?: (variantId: string) => number | undefined;
  disabled?: boolean;
}) {
  return (
    <ul className="dish-picker__list" id={id} tabIndex={-1}>
      {dishes.map((dish, index) => {
        const look = looks?.get(dish.variantId);
        const quantity = quantityOf(dish.variantId);
        return (
          <li
            key={dish.variantId}
            className={`dish-picker__row${quantity > 0 ? ' dish-picker__row--picked' : ''}`}
          >
            <DishImage
              src={look?.imageUrl}
              width={160}
              height={160}
              sizes="72px"
              className="dish-picker__image"
              eager={index < 6}
            />
            <h3 className="dish-picker__title">{dish.title}</h3>
            <p className="dish-picker__meta">
              {dish.variantTitle} · {formatPrice(dish.price)}
              {dish.note ? ` · ${dish.note}` : ''}
            </p>
            <p className="dish-picker__tags">
              {look?.tags.map((tag) => (
                <span key={tag} className="badge badge--neutral">
                  {tag}
                </span>
              ))}
            </p>
            <span className="dish-picker__stepper">
              <QuantityStepper
                itemName={dish.itemName}
                quantity={quantity}
                onDecrease={() => onRemove(dish.variantId)}
                onIncrease={() => onAdd(dish.variantId)}
                max={maxOf?.(dish.variantId)}
                disabled={disabled}
              />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The picks so far beside the menu (a sticky panel on a wide screen) with the count and the
 * save button, which on a phone ride in a bar along the bottom of the screen, within thumb
 * reach (product rule R14.11: the toasts rise above it).
 */
export function PickerPanel({
  picks,
  summary,
  actions,
}: {
  picks: readonly { variantId: string; title: string; quantity: number }[];
  /** "2 of 3 chosen": announced as it changes. */
  summary: ReactNode;
  actions: ReactNode;
}) {
  return (
    <aside className="sticky-panel dish-picker__panel" aria-labelledby="dish-picker-picks">
      <h2 id="dish-picker-picks">Your picks</h2>
      {picks.length === 0 ? (
        <p className="dish-picker__none">Nothing chosen yet.</p>
      ) : (
        <ul className="dish-picker__picks">
          {picks.map((pick) => (
            <li key={pick.variantId}>
              {pick.quantity} × {pick.title}
            </li>
          ))}
        </ul>
      )}
      <div className="sticky-panel__actions bottom-bar dish-picker__bar">
        <p className="dish-picker__summary" aria-live="polite">
          {summary}
        </p>
        {actions}
      </div>
    </aside>
  );
}
