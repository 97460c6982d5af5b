/**
 * Product rule R3.4: a UK postcode shape is one or two letters, a digit, an optional letter or
 * digit, optional space, a digit, two letters.
 */
const UK_POSTCODE_SHAPE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

export function isUkPostcodeShape(postcode: string): boolean {
  return UK_POSTCODE_SHAPE.test(postcode.trim());
}

/** Upper case with one space before the inward code, whatever the customer typed: ' w42hd' -> 'W4 2HD'. */
export function normalisePostcode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/**
 * What the customer typed, in any case and spacing ('w4  2hd'), as 'W4 2HD'; undefined when it
 * is not shaped like a UK postcode.
 */
export function parseUkPostcode(typed: string): string | undefined {
  const postcode = normalisePostcode(typed);
  return isUkPostcodeShape(postcode) ? postcode : undefined;
}
