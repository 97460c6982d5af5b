import type { MetadataJson } from 'libphonenumber-js/core';

/** The countries that dial +44: GB, and the Crown Dependencies told apart from it. */
export const UK_DIALLING_COUNTRIES = ['GB', 'GG', 'IM', 'JE'] as const;

/**
 * The part of libphonenumber's metadata the UK phone rule needs (+44 only), cut from the full
 * metadata so the browser does not load every country's (about 25 KiB gzipped). Any other
 * calling code is unknown to it, so such a number is never a GB number: the rule's answer.
 */
export function ukDiallingMetadata(full: MetadataJson): MetadataJson {
  const countries = Object.fromEntries(
    UK_DIALLING_COUNTRIES.map((code) => [code, full.countries[code]]),
  ) as MetadataJson['countries'];
  return {
    ...full,
    country_calling_codes: { '44': [...UK_DIALLING_COUNTRIES] },
    countries,
    nonGeographic: {},
  } as MetadataJson;
}
