/** The order page's rules (product rules R9.14 to R9.17): feedback, invoice and payment texts. */

/** Product rule R9.16: an order takes feedback once it has reached the customer. */
const FEEDBACK_STATES = new Set(['delivered', 'collected']);

export function canGiveFeedback(orderState: string): boolean {
  return FEEDBACK_STATES.has(orderState);
}

/** Product rule R9.16: how likely the customer is to recommend us, 0 to 10. */
export const NPS_MIN = 0;
export const NPS_MAX = 10;
export const FEEDBACK_REASON_MAX = 200;
export const FEEDBACK_NOTES_MAX = 2000;

export const FEEDBACK_MESSAGES = {
  npsMissing: 'Select how likely you are to recommend Sfoglia, from 0 to 10',
  reasonTooLong: `Your main reason must be ${FEEDBACK_REASON_MAX} characters or fewer`,
  notesTooLong: `Your notes must be ${FEEDBACK_NOTES_MAX} characters or fewer`,
  notFinished: 'You can give feedback once your order has been delivered or collected',
  given: 'Thank you for your feedback',
  updated: 'Your feedback is updated',
} as const;

export interface FeedbackInput {
  npsRating: number | null;
  reason: string;
  notes: string;
}

export type FeedbackField = 'npsRating' | 'reason' | 'notes';

/** The form's errors in the order of its fields (GOV.UK error summary order); none when valid. */
export function feedbackErrors(input: FeedbackInput): { field: FeedbackField; message: string }[] {
  const errors: { field: FeedbackField; message: string }[] = [];
  const nps = input.npsRating;
  if (nps === null || !Number.isInteger(nps) || nps < NPS_MIN || nps > NPS_MAX)
    errors.push({ field: 'npsRating', message: FEEDBACK_MESSAGES.npsMissing });
  if (input.reason.trim().length > FEEDBACK_REASON_MAX)
    errors.push({ field: 'reason', message: FEEDBACK_MESSAGES.reasonTooLong });
  if (input.notes.trim().length > FEEDBACK_NOTES_MAX)
    errors.push({ field: 'notes', message: FEEDBACK_MESSAGES.notesTooLong });
  return errors;
}

/** Blank or whitespace-only text is no text: stored as null, so it is not shown as given. */
export function optionalText(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed.length ? trimmed : null;
}

/**
 * Product rule R9.17: an order's invoice is emailed at most once every 10 minutes, so repeated
 * clicks send one email; asking again within the window sends nothing.
 */
export const INVOICE_RESEND_MINUTES = 10;

export const invoiceMessages = {
  sent: (email: string) => `We have emailed your invoice to ${email}`,
  alreadySent: (email: string) =>
    `We emailed your invoice to ${email} less than ${INVOICE_RESEND_MINUTES} minutes ago. ` +
    'Check your inbox and spam folder before asking again',
  notPaid: 'This order has no invoice yet: it is sent once the order is paid',
};

/** Product rule R9.15: a payment attempt's state as the order page says it. */
export function paymentStateText(
  state: 'processing' | 'requires_action' | 'succeeded' | 'failed',
): string {
  switch (state) {
    case 'succeeded':
      return 'Paid';
    case 'failed':
      return 'Declined';
    case 'requires_action':
      return 'Waiting for your bank to confirm';
    case 'processing':
      return 'Processing';
  }
}

/** Product rule R9.15: how it was paid: "Visa ending 4242", "PayPal", or "Card". */
export function paymentMethodText(
  type: 'CreditCard' | 'PaypalAccount',
  brand: string | null,
  last4: string | null,
): string {
  if (type === 'PaypalAccount') return 'PayPal';
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
  return last4 ? `${name} ending ${last4}` : name;
}
