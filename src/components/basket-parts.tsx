import { useSelector } from '@xstate/react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import type { VoucherState } from '../../machines/basket-shared/basket-shared';
import { formatPrice } from '../../domain/money';
import { VoucherForm } from './voucher-form';

/** What the takeaway basket and the recipe-kit box show alike beside their menus. */

/**
 * A line's quantity between its − and + buttons, each named for screen readers ("Remove one
 * Tagliatelle", or "… from next week" where the box has weeks).
 */
export function QuantityButtons({
  title,
  quantity,
  week,
  onRemoveOne,
  onAddOne,
}: {
  title: string;
  quantity: number;
  week?: string;
  onRemoveOne: () => void;
  onAddOne: () => void;
}) {
  return (
    <span className="basket__quantity">
      <button
        type="button"
        className="quantity-button"
        aria-label={`Remove one ${title}${week ? ` from ${week}` : ''}`}
        onClick={onRemoveOne}
      >
        −
      </button>
      <span aria-label={`${quantity} ${title}`}>{quantity}</span>
      <button
        type="button"
        className="quantity-button"
        aria-label={`Add one ${title}${week ? ` to ${week}` : ''}`}
        onClick={onAddOne}
      >
        +
      </button>
    </span>
  );
}

/** The server's sums, announced as they change; a discount only when there is one. */
export function BasketTotals({
  totals,
  deliveryLabel,
  busy,
}: {
  totals: { subtotal: number; delivery: number; discount: number; total: number };
  deliveryLabel: string;
  busy: boolean;
}) {
  return (
    <dl className="basket__totals" aria-live="polite" aria-busy={busy}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatPrice(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>{deliveryLabel}</dt>
        <dd>{formatPrice(totals.delivery)}</dd>
      </div>
      {totals.discount > 0 && (
        <div>
          <dt>Discount</dt>
          <dd>−{formatPrice(totals.discount)}</dd>
        </div>
      )}
      <div className="basket__total">
        <dt>Total</dt>
        <dd>{formatPrice(totals.total)}</dd>
      </div>
    </dl>
  );
}

type VoucherEvent = { type: 'voucher.apply'; code: string } | { type: 'voucher.remove' };
type VoucherSnapshot = Snapshot<unknown> & {
  context: { voucherState: VoucherState };
  can(event: VoucherEvent): boolean;
};

/** A basket's voucher form, driven by its machine: what it allows, and why a code was refused. */
export function BasketVoucherForm<TEmitted extends EventObject>({
  actor,
  voucher,
}: {
  /** Any basket machine with a voucher, whatever it tells its view. */
  actor: ActorRef<VoucherSnapshot, VoucherEvent, TEmitted>;
  /** The applied voucher, where the basket keeps it. */
  voucher: { code: string } | null;
}) {
  const voucherState = useSelector(actor, (s) => s.context.voucherState);
  const canApply = useSelector(actor, (s) => s.can({ type: 'voucher.apply', code: 'X' }));
  const canRemove = useSelector(actor, (s) => s.can({ type: 'voucher.remove' }));
  return (
    <VoucherForm
      voucher={voucher}
      error={voucherState.status === 'invalid' ? voucherState.message : undefined}
      canApply={canApply}
      canRemove={canRemove}
      onApply={(code) => actor.send({ type: 'voucher.apply', code })}
      onRemove={() => actor.send({ type: 'voucher.remove' })}
    />
  );
}
