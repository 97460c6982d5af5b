/**
 * Product rule R5.9: the card form formats as the customer types. The card number is grouped
 * (4-4-4-4, American Express 4-6-5) and the expiry date is MM/YY with the slash put in for them.
 * Pure string work: the view keeps the caret after the same digit.
 */

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** American Express numbers start 34 or 37: 15 digits in groups of 4, 6 and 5. */
const isAmex = (digits: string) => /^3[47]/.test(digits);

/** The group sizes of a card number, by its first digits. */
export function cardNumberGroups(digits: string): readonly number[] {
  return isAmex(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
}

/** The most digits a card number of this kind has (Amex 15, others 19). */
export const maxCardDigits = (digits: string) => (isAmex(digits) ? 15 : 19);

/** "4242424242424242" (or with any spaces and dashes) as "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  const all = digitsOf(value);
  const digits = all.slice(0, maxCardDigits(all));
  const groups: string[] = [];
  let at = 0;
  for (const size of cardNumberGroups(digits)) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups.join(' ');
}

/**
 * The expiry date as typed: "1228" is "12/28"; after two digits of month the slash comes by itself
 * ("12" is "12/"), unless the customer is deleting (`deleting`), so backspace over the slash works.
 * A first digit that can only start one month (2 to 9) is that month: "4" is "04/".
 */
export function formatExpiry(value: string, deleting = false): string {
  let digits = digitsOf(value).slice(0, 4);
  if (/^[2-9]$/.test(digits) && !deleting) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** How many digits come before `position` in `value` (the caret's place, counted in digits). */
export const digitsBefore = (value: string, position: number) =>
  digitsOf(value.slice(0, Math.max(0, position))).length;

/**
 * Where the caret goes in `formatted` to stay after its `digits`-th digit: after a separator
 * that follows it when typing forward (so the next digit goes on after "4242 "), before it when not.
 */
export function caretAfterDigits(formatted: string, digits: number, forward = true): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]!)) seen += 1;
    if (seen === digits) {
      let caret = index + 1;
      if (forward) while (caret < formatted.length && /\D/.test(formatted[caret]!)) caret += 1;
      return caret;
    }
  }
  return formatted.length;
}
