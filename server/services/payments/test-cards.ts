/**
 * The sandbox's test cards: Stripe's published test numbers, and what each does when charged.
 * Setting a card up always succeeds (as in Stripe), so a declined card shows up at payment.
 */
export interface TestCardBehaviour {
  declineCode: string | null;
  /** Every payment needs a 3-D Secure challenge. */
  threeDSecure: boolean;
}

export const TEST_CARDS: Record<string, TestCardBehaviour & { description: string }> = {
  '4242424242424242': { declineCode: null, threeDSecure: false, description: 'Visa: succeeds' },
  '5555555555554444': {
    declineCode: null,
    threeDSecure: false,
    description: 'Mastercard: succeeds',
  },
  '4000000000000002': {
    declineCode: 'generic_decline',
    threeDSecure: false,
    description: 'Declined',
  },
  '4000000000009995': {
    declineCode: 'insufficient_funds',
    threeDSecure: false,
    description: 'Declined: insufficient funds',
  },
  '4000000000009987': {
    declineCode: 'lost_card',
    threeDSecure: false,
    description: 'Declined: lost card (hard)',
  },
  '4000000000009979': {
    declineCode: 'stolen_card',
    threeDSecure: false,
    description: 'Declined: stolen card (hard)',
  },
  '4100000000000019': {
    declineCode: 'fraudulent',
    threeDSecure: false,
    description: 'Declined: fraudulent (hard)',
  },
  // Stripe publishes no number for merchant_blacklist; this one is ours (Luhn-valid, unused by Stripe).
  '4000000000009961': {
    declineCode: 'merchant_blacklist',
    threeDSecure: false,
    description: 'Declined: merchant blacklist (hard)',
  },
  '4000002760003184': {
    declineCode: null,
    threeDSecure: true,
    description: '3-D Secure challenge on every payment',
  },
};

/** Any other number that passes the checks succeeds, like a real card would. */
export function testCardBehaviour(number: string): TestCardBehaviour {
  const card = TEST_CARDS[number];
  return card
    ? { declineCode: card.declineCode, threeDSecure: card.threeDSecure }
    : { declineCode: null, threeDSecure: false };
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Stripe's brand names, from the number's prefix. */
export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

export type CardProblem =
  | { field: 'card_number'; code: 'incorrect_number'; message: string }
  | { field: 'exp_month' | 'exp_year'; code: 'invalid_expiry'; message: string }
  | { field: 'cvc'; code: 'incomplete_cvc'; message: string };

/** Stripe's messages for a card it refuses before any charge; undefined when the card is fine. */
export function cardProblem(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): CardProblem | undefined {
  if (!/^\d{13,19}$/.test(card.number) || !passesLuhn(card.number))
    return {
      field: 'card_number',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (card.expMonth < 1 || card.expMonth > 12)
    return {
      field: 'exp_month',
      code: 'invalid_expiry',
      message: "Your card's expiration month is invalid.",
    };
  if (year * 12 + (card.expMonth - 1) < thisMonth)
    return {
      field: 'exp_year',
      code: 'invalid_expiry',
      message: "Your card's expiration date is in the past.",
    };
  if (!/^\d{3}$/.test(card.cvc))
    return {
      field: 'cvc',
      code: 'incomplete_cvc',
      message: "Your card's security code is incomplete.",
    };
  return undefined;
}

/** Spaces and dashes are how people type numbers; they are not part of it. */
export const normaliseCardNumber = (value: string) => value.replace(/[\s-]/g, '');
