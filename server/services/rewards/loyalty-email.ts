import { LOYALTY_REWARD_PENCE } from '../../../domain/rewards';
import { formatPrice } from '../../../domain/money';
import { dayAndDate } from '../../../domain/pasta-plan';
import type { OutgoingEmail } from '../mailer';

export interface RewardRecipient {
  email: string;
  firstName: string | null;
}

/**
 * Product rule R12.16: the loyalty voucher (R12.9) is emailed to its customer with its code and
 * how to use it: the next-order link (R12.8, R12.14, R12.15) or the box's voucher field.
 */
export function loyaltyVoucherEmail(
  to: RewardRecipient,
  voucher: { code: string; endDate: string },
  publicUrl: string,
): OutgoingEmail {
  const value = formatPrice(LOYALTY_REWARD_PENCE / 100);
  const link = `${publicUrl}/next-order-voucher?vc=${encodeURIComponent(voucher.code)}`;
  return {
    to: to.email,
    subject: `Your pasta plan reward: ${value} off a box`,
    text: [
      to.firstName ? `Hello ${to.firstName},` : 'Hello,',
      '',
      `Thank you for five boxes of your pasta plan: here is ${value} off a recipe-kit or one-off box.`,
      `Your voucher code: ${voucher.code}`,
      '',
      'How to use it:',
      `- open this link and it is applied to your next box: ${link}`,
      '- or enter the code in your box’s voucher field before you check out.',
      '',
      `It is yours alone, for one order, until ${dayAndDate(voucher.endDate)}.`,
      `Your rewards: ${publicUrl}/account/rewards`,
    ].join('\n'),
  };
}
