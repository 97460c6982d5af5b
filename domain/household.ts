import { normalisePostcode } from './postcode';

/** Street words as people abbreviate them, so "12 Devonshire Rd" is "12 Devonshire Road". */
const STREET_WORDS: Record<string, string> = {
  rd: 'road',
  st: 'street',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  dr: 'drive',
  ct: 'court',
  pl: 'place',
  sq: 'square',
  cres: 'crescent',
  gdns: 'gardens',
  gdn: 'garden',
  tce: 'terrace',
  terr: 'terrace',
  cl: 'close',
  gr: 'grove',
  pk: 'park',
  hse: 'house',
  apt: 'flat',
  apartment: 'flat',
};

/**
 * The household an address delivers to, for offers given once per household: the postcode and
 * the first line, each written one way whatever the customer typed (case, spaces, punctuation,
 * accents, "Rd" for "Road", "12 A" for "12a"), so retyping an address does not make a new one.
 */
export function householdKey(address: { zip: string; address1: string }): string {
  const words = address.address1
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word);
  // A house number's letter goes with its number: "12 a" and "12a" are one door.
  const line = words.join(' ').replace(/\b(\d+) ([a-z])\b(?= |$)/g, '$1$2');
  return `${normalisePostcode(address.zip)}|${line}`;
}
