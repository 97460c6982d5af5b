import { normaliseVoucherCode } from '../../domain/voucher';

/**
 * Product rule R12.8: a voucher code from a /next-order-voucher link, kept for this browser
 * session until a basket applies it. Session storage: it is an offer for this visit, not a
 * setting, so it is not one of the stored keys of product rule R1.11.
 */
const KEY = 'sfoglia.nextOrderVoucher';

export function keepNextOrderVoucher(code: string): string {
  const normalised = normaliseVoucherCode(code);
  try {
    window.sessionStorage.setItem(KEY, normalised);
  } catch {
    // Storage can be off (private modes): the link still lands, the code is simply not kept.
  }
  return normalised;
}

export function nextOrderVoucher(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetNextOrderVoucher(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
