import { useState } from 'react';
import type { MenuProduct } from '../../api/types';
import { Modal } from '../../components/modal';
import { DishImage } from '../../components/ui/dish-image';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { formatPrice } from '../../../domain/money';
import { linePrice, MAX_LINE_QUANTITY } from '../../../domain/takeaway-lines';

export interface ModifierChoice {
  subItems: string[];
  quantity: number;
}

/**
 * The dialog to make a dish one's own before adding it: its picture, the extras as designed
 * checkboxes, a quantity, and the running price on the Add button ("Add 2 for £21.50").
 */
export function ModifierDialog({
  product,
  modifiers,
  onAdd,
  onClose,
}: {
  product: MenuProduct | null;
  modifiers: MenuProduct[];
  onAdd: (choice: ModifierChoice) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const reset = () => {
    setChosen([]);
    setQuantity(1);
  };
  const close = () => {
    reset();
    onClose();
  };
  const price = product
    ? linePrice(
        product.price,
        modifiers.filter((m) => chosen.includes(m.id)).map((m) => m.price),
        quantity,
      )
    : 0;
  return (
    <Modal
      open={product !== null}
      title={product ? `Make your ${product.title}` : 'Make it yours'}
      onClose={close}
    >
      {product && (
        <>
          <DishImage
            src={product.imageUrl}
            className="modifier-dialog__image"
            sizes="(max-width: 700px) 100vw, 32rem"
            eager
          />
          <p className="modifier-dialog__description">{product.description}</p>
        </>
      )}
      <form
        className="modifier-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onAdd({ subItems: chosen, quantity });
          reset();
        }}
      >
        <fieldset className="choices">
          <legend className="modifier-dialog__legend">Choose your extras</legend>
          {modifiers.map((modifier) => (
            <div key={modifier.id} className="choice modifier-choice">
              <input
                type="checkbox"
                id={`modifier-${modifier.id}`}
                checked={chosen.includes(modifier.id)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked
                      ? [...current, modifier.id]
                      : current.filter((id) => id !== modifier.id),
                  )
                }
              />
              <label htmlFor={`modifier-${modifier.id}`} className="modifier-choice__label">
                <span>{modifier.title}</span>
                {modifier.price > 0 && (
                  <span className="modifier-choice__price">+{formatPrice(modifier.price)}</span>
                )}
              </label>
              <DishImage
                src={modifier.imageUrl}
                className="modifier-choice__image"
                width={96}
                height={96}
                sizes="3rem"
              />
            </div>
          ))}
        </fieldset>
        {product && (
          <div className="modifier-dialog__quantity">
            <span aria-hidden="true">Quantity</span>
            <QuantityStepper
              itemName={product.title}
              quantity={quantity}
              min={1}
              max={MAX_LINE_QUANTITY}
              onDecrease={() => setQuantity((q) => Math.max(1, q - 1))}
              onIncrease={() => setQuantity((q) => Math.min(MAX_LINE_QUANTITY, q + 1))}
            />
          </div>
        )}
        <div className="modal__actions modifier-dialog__actions">
          <button type="submit" className="button button--primary modifier-dialog__add">
            Add {quantity} for {formatPrice(price)}
          </button>
          <button type="button" className="button button--quiet" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
