import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import type { VoucherState } from '../../machines/basket-shared/basket-shared';
import { flash } from './flash/flash-store';
import { forgetNextOrderVoucher, nextOrderVoucher } from './next-order-voucher';

type VoucherEvent = { type: 'voucher.apply'; code: string } | { type: 'voucher.remove' };
type VoucherSnapshot = Snapshot<unknown> & {
  context: { voucherState: VoucherState };
  can(event: VoucherEvent): boolean;
};

/**
 * Product rule R12.14: a code kept from a /next-order-voucher link is applied to the recipe-kit
 * box as soon as the box is there (loaded, or just created) with a dish in it and no voucher of
 * its own, through the box's own voucher call (an empty box takes no voucher: the server checks
 * the code against its dishes); the customer is told the outcome (applied, or why not) and the
 * box shows it. Tried once: a refused code is forgotten, its message stays on the field. A box
 * created on the menu gets it too, once its first dish is saved (R12.15).
 */
export function useApplyKeptVoucher<TEmitted extends EventObject>(
  actor: ActorRef<VoucherSnapshot, VoucherEvent, TEmitted>,
  box: { hasVoucher: boolean; hasDishes: boolean },
) {
  const { hasVoucher, hasDishes } = box;
  const canApply = useSelector(actor, (s) => s.can({ type: 'voucher.apply', code: 'X' }));
  const voucherState = useSelector(actor, (s) => s.context.voucherState);
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (tried.current !== null || !canApply || hasVoucher || !hasDishes) return;
    const code = nextOrderVoucher();
    if (!code) return;
    const apply = { type: 'voucher.apply', code } as const;
    // Product rule R12.15: a new box is busy again by now when another effect of this render
    // saved its plan (R7.20); the event would be dropped, so wait until the box is ready again.
    if (!actor.getSnapshot().can(apply)) return;
    tried.current = code;
    actor.send(apply);
  }, [actor, canApply, hasVoucher, hasDishes]);
  useEffect(() => {
    const code = tried.current;
    if (code === null || voucherState.status === 'none') return;
    tried.current = '';
    forgetNextOrderVoucher();
    if (voucherState.status === 'valid') flash(`Voucher ${code} is applied to your box.`);
    else flash(voucherState.message, 'error');
  }, [voucherState]);
}
