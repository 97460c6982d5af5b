import type { SnapshotFrom } from 'xstate';
import { EMPTY_DRAFT, SAVED_ADDRESS_MESSAGES } from '../../../domain/saved-addresses';
import {
  savedAddressesMachine,
  type AddressesData,
  type SavedAddressEntry,
  type SavedAddressesEvent,
} from '../../../machines/saved-addresses/saved-addresses.machine';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof savedAddressesMachine>;

export const entry = (id: string, address1: string, isDefault: boolean): SavedAddressEntry => ({
  id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+447812345678',
  address1,
  address2: null,
  city: 'London',
  zip: 'W4 2HD',
  isDefault,
});
export const home = entry('1', '12 Chiswick High Road', true);
export const work = entry('2', '9 Bath Road', false);
/** No street yet: never listed (product rules R3.1 and R3.3). */
export const placeholder = entry('3', 'ignore_me', false);
export const plan = {
  id: '7',
  state: 'active' as const,
  shippingAddressId: '1',
  billingAddressId: '1',
};
export const twoAddresses: AddressesData = { addresses: [work, home, placeholder], plans: [plan] };
export const oneAddress: AddressesData = { addresses: [home], plans: [plan] };
export const swapped: AddressesData = {
  addresses: [
    { ...home, isDefault: false },
    { ...work, isDefault: true },
  ],
  plans: [plan],
};
export const good = {
  ...EMPTY_DRAFT,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07812 345678',
  address1: '3 Devonshire Road',
  city: 'London',
  zip: 'w4 2hd',
};
export const badPhone = { ...good, phone: '+33 6 12 34 56 78' };
export const serverRefusal = {
  status: 400,
  message: 'Enter a real postcode, like W4 2HD',
  field: 'zip',
};
export const offline = { status: 0, message: null, field: null };

export const modelEvents = [
  { type: 'xstate.done.actor.loadAddresses', output: twoAddresses },
  { type: 'xstate.error.actor.loadAddresses', error: offline },
  { type: 'addresses.retry' },
  { type: 'address.add' },
  { type: 'address.edit', addressId: '2' },
  { type: 'form.submit', draft: good },
  { type: 'form.submit', draft: badPhone },
  { type: 'form.cancel' },
  { type: 'xstate.done.actor.saveAddress', output: twoAddresses },
  { type: 'xstate.error.actor.saveAddress', error: serverRefusal },
  { type: 'xstate.error.actor.saveAddress', error: offline },
  { type: 'address.delete', addressId: '2' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'xstate.done.actor.deleteAddress', output: oneAddress },
  {
    type: 'xstate.error.actor.deleteAddress',
    error: { status: 409, message: SAVED_ADDRESS_MESSAGES.onlyOneInUse, field: null },
  },
  { type: 'address.makeDefault', addressId: '2' },
  { type: 'xstate.done.actor.makeDefault', output: swapped },
  { type: 'xstate.error.actor.makeDefault', error: offline },
] as unknown as SavedAddressesEvent[];
export const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.addresses.map((a) => [a.id, a.isDefault]),
    s.context.targetId,
    s.context.fieldErrors.length > 0,
    s.context.error !== null,
  ]);

export const pathModel = {
  machine: savedAddressesMachine,
  entries: [{ name: 'the addresses page', input: undefined }],
  events: modelEvents,
  serializeState: serialize,
} satisfies PathModel<Snapshot, SavedAddressesEvent, undefined>;
