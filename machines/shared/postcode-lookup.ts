import { parseUkPostcode } from '../../domain/postcode';

/**
 * What every postcode lookup shares: the takeaway's address search and the kit checkout's address
 * step (product rules R3.13 and R8.11) check the typed postcode the same way and say the same.
 */

export const POSTCODE_MESSAGES = {
  enterPostcode: 'Enter a postcode',
  realPostcode: 'Enter a real postcode, like W4 2HD',
} as const;

/** Product rule R3.13: a postcode placed at its district's centre comes with no address list. */
export const districtOnlyMessage = (postcode: string) =>
  `We found ${postcode} but not its addresses: type your house number and street.`;

export const postcodeGuards = {
  isPostcodeMissing: (_: unknown, postcode: string) => postcode.trim() === '',
  // Any case and spacing is fine ('w4  2hd'): only the shape once normalised counts (R3.4).
  isPostcodeMisshapen: (_: unknown, postcode: string) => parseUkPostcode(postcode) === undefined,
};

/**
 * A postcode event's checks, before any call: none typed, or not shaped like a postcode, says so
 * by `field` (the machine's `assignError`) and stays, or goes to `target` when given.
 */
export const postcodeChecks = <TTarget extends string>(field: string, target?: TTarget) =>
  (
    [
      ['isPostcodeMissing', POSTCODE_MESSAGES.enterPostcode],
      ['isPostcodeMisshapen', POSTCODE_MESSAGES.realPostcode],
    ] as const
  ).map(([guard, message]) => ({
    guard: {
      type: guard,
      params: ({ event }: { event: { postcode: string } }) => event.postcode,
    },
    target,
    actions: { type: 'assignError' as const, params: { field, message } },
  }));
