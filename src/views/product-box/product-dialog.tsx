import { useState } from 'react';
import type { WeeklyMenuProduct, WeeklyMenuVariant } from '../../api/catalogue';
import { Modal } from '../../components/modal';
import { DishImage } from '../../components/ui/dish-image';
import { formatPrice } from '../../../domain/money';
import { doublePortionDiscountPercent, isDoublePortion } from '../../../domain/portion';

const portionLabel = (variant: WeeklyMenuVariant) =>
  isDoublePortion(variant.title) ? 'Double portion (serves 2)' : 'Regular portion';

/** The double portion's saving against two regulars, when the dish has both. */
export function doubleSaving(product: WeeklyMenuProduct): number {
  const regular = product.variants.find((variant) => !isDoublePortion(variant.title));
  const double = product.variants.find((variant) => isDoublePortion(variant.title));
  return regular && double ? doublePortionDiscountPercent(regular.price, double.price) : 0;
}

/**
 * The product view (product rule R7.10): description, allergens, the portion and add to the week.
 */
export function ProductDialog({
  product,
  weekName,
  canAdd,
  onAdd,
  onClose,
}: {
  product: WeeklyMenuProduct | null;
  weekName: string;
  /** False for a closed week or while the basket is busy. */
  canAdd: boolean;
  onAdd: (variantId: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal open={product !== null} title={product?.title ?? 'Dish'} onClose={onClose}>
      {product && (
        <ProductDetails
          key={product.id}
          product={product}
          weekName={weekName}
          canAdd={canAdd}
          onAdd={onAdd}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ProductDetails({
  product,
  weekName,
  canAdd,
  onAdd,
  onClose,
}: {
  product: WeeklyMenuProduct;
  weekName: string;
  canAdd: boolean;
  onAdd: (variantId: string) => void;
  onClose: () => void;
}) {
  const forSale = product.variants.filter((variant) => variant.availableForSale);
  const [variantId, setVariantId] = useState(forSale[0]?.id ?? '');
  const saving = doubleSaving(product);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (variantId) onAdd(variantId);
      }}
    >
      <DishImage
        src={product.featuredImageUrl}
        className="product-dialog__image"
        sizes="(max-width: 700px) 100vw, 480px"
        eager
      />
      {/* The catalogue's own copy (our seed or the storefront's), rendered as the storefront does. */}
      <div dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
      <h3>Allergens</h3>
      {product.allergens.length === 0 ? (
        <p>No listed allergens.</p>
      ) : (
        <ul aria-label="Allergens">
          {product.allergens.map((allergen) => (
            <li key={allergen.code}>{allergen.name}</li>
          ))}
        </ul>
      )}
      {product.variants.length > 0 && (
        <fieldset className="fieldset">
          <legend>Portion</legend>
          {product.variants.map((variant) => (
            <div key={variant.id} className="choice">
              <input
                type="radio"
                name="portion"
                id={`portion-${variant.id}`}
                value={variant.id}
                checked={variantId === variant.id}
                disabled={!variant.availableForSale}
                onChange={() => setVariantId(variant.id)}
              />
              <label htmlFor={`portion-${variant.id}`}>
                {portionLabel(variant)}, {formatPrice(variant.price)}
                {!variant.availableForSale && ' (sold out)'}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      {saving > 0 && <p>The double portion saves {saving}% against two regular portions.</p>}
      {/* Product rule R7.18: the Add button stays in view however long the description. */}
      <div className="modal__actions product-dialog__actions">
        <button type="submit" className="button button--primary" disabled={!canAdd || !variantId}>
          Add to {weekName}
        </button>
        <button type="button" className="button button--link" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
