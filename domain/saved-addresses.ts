import type { FormError } from './account-forms';
import { listableAddresses } from './address';
import { deliveryDetailsErrors } from './checkout';

/** A saved address as my details lists it (GET addresses). */
export interface SavedAddressEntry {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  isDefault: boolean;
}

/** The add/edit form's fields, as typed. */
export interface AddressDraft {
  firstName: string;
  lastName: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
}

/** A plan as far as its addresses go (product rule R3.14). */
export interface PlanAddresses {
  id: string;
  state: 'created' | 'active' | 'paused' | 'failed' | 'cancelled';
  shippingAddressId: string | null;
  billingAddressId: string | null;
}

export const SAVED_ADDRESS_MESSAGES = {
  /** The spec's words when the list cannot be read. */
  loadFailed: "Couldn't load addresses list",
  added: 'Your address has been saved.',
  updated: 'Your address has been updated.',
  deleted: 'Your address has been deleted.',
  madeDefault: 'Your default address has been changed.',
  /** Product rule R3.14, as the server says it (409 address_in_use). */
  onlyOneInUse:
    'You cannot delete your only address while your pasta plan uses it. Add another address first.',
  planMoves: 'Your pasta plan will be delivered to your default address instead.',
  actionFailed: 'Something went wrong',
} as const;

export const EMPTY_DRAFT: AddressDraft = {
  firstName: '',
  lastName: '',
  phone: '',
  address1: '',
  address2: '',
  city: '',
  zip: '',
};

export const draftOf = (address: SavedAddressEntry): AddressDraft => ({
  firstName: address.firstName,
  lastName: address.lastName,
  phone: address.phone ?? '',
  address1: address.address1,
  address2: address.address2 ?? '',
  city: address.city,
  zip: address.zip,
});

/**
 * Product rules R3.3 and R3.15: the list leaves out addresses without a street (the `ignore_me`
 * placeholder is none, R3.1), a phone, a city or a zip, and shows the default first.
 */
export function listedAddresses<T extends SavedAddressEntry>(addresses: T[]): T[] {
  return listableAddresses(addresses)
    .filter((a) => a.address1.trim() !== 'ignore_me')
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** The form's problems, each saying how to fix it (the UK phone and postcode rules, R3.4 and R3.5). */
export const addressDraftErrors = (draft: AddressDraft): FormError[] =>
  deliveryDetailsErrors(draft);

/** The address on one line, for labels and the delete confirmation. */
export const addressLine = (a: Pick<SavedAddressEntry, 'address1' | 'address2' | 'city' | 'zip'>) =>
  [a.address1, a.address2, a.city, a.zip].filter((part) => part && part.trim()).join(', ');

const plansOn = (addressId: string, plans: PlanAddresses[]) =>
  plans.filter(
    (p) =>
      p.state !== 'cancelled' &&
      (p.shippingAddressId === addressId || p.billingAddressId === addressId),
  );

/**
 * Product rule R3.14: why an address cannot be deleted now, or null. The only address a plan that
 * is not cancelled ships or bills to stays.
 */
export function deletionRefusal(
  addressId: string,
  addresses: SavedAddressEntry[],
  plans: PlanAddresses[],
): string | null {
  const others = addresses.filter((a) => a.id !== addressId);
  return others.length === 0 && plansOn(addressId, plans).length > 0
    ? SAVED_ADDRESS_MESSAGES.onlyOneInUse
    : null;
}

/** What deleting it does to a plan: it moves to the default address (R3.14), or nothing. */
export const deletionNote = (addressId: string, plans: PlanAddresses[]): string | null =>
  plansOn(addressId, plans).length > 0 ? SAVED_ADDRESS_MESSAGES.planMoves : null;
