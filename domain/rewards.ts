/**
 * Rewards (product rules R12.9-R12.13): the pasta plan's loyalty voucher, marketing offers, the
 * referral link and its rewards, and a week's dish ratings. Pure rules, shared by the server and
 * the account's rewards pages.
 */

/** Product rule R12.9: every this-many paid boxes of one plan earn a loyalty voucher. */
export const LOYALTY_BOXES = 5;
/** Product rule R12.9: the loyalty voucher's value, in pence, off a recipe-kit box. */
export const LOYALTY_REWARD_PENCE = 1000;
/** Product rule R12.9: the loyalty voucher can be used for this many days after it is issued. */
export const LOYALTY_VALID_DAYS = 60;
/** Product rule R12.11: store credit, in pence, for the friend and for the referrer. */
export const REFERRAL_REWARD_PENCE = 1000;

export interface LoyaltyProgress {
  /** Paid boxes towards the next voucher: 0 to LOYALTY_BOXES - 1. */
  boxesTowardsNext: number;
  boxesToGo: number;
  /** Vouchers the plan has earned so far. */
  vouchersEarned: number;
}

/** Product rule R12.9: where a plan with this many paid boxes stands. */
export function loyaltyProgress(paidBoxes: number): LoyaltyProgress {
  const boxes = Math.max(0, Math.floor(paidBoxes));
  const boxesTowardsNext = boxes % LOYALTY_BOXES;
  return {
    boxesTowardsNext,
    boxesToGo: LOYALTY_BOXES - boxesTowardsNext,
    vouchersEarned: Math.floor(boxes / LOYALTY_BOXES),
  };
}

/**
 * Product rule R12.9: the reward key of each voucher a plan with this many paid boxes has earned
 * (`loyalty:<plan>:<n>`): issuing by key makes a second billing run issue nothing new.
 */
export const loyaltyRewardKeys = (subscriptionId: number, paidBoxes: number): string[] =>
  Array.from(
    { length: loyaltyProgress(paidBoxes).vouchersEarned },
    (_, index) => `loyalty:${subscriptionId}:${index + 1}`,
  );

/** The last day (inclusive, YYYY-MM-DD) a loyalty voucher issued on this day can be used. */
export function loyaltyVoucherEndDate(issuedOn: string): string {
  const day = new Date(`${issuedOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + LOYALTY_VALID_DAYS);
  return day.toISOString().slice(0, 10);
}

/** Product rule R12.11: a referral token is 12 to 32 URL-safe characters (random, 9+ bytes). */
export const isReferralTokenShape = (token: string) => /^[A-Za-z0-9_-]{12,32}$/.test(token);

/** Product rule R12.11: the link a customer shares; a friend signs up through it. */
export const referralLink = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/signup?ref=${encodeURIComponent(token)}`;

export interface OfferVoucher {
  type: 'DiscountVoucher' | 'AddonVoucher' | 'CreditVoucher';
  startDate: string | null;
  endDate: string | null;
  /** The one customer a reward voucher is for; null for everyone. */
  customerId: number | null;
  offerTitle: string | null;
  newCustomer: boolean;
}

export interface OfferContext {
  customerId: number;
  /** YYYY-MM-DD. */
  today: string;
  /** This voucher's code is already on one of the customer's orders. */
  alreadyUsed: boolean;
}

/**
 * Product rule R12.10: an offer the customer can use now: a basket voucher (not credit) that is
 * live today, either offered to everyone (it has a headline) or a reward for this customer, and
 * that the customer has not used on an order yet.
 */
export function isUsableOffer(voucher: OfferVoucher, context: OfferContext): boolean {
  if (voucher.type === 'CreditVoucher' || voucher.newCustomer) return false;
  if (voucher.startDate !== null && voucher.startDate > context.today) return false;
  if (voucher.endDate !== null && voucher.endDate < context.today) return false;
  if (voucher.customerId !== null && voucher.customerId !== context.customerId) return false;
  if (voucher.customerId === null && voucher.offerTitle === null) return false;
  return !context.alreadyUsed;
}

/** Product rule R12.9: a reward voucher is its owner's alone, and for one order. */
export const REWARD_VOUCHER_MESSAGES = {
  notYours: 'This voucher belongs to another account',
  used: 'You have already used this voucher on an order',
} as const;

/** Product rule R12.13: an average of 1-5 star ratings to one decimal place; null with none. */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}

/** Product rule R12.13: "4.5 out of 5 (12 ratings)". */
export const ratingSummaryText = (average: number, count: number) =>
  `${average.toFixed(1)} out of 5 (${count} ${count === 1 ? 'rating' : 'ratings'})`;
