/** Product rule R9.1: order status display. */
const BEING_PREPARED = new Set(['paid', 'billed', 'packed', 'submitted', 'accepted']);
const PAYMENT_FAILED = new Set(['payment_pending', 'not_authorized']);

/**
 * The order's status in product rule R9.1's words. `paymentFailed` is the order's own answer
 * (R9.28): an order awaiting its first payment (a box ordered again) reads 'Awaiting payment',
 * one whose payment failed 'Payment failed'.
 */
export function orderStatusText(state: string, paymentFailed: boolean): string {
  if (BEING_PREPARED.has(state)) return 'Is being prepared';
  if (state === 'shipped') return 'Is out for delivery';
  if (PAYMENT_FAILED.has(state)) return paymentFailed ? 'Payment failed' : 'Awaiting payment';
  if (state === 'dropped') return 'Unable to process';
  return state.charAt(0).toUpperCase() + state.slice(1);
}

/**
 * A subscription or order is payment-failed when its state is not_authorized or payment_pending
 * (R9.2): it waits for a payment at `/payment/{orderId}`. Its words follow R9.28.
 */
export function isPaymentFailed(state: string): boolean {
  return PAYMENT_FAILED.has(state);
}
