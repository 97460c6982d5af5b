import { fromPromise } from 'xstate';
import { savedAddressesMachine } from '../../../machines/saved-addresses/saved-addresses.machine';
import {
  deleteAddress,
  loadSavedAddresses,
  makeDefaultAddress,
  saveAddress,
} from '../../api/addresses';

/** The saved addresses wired to the real API. */
export const liveSavedAddressesMachine = savedAddressesMachine.provide({
  actors: {
    loadAddresses: fromPromise(() => loadSavedAddresses()),
    saveAddress: fromPromise(({ input }) => saveAddress(input)),
    deleteAddress: fromPromise(({ input }) => deleteAddress(input.addressId)),
    makeDefault: fromPromise(({ input }) => makeDefaultAddress(input.addressId)),
  },
});
