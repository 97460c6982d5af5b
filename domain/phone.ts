import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
// Only +44's metadata (`npm run gen:phone-metadata`): the rule needs no other country's.
import ukMetadata from './phone-metadata.uk.json' with { type: 'json' };

/**
 * Product rule R3.5, UK phone check: a leading 0 is read as +44 and must be valid, a 0044 prefix
 * is accepted, and the number must be a GB number.
 */
export function parseUkPhone(phone: string) {
  const compact = phone.replace(/[\s()-]/g, '');
  const international = compact.startsWith('0044') ? `+44${compact.slice(4)}` : compact;
  const parsed = parsePhoneNumberFromString(international, 'GB', ukMetadata as MetadataJson);
  return parsed && parsed.isValid() && parsed.country === 'GB' ? parsed : undefined;
}

export function isValidUkPhone(phone: string): boolean {
  return parseUkPhone(phone) !== undefined;
}

/** E.164 form (+447700900123), or undefined when the number is not a valid GB number. */
export function normaliseUkPhone(phone: string): string | undefined {
  return parseUkPhone(phone)?.number;
}

/** Product rule R3.5: the second, looser check (no plus sign). */
export function hasNoPlusSign(phone: string): boolean {
  return !phone.includes('+');
}

export const UK_PHONE_HINT = 'Enter a UK phone number, like 07812 345678 or +44 7812 345678';
