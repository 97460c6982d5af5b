/**
 * Date of birth (product rule R2.13): a real calendar date, in the past, and the customer at
 * least 18 on the day it is saved. The spec sets no age; 18 is the UK age for buying alcohol,
 * and plans can include cocktails (`numberOfCocktails`), so every customer must be an adult.
 */
export const MINIMUM_AGE = 18;

export const DATE_OF_BIRTH_MESSAGES = {
  missing: 'Enter your date of birth',
  notReal: 'Date of birth must be a real date',
  future: 'Date of birth must be in the past',
  tooYoung: `You must be ${MINIMUM_AGE} or over to have an account`,
  tooOld: 'Date of birth must be after 1 January 1900',
} as const;

export type DateOfBirthError = keyof typeof DATE_OF_BIRTH_MESSAGES;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month (1-12) and day of an ISO `YYYY-MM-DD` date, if it names a real calendar day. */
function realDate(iso: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(iso);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const same =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return same ? { year, month, day } : undefined;
}

/** Today's date in the UK as `YYYY-MM-DD` (ages are counted in the customer's calendar). */
export function ukToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

/** The problem with an ISO date of birth, or undefined when it is acceptable on `today`. */
export function dateOfBirthError(iso: string, today: string): DateOfBirthError | undefined {
  if (iso.trim() === '') return 'missing';
  const date = realDate(iso.trim());
  if (!date) return 'notReal';
  if (iso.trim() >= today) return 'future';
  if (date.year < 1900) return 'tooOld';
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  // Someone born on 29 February turns a year older on 1 March in a non-leap year.
  const hadBirthday = tm > date.month || (tm === date.month && td >= date.day);
  const age = ty - date.year - (hadBirthday ? 0 : 1);
  return age < MINIMUM_AGE ? 'tooYoung' : undefined;
}

/** GOV.UK date input: the three fields, as typed. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export type DatePart = keyof DateParts;

/**
 * Reads the day, month and year fields into an ISO date, or says which fields are wrong and why
 * (GOV.UK date input pattern: name the missing parts, highlight only the fields at fault).
 */
export function readDateParts(
  parts: DateParts,
  today: string,
): { iso: string } | { message: string; fields: DatePart[] } {
  const trimmed = {
    day: parts.day.trim(),
    month: parts.month.trim(),
    year: parts.year.trim(),
  };
  const order: DatePart[] = ['day', 'month', 'year'];
  const missing = order.filter((part) => trimmed[part] === '');
  if (missing.length === 3) return { message: DATE_OF_BIRTH_MESSAGES.missing, fields: order };
  if (missing.length > 0) {
    return { message: `Date of birth must include a ${missing.join(' and ')}`, fields: missing };
  }
  const notNumbers = order.filter((part) => !/^\d+$/.test(trimmed[part]));
  if (notNumbers.length > 0 || trimmed.year.length !== 4) {
    return {
      message: DATE_OF_BIRTH_MESSAGES.notReal,
      fields: notNumbers.length > 0 ? notNumbers : ['year'],
    };
  }
  const iso = `${trimmed.year}-${trimmed.month.padStart(2, '0')}-${trimmed.day.padStart(2, '0')}`;
  const error = dateOfBirthError(iso, today);
  if (error) return { message: DATE_OF_BIRTH_MESSAGES[error], fields: order };
  return { iso };
}

/** The three fields for a stored ISO date (empty when there is none). */
export function dateParts(iso: string | null | undefined): DateParts {
  const match = iso ? ISO_DATE.exec(iso) : null;
  if (!match) return { day: '', month: '', year: '' };
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1] ?? '' };
}
