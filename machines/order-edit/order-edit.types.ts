import type { AddressDraft } from '../../domain/saved-addresses';
import type { FormError } from '../../domain/account-forms';
import type { PostcodeAddress } from '../../src/api/types';

export type { AddressDraft, FormError, PostcodeAddress };

/** A recipe-kit order as its edit screens show it. */
export interface EditableOrder {
  id: string;
  reference: string;
  /** takeaway, recipe_kit or one_off. */
  orderType: string;
  state: string;
  deliveryDate: string | null;
  deliveryNote: string | null;
  /** One line: "12 Exmouth Market, London EC1R 4QE"; null without one. */
  addressLine: string | null;
  voucherCode: string | null;
  subtotal: number;
  deliveryPrice: number;
  totalDiscounts: number;
  totalPrice: number;
  chefSelected: boolean;
  lines: EditLine[];
}

export interface EditLine {
  variantId: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  /** Pounds, each. */
  price: number;
}

/** A dish the order's week sells (its menu), to choose from. */
export interface MenuChoice {
  variantId: string;
  title: string;
  variantTitle: string;
  price: number;
  isAddon: boolean;
}

export interface SavedAddress {
  id: string;
  line: string;
}

/** What the edit screens read: the order, its week's menu, the saved addresses, the time. */
export interface EditData {
  order: EditableOrder;
  menu: MenuChoice[];
  addresses: SavedAddress[];
  now: string;
}

/** One change to the order (product rules R9.20 to R9.24). */
export type OrderEditChange =
  | { kind: 'items'; items: { variantId: string; quantity: number }[] }
  | { kind: 'delivery_date'; deliveryDate: string; deliveryNote: string }
  | { kind: 'shipping_address'; addressId: string }
  | { kind: 'chef_selections' }
  | { kind: 'voucher'; code: string }
  | { kind: 'remove_voucher' };

/** What a change costs, before it is made (product rule R9.23); pounds. */
export interface EditPreview {
  subtotal: number;
  deliveryPrice: number;
  totalDiscounts: number;
  totalPrice: number;
  previousTotal: number;
  difference: number;
  cardCharge: number;
  storeCreditSpent: number;
  storeCreditRefund: number;
  voucherCode: string | null;
}

/** A refused or failed call: its status, the server's code and words when it gave some. */
export interface EditFailure {
  status: number;
  code: string | null;
  message: string | null;
}

/** The new address being typed (product rule R9.25): its form, its problems and its lookup. */
export interface NewAddress {
  draft: AddressDraft;
  /** Changes when the machine fills the form (a found address chosen), so the form takes it. */
  draftVersion: number;
  /** Ours (the UK rules, the postcode finder) or the server's 400, each on its field. */
  errors: FormError[];
  /** The postcode last looked up and the addresses found for it (none: district only). */
  lookup: { postcode: string; addresses: PostcodeAddress[] } | null;
}

/** A refused address save: the server's words and the form field its 400 names. */
export interface NewAddressFailure {
  status: number;
  message: string | null;
  field: string | null;
}
