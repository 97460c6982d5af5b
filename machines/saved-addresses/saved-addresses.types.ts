import type { FormError } from '../../domain/account-forms';
import type { AddressDraft, PlanAddresses, SavedAddressEntry } from '../../domain/saved-addresses';

export type { AddressDraft, PlanAddresses, SavedAddressEntry } from '../../domain/saved-addresses';

/** What every call answers: the addresses and plans read again, so the screen shows the server's. */
export interface AddressesData {
  addresses: SavedAddressEntry[];
  plans: PlanAddresses[];
}

/** A rejected call as the machine reads it: the status, the server's words and the field they name. */
export interface AddressesFailure {
  status: number;
  message: string | null;
  /** The form field the server's 400 points at (`zip`, `phone`...), when it names one. */
  field: string | null;
}

export interface SaveAddressInput {
  /** null: a new address. */
  addressId: string | null;
  draft: AddressDraft;
}

export type { FormError };
