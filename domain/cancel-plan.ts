/** Product rule R10.13: why a customer cancels their pasta plan, from a fixed list. */
export const CANCEL_REASONS = [
  'too_expensive',
  'too_much_food',
  'not_enough_choice',
  'moving',
  'other',
] as const;

export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The words shown for each reason. */
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  too_expensive: 'It’s too expensive',
  too_much_food: 'It’s too much food',
  not_enough_choice: 'There’s not enough choice',
  moving: 'I’m moving',
  other: 'Another reason',
};

/** Product rule R10.13: the longest "other" reason kept. */
export const CANCEL_NOTE_MAX = 500;

/** The customer's words for cancelling (product rules R10.13-R10.18). */
export const CANCEL_PLAN_MESSAGES = {
  chooseReason: 'Select why you are cancelling your pasta plan',
  describeOther: 'Tell us why you are cancelling your pasta plan',
  noteTooLong: `Your reason must be ${CANCEL_NOTE_MAX} characters or fewer`,
  cancelled: 'Your pasta plan is cancelled.',
  /** Product rule R10.15: the weeks already billed are still delivered. */
  stillDelivered: 'Boxes already ordered are still delivered.',
} as const;

export const isCancelReason = (value: unknown): value is CancelReason =>
  typeof value === 'string' && (CANCEL_REASONS as readonly string[]).includes(value);

/**
 * Product rule R10.13: the reason is one of the list; "other" needs the customer's own words,
 * at most CANCEL_NOTE_MAX characters. Returns the message to show, or null when it is fine.
 */
export function cancelReasonError(reason: string | null, note: string | null): string | null {
  if (reason === null || !isCancelReason(reason)) return CANCEL_PLAN_MESSAGES.chooseReason;
  const text = note?.trim() ?? '';
  if (reason === 'other' && text === '') return CANCEL_PLAN_MESSAGES.describeOther;
  if (text.length > CANCEL_NOTE_MAX) return CANCEL_PLAN_MESSAGES.noteTooLong;
  return null;
}

/** Product rule R10.14: a plan can be cancelled unless it is already cancelled. */
export const canCancel = (state: string) => state !== 'cancelled';

/** Product rule R10.17: the last chance's confirmations. */
export const CANCEL_OFFER_MESSAGES = {
  skippedInstead: 'Week skipped instead: your pasta plan stays active.',
  pausedInstead: 'Your pasta plan is paused instead: resume it whenever you like.',
} as const;
