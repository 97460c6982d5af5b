import { formatPrice } from './money';

/** Product rule R12.1: voucher codes are uppercased before sending. */
export const normaliseVoucherCode = (code: string) => code.trim().toUpperCase();

/** Product rule R12.4 messages for vouchers. */
export const VOUCHER_MESSAGES = {
  invalidCode: 'Invalid code',
  couldNotValidate: "Couldn't validate voucher",
  fallback: 'Voucher invalid',
} as const;

/** Product rule R12.5: voucher-like constants the product hard-codes. */
export const OUT_OF_STOCK_VOUCHER_CODE = 'OOS-20';
export const EXTRA_VOUCHER_CODE = '10EXTRA';

/** Product rule R12.2: proposition codes. */
export type Proposition = 'TW' | 'RK' | 'OO';
export const PROPOSITION_NAMES: Record<Proposition, string> = {
  TW: 'takeaway',
  RK: 'recipe kit',
  OO: 'one-off',
};

export interface VoucherTerms {
  code: string;
  type: 'DiscountVoucher' | 'AddonVoucher' | 'CreditVoucher';
  valueType: 'fixed_amount' | 'percentage';
  /** Pence for fixed_amount, whole percent for percentage. */
  value: number;
  /** ISO dates, inclusive; null for open-ended. */
  startDate: string | null;
  endDate: string | null;
  /** When not empty, the discount applies to these variants' lines only. */
  productVariantIds: string[];
  minimumSpendPerOrderPence: number | null;
  propositions: string[];
}

export interface PricedLine {
  productVariantId: string;
  /** The line with its modifiers and quantity, before any discount. */
  totalPence: number;
}

const appliesTo = (voucher: Pick<VoucherTerms, 'productVariantIds'>, line: PricedLine) =>
  voucher.productVariantIds.length === 0 ||
  voucher.productVariantIds.includes(line.productVariantId);

/**
 * The discount in pence: a fixed amount or a percentage of the lines it applies to (all lines
 * unless tied to variants), never more than those lines cost.
 */
export function voucherDiscountPence(
  voucher: Pick<VoucherTerms, 'valueType' | 'value' | 'productVariantIds'>,
  lines: PricedLine[],
): number {
  const eligible = lines
    .filter((line) => appliesTo(voucher, line))
    .reduce((sum, line) => sum + line.totalPence, 0);
  const discount =
    voucher.valueType === 'percentage'
      ? Math.round((eligible * voucher.value) / 100)
      : voucher.value;
  return Math.max(0, Math.min(discount, eligible));
}

export interface VoucherProblem {
  code:
    | 'voucher_not_started'
    | 'voucher_expired'
    | 'voucher_wrong_proposition'
    | 'voucher_not_for_baskets'
    | 'voucher_below_minimum'
    | 'voucher_no_matching_items';
  detail: string;
}

/**
 * Why a voucher cannot be applied to a basket, or null when it can. `today` is the ISO date the
 * check runs on; `subtotalPence` is the basket's before any discount.
 */
export function voucherProblem(
  voucher: VoucherTerms,
  basket: { proposition: Proposition; today: string; lines: PricedLine[] },
): VoucherProblem | null {
  // An add-on voucher gives its add-on, which only a recipe-kit box can carry.
  const fitsBaskets =
    voucher.type === 'DiscountVoucher' ||
    (voucher.type === 'AddonVoucher' && basket.proposition !== 'TW');
  if (!fitsBaskets)
    return {
      code: 'voucher_not_for_baskets',
      detail: `${voucher.code} can't be used on a basket`,
    };
  if (voucher.startDate !== null && basket.today < voucher.startDate)
    return {
      code: 'voucher_not_started',
      detail: `${voucher.code} can be used from ${voucher.startDate}`,
    };
  if (voucher.endDate !== null && basket.today > voucher.endDate)
    return { code: 'voucher_expired', detail: `${voucher.code} expired on ${voucher.endDate}` };
  if (!voucher.propositions.includes(basket.proposition))
    return {
      code: 'voucher_wrong_proposition',
      detail: `${voucher.code} can't be used for ${PROPOSITION_NAMES[basket.proposition]} orders`,
    };
  const subtotalPence = basket.lines.reduce((sum, line) => sum + line.totalPence, 0);
  if (
    voucher.minimumSpendPerOrderPence !== null &&
    subtotalPence < voucher.minimumSpendPerOrderPence
  )
    return {
      code: 'voucher_below_minimum',
      detail: `Spend ${formatPrice(voucher.minimumSpendPerOrderPence / 100)} or more to use ${voucher.code}`,
    };
  if (!basket.lines.some((line) => appliesTo(voucher, line)))
    return {
      code: 'voucher_no_matching_items',
      detail: `${voucher.code} applies to none of the dishes in your basket`,
    };
  return null;
}

/** A failed voucher call as the browser sees it: its HTTP status and the server's message. */
export interface VoucherFailure {
  status?: number;
  serverMessage?: string;
}

/**
 * Product rule R12.4: on 400 the server's message; an unknown code (404) is 'Invalid code'; any
 * other failure "Couldn't validate voucher"; and 'Voucher invalid' when nothing better is known.
 */
export function voucherFailureMessage(failure: VoucherFailure | null | undefined): string {
  if (!failure || failure.status === undefined) return VOUCHER_MESSAGES.fallback;
  if (failure.status === 400) return failure.serverMessage || VOUCHER_MESSAGES.fallback;
  if (failure.status === 404) return VOUCHER_MESSAGES.invalidCode;
  return VOUCHER_MESSAGES.couldNotValidate;
}
