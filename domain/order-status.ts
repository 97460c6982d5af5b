/** Product rule R9.1: order status display. */
const BEING_PREPARED = new Set(['paid', 'billed', 'packed', 'submitted', 'accepted']);
const PAYMENT_FAILED = new Set(['payment_pending', 'not_authorized']);

export function orderStatusText(state: string): string {
  if (BEING_PREPARED.has(state)) return 'Is being prepared';
  if (state === 'shipped') return 'Is out for delivery';
  if (PAYMENT_FAILED.has(state)) return 'Payment failed';
  if (state === 'dropped') return 'Unable to process';
  return state.charAt(0).toUpperCase() + state.slice(1);
}

/** A subscription or order is payment-failed when its state is not_authorized or payment_pending. */
export function isPaymentFailed(state: string): boolean {
  return PAYMENT_FAILED.has(state);
}
