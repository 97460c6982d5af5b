import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import type { MenuProduct } from '../../api/types';
import { BasketVoucherForm } from '../../components/basket-parts';
import { Modal } from '../../components/modal';
import { PriceRows, type PriceRowItem } from '../../components/ui/price-rows';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { formatPrice } from '../../../domain/money';
import { amountLeftToMinimum } from '../../../domain/takeaway-basket';
import { MAX_LINE_QUANTITY } from '../../../domain/takeaway-lines';
import type { BasketActor } from './basket-actor';
import { Upsells } from './upsells';

export const BASKET_HEADING_ID = 'basket-heading';

/** Product rule R4.13: emptying the basket asks first; Cancel keeps it as it is. */
function EmptyBasketDialog({
  open,
  count,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} title="Empty your basket?" onClose={onCancel}>
      <p>
        This removes {count === 1 ? 'the 1 item' : `all ${count} items`} from your basket. You
        cannot undo it.
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--destructive" onClick={onConfirm}>
          Yes, empty my basket
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Keep my basket
        </button>
      </div>
    </Modal>
  );
}

/**
 * The basket beside the menu: lines with their modifiers and steppers in one column, the server's
 * totals as price rows, what the minimum still needs, a voucher, and Checkout (upsells first).
 * Empty basket sits apart, at the top, and asks before it empties.
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
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const left = amountLeftToMinimum(totals.subtotal, totals.minimumSpend);
  const inBasket = new Set(lines.map((line) => line.productId));
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const rows: PriceRowItem[] = [
    { label: 'Subtotal', amount: formatPrice(totals.subtotal) },
    { label: 'Delivery fee', amount: formatPrice(totals.delivery) },
    ...(totals.discount > 0
      ? [
          {
            label: 'Discount',
            amount: `−${formatPrice(totals.discount)}`,
            kind: 'discount' as const,
          },
        ]
      : []),
    { label: 'Total', amount: formatPrice(totals.total), kind: 'total' as const },
  ];
  return (
    <aside className="sticky-panel takeaway-basket" id="basket" aria-labelledby={BASKET_HEADING_ID}>
      <div className="takeaway-basket__header">
        <h2 id={BASKET_HEADING_ID} ref={heading} tabIndex={-1}>
          Your basket
        </h2>
        {lines.length > 0 && (
          <button
            type="button"
            className="button button--quiet takeaway-basket__empty"
            disabled={!canEmpty}
            onClick={() => setConfirmingEmpty(true)}
          >
            Empty basket
          </button>
        )}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {lines.length === 0 ? (
        <p className="takeaway-basket__none">
          Your basket is empty. Add a dish to start your order.
        </p>
      ) : (
        <ul className="sticky-panel__scroll takeaway-basket__lines">
          {lines.map((line) => (
            <li key={line.id} className="takeaway-basket__line">
              <span className="takeaway-basket__title">
                {line.title}
                {line.modifiers && line.modifiers.length > 0 && (
                  <span className="takeaway-basket__modifiers">
                    {' '}
                    with {line.modifiers.join(', ')}
                  </span>
                )}
              </span>
              <QuantityStepper
                itemName={line.title}
                quantity={line.quantity}
                min={0}
                max={MAX_LINE_QUANTITY}
                onDecrease={() => actor.send({ type: 'item.decrement', lineId: line.id })}
                onIncrease={() => actor.send({ type: 'item.increment', lineId: line.id })}
              />
              <span className="takeaway-basket__amount">
                {formatPrice(line.price * line.quantity)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="sticky-panel__actions takeaway-basket__footer">
        <BasketVoucherForm actor={actor} voucher={voucher} />
        <div className="takeaway-basket__totals" aria-live="polite" aria-busy={busy}>
          <PriceRows rows={rows} />
        </div>
        <p id="basket-minimum" className="takeaway-basket__minimum" aria-live="polite">
          {lines.length === 0
            ? `The minimum order is ${formatPrice(totals.minimumSpend)}.`
            : left > 0
              ? `Add ${formatPrice(left)} more to reach the ${formatPrice(totals.minimumSpend)} minimum order.`
              : `Your order meets the ${formatPrice(totals.minimumSpend)} minimum.`}
        </p>
        <button
          type="button"
          className="button button--primary button--block takeaway-basket__checkout"
          disabled={!canCheckout}
          aria-describedby="basket-minimum"
          onClick={() => actor.send({ type: 'checkout.start' })}
        >
          Checkout
        </button>
      </div>
      <EmptyBasketDialog
        open={confirmingEmpty}
        count={count}
        onCancel={() => setConfirmingEmpty(false)}
        onConfirm={() => {
          setConfirmingEmpty(false);
          actor.send({ type: 'basket.empty' });
          // The Empty basket button goes with the lines: focus lands on the basket itself.
          requestAnimationFrame(() => heading.current?.focus());
        }}
      />
      <Upsells
        actor={actor}
        products={upsellProducts.filter((product) => !inBasket.has(product.id))}
      />
    </aside>
  );
}
