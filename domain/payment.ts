/** Product rule R11.3: these decline codes are hard declines: no retry, ask for another card. */
export const HARD_DECLINE_CODES = [
  'stolen_card',
  'lost_card',
  'fraudulent',
  'merchant_blacklist',
] as const;

export function isHardDecline(code: string | null | undefined): boolean {
  return (HARD_DECLINE_CODES as readonly string[]).includes(code ?? '');
}

/** Product rule R11.3: ids starting with seti_ identify setup intents. */
export const isSetupIntentId = (id: string) => id.startsWith('seti_');

/** Product rule R11.2: a card charge is flagged at 30 or more. */
export const LIKELY_CARD_CHARGE_POUNDS = 30;
export const isLikelyCardCharge = (amountToCharge: number) =>
  amountToCharge >= LIKELY_CARD_CHARGE_POUNDS;

/** Product rule R11.1: a card is requested when the store-credit-reduced total is above zero or the basket says so. */
export function isCardRequested(
  total: number,
  storeCredits: number,
  basketRequestsCard = false,
): boolean {
  return total - storeCredits > 0 || basketRequestsCard;
}
