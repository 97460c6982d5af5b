import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { takeawayBasketMachine } from '../../../machines/takeaway-basket/takeaway-basket.machine';
import type { MenuProduct } from '../../api/types';
import { BasketTotals, BasketVoucherForm, QuantityButtons } from '../../components/basket-parts';
import { Modal } from '../../components/modal';
import { formatPrice } from '../../../domain/money';
import { amountLeftToMinimum } from '../../../domain/takeaway-basket';

type BasketActor = Actor<typeof takeawayBasketMachine>;

function Upsells({ actor, products }: { actor: BasketActor; products: MenuProduct[] }) {
  const open = useSelector(actor, (s) => s.context.offeringUpsells);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <Modal open={open} title="Anything else?" onClose={() => actor.send({ type: 'upsell.close' })}>
      {products.length === 0 ? (
        <p>You have everything. Enjoy!</p>
      ) : (
        <ul className="upsells">
          {products.map((product) => (
            <li key={product.id} className="upsells__item">
              <span>
                {product.title} <span>{formatPrice(product.price)}</span>
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
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
          onClick={() => actor.send({ type: 'checkout.continue' })}
        >
          Continue to checkout
        </button>
        <button
          type="button"
          className="button button--link"
          onClick={() => actor.send({ type: 'upsell.close' })}
        >
          Back to the menu
        </button>
      </div>
    </Modal>
  );
}

/**
 * The basket beside the menu: lines with their modifiers and quantity buttons, the server's totals,
 * what the minimum still needs, a voucher, and the way to checkout (upsells first).
 */
export function BasketPanel({
  actor,
  upsellProducts,
}: {
  actor: BasketActor;
  upsellProducts: MenuProduct[];
}) {
  const lines = useSelector(actor, (s) => s.context.lines);
  const voucher = useSelector(actor, (s) => s.context.voucher);
  const totals = useSelector(actor, (s) => s.context.totals);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canCheckout = useSelector(actor, (s) => s.can({ type: 'checkout.start' }));
  const canEmpty = useSelector(actor, (s) => s.can({ type: 'basket.empty' }));
  const left = amountLeftToMinimum(totals.subtotal, totals.minimumSpend);
  const inBasket = new Set(lines.map((line) => line.productId));
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
              <span className="basket__title">
                {line.title}
                {line.modifiers && line.modifiers.length > 0 && (
                  <span className="basket__modifiers"> with {line.modifiers.join(', ')}</span>
                )}
              </span>
              <QuantityButtons
                title={line.title}
                quantity={line.quantity}
                onRemoveOne={() => actor.send({ type: 'item.decrement', lineId: line.id })}
                onAddOne={() => actor.send({ type: 'item.increment', lineId: line.id })}
              />
              <span>{formatPrice(line.price * line.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
      <BasketTotals totals={totals} deliveryLabel="Delivery fee" busy={busy} />
      <p id="basket-minimum" aria-live="polite">
        {lines.length === 0
          ? `The minimum order is ${formatPrice(totals.minimumSpend)}.`
          : left > 0
            ? `Add ${formatPrice(left)} more to reach the ${formatPrice(totals.minimumSpend)} minimum order.`
            : `Your order meets the ${formatPrice(totals.minimumSpend)} minimum.`}
      </p>
      <BasketVoucherForm actor={actor} voucher={voucher} />
      <button
        type="button"
        className="button button--primary"
        disabled={!canCheckout}
        aria-describedby="basket-minimum"
        onClick={() => actor.send({ type: 'checkout.start' })}
      >
        Checkout
      </button>
      {lines.length > 0 && (
        <button
          type="button"
          className="button button--link"
          disabled={!canEmpty}
          onClick={() => actor.send({ type: 'basket.empty' })}
        >
          Empty basket
        </button>
      )}
      <Upsells
        actor={actor}
        products={upsellProducts.filter((product) => !inBasket.has(product.id))}
      />
    </aside>
  );
}
