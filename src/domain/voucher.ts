/** Spec section 5: voucher codes are uppercased before sending. */
export const normaliseVoucherCode = (code: string) => code.trim().toUpperCase();

/** Spec section 8 messages for vouchers. */
export const VOUCHER_MESSAGES = {
  invalidCode: 'Invalid code',
  couldNotValidate: "Couldn't validate voucher",
  fallback: 'Voucher invalid',
} as const;
