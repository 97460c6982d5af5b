/**
 * Product rule R12.8: a /next-order-voucher link's code. Voucher codes are letters, digits and
 * hyphens (R12.5's `OOS-20`); anything else cannot be a code and is refused at once.
 */
export const isVoucherCodeShape = (code: string) => /^[A-Za-z0-9-]{1,32}$/.test(code.trim());

export const nextOrderVoucherNotice = (code: string) =>
  `Voucher ${code} will be applied to your next order.`;
