/** The wallet this app offers (PayPal-style) and its return screens, /{wallet}-… (product rule R1.10). */
export const WALLET = 'paypal';
export const WALLET_PATHS = {
  confirmation: `/${WALLET}-confirmation`,
  setupConfirmation: `/${WALLET}-setup-confirmation`,
} as const;
