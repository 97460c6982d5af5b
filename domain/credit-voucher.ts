import { format, parseISO } from 'date-fns';
import { VOUCHER_MESSAGES, type VoucherTerms } from './voucher';

/** What a customer reads when a code cannot become store credit (POST customers/credit_voucher). */
export const CREDIT_VOUCHER_MESSAGES = {
  unknownCode: VOUCHER_MESSAGES.invalidCode,
  notCreditVoucher: "This code isn't a store credit voucher: enter it in your basket instead",
  expired: 'This voucher has expired',
  alreadyRedeemed: "You've already redeemed this voucher",
  /** A new-customer credit (WELCOME60) before the customer opened their verification link. */
  emailNotVerified:
    'Verify your email address before you redeem this voucher: open the link in the email we sent you, or send a new one from your account',
  /** A credit voucher typed into a basket's voucher field. */
  notForBaskets: 'This is a store credit voucher: redeem it in your account',
} as const;

export interface CreditVoucherProblem {
  code: 'not_credit_voucher' | 'voucher_not_started' | 'voucher_expired';
  detail: string;
}

const longDate = (isoDate: string) => format(parseISO(isoDate), 'd MMMM yyyy');

/**
 * Why a voucher cannot be redeemed into store credit on `today` (an ISO date), or null when it
 * can. Only a fixed-amount credit voucher gives credit: a percentage has nothing to be a share of.
 */
export function creditVoucherProblem(
  voucher: Pick<VoucherTerms, 'type' | 'valueType' | 'startDate' | 'endDate'>,
  today: string,
): CreditVoucherProblem | null {
  if (voucher.type !== 'CreditVoucher' || voucher.valueType !== 'fixed_amount')
    return { code: 'not_credit_voucher', detail: CREDIT_VOUCHER_MESSAGES.notCreditVoucher };
  if (voucher.startDate !== null && today < voucher.startDate)
    return {
      code: 'voucher_not_started',
      detail: `This voucher can be redeemed from ${longDate(voucher.startDate)}`,
    };
  if (voucher.endDate !== null && today > voucher.endDate)
    return { code: 'voucher_expired', detail: CREDIT_VOUCHER_MESSAGES.expired };
  return null;
}
