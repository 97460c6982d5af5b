import type { FormError } from './account-forms';
import { hasRealStreet, isAddressReady } from './address';
import { isValidUkPhone, UK_PHONE_HINT } from './phone';
import { parseUkPostcode } from './postcode';

export interface CheckoutContact {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  address1?: string | null;
  city?: string | null;
  zip?: string | null;
}

const filled = (value: string | null | undefined) => !!value && value.trim() !== '';

/** Product rule R5.4: the shipping screen is skipped only with first name, last name and a real address1. */
export function canSkipShippingScreen(address: CheckoutContact | null | undefined): boolean {
  return (
    !!address &&
    filled(address.firstName) &&
    filled(address.lastName) &&
    hasRealStreet(address.address1)
  );
}

/**
 * Product rule R5.2: checkout entry goes to the address step when no delivery address or names are
 * known. A delivery also needs a ready address (product rule R3.2) and a phone for the rider.
 */
export function hasDeliveryDetails(address: CheckoutContact | null | undefined): boolean {
  return canSkipShippingScreen(address) && isAddressReady(address) && filled(address?.phone);
}

/**
 * The basket's address with the account's names and phone where the address has none: names
 * known from the account count as known (the entry guard, product rule R5.2).
 */
export function withAccountContact<T extends CheckoutContact>(
  address: T | null | undefined,
  account: Pick<CheckoutContact, 'firstName' | 'lastName' | 'phone'> | null | undefined,
): T | null {
  if (!address) return null;
  const pick = (own: string | null | undefined, fallback: string | null | undefined) =>
    filled(own) ? own : (fallback ?? own);
  return {
    ...address,
    firstName: pick(address.firstName, account?.firstName),
    lastName: pick(address.lastName, account?.lastName),
    phone: pick(address.phone, account?.phone),
  };
}

/** The delivery-details form, each message saying how to fix it (GOV.UK style). */
export function deliveryDetailsErrors(form: CheckoutContact): FormError[] {
  const errors: FormError[] = [];
  if (!filled(form.firstName))
    errors.push({ field: 'firstName', message: 'Enter your first name' });
  if (!filled(form.lastName)) errors.push({ field: 'lastName', message: 'Enter your last name' });
  if (!filled(form.phone)) errors.push({ field: 'phone', message: 'Enter a phone number' });
  else if (!isValidUkPhone(form.phone ?? ''))
    errors.push({ field: 'phone', message: UK_PHONE_HINT });
  if (!hasRealStreet(form.address1))
    errors.push({ field: 'address1', message: 'Enter the first line of your address' });
  if (!filled(form.city)) errors.push({ field: 'city', message: 'Enter your town or city' });
  if (!filled(form.zip)) errors.push({ field: 'zip', message: 'Enter a postcode' });
  else if (!parseUkPostcode(form.zip ?? ''))
    errors.push({ field: 'zip', message: 'Enter a real postcode, like W4 2HD' });
  return errors;
}

/** 'MM/YY', 'MM / YY', 'MMYY' or 'MM/YYYY' as month and four-digit year; undefined otherwise. */
export function parseCardExpiry(expiry: string): { month: number; year: number } | undefined {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * What the card form can tell before asking the gateway; the gateway answers the rest (a number
 * that fails its check, an expiry in the past) in its own words.
 */
export function cardFormErrors(card: CardForm): FormError[] {
  const errors: FormError[] = [];
  const digits = card.number.replace(/[\s-]/g, '');
  if (!digits) errors.push({ field: 'cardNumber', message: 'Enter your card number' });
  else if (!/^\d{12,19}$/.test(digits))
    errors.push({
      field: 'cardNumber',
      message: 'Enter a card number of 12 to 19 digits, like 4242 4242 4242 4242',
    });
  if (!card.expiry.trim()) errors.push({ field: 'cardExpiry', message: 'Enter the expiry date' });
  else if (!parseCardExpiry(card.expiry))
    errors.push({ field: 'cardExpiry', message: 'Enter the expiry date as MM/YY, like 04/29' });
  if (!card.cvc.trim()) errors.push({ field: 'cardCvc', message: 'Enter the security code' });
  else if (!/^\d{3,4}$/.test(card.cvc.trim()))
    errors.push({ field: 'cardCvc', message: 'Enter the 3 or 4 digit security code' });
  return errors;
}

interface ListedAddress {
  id: string;
  isDefault: boolean;
}

/**
 * Product rule R8.3: the billing address defaults to the default address and is cleared when it is
 * no longer in the list (and so falls back to the default again).
 */
export function billingAddressFor(
  addresses: readonly ListedAddress[],
  current: string | null,
): string | null {
  if (current && addresses.some((address) => address.id === current)) return current;
  return addresses.find((address) => address.isDefault)?.id ?? null;
}

/** The address a kit is delivered to: the one chosen while it is listed, else the default, else the first. */
export function deliveryAddressFor(
  addresses: readonly ListedAddress[],
  current: string | null,
): string | null {
  if (current && addresses.some((address) => address.id === current)) return current;
  return (addresses.find((address) => address.isDefault) ?? addresses[0])?.id ?? null;
}

/**
 * Product rule R5.2, the checkout guard: first and last name (the address's or the account's) and a
 * ready address (product rule R3.2: address1, city and zip, not the placeholder).
 */
export function hasKnownDeliveryAddress(
  address: CheckoutContact | null | undefined,
  account: Pick<CheckoutContact, 'firstName' | 'lastName'> | null | undefined,
): boolean {
  const withNames = withAccountContact(address, account);
  return canSkipShippingScreen(withNames) && isAddressReady(withNames);
}
