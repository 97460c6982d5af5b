import { fromPromise } from 'xstate';
import { orderEditMachine } from '../../../machines/order-edit/order-edit.machine';
import {
  addOrderAddress,
  editFailureOf,
  loadOrderEdit,
  previewOrderChange,
  saveOrderChange,
} from '../../api/order-edit';
import { listPostcodeAddresses } from '../../api/postcode-lookup';

/** The order edit flow wired to the real API. */
export const liveOrderEditMachine = orderEditMachine.provide({
  actors: {
    loadOrder: fromPromise(({ input }) =>
      loadOrderEdit(input.orderId).catch((error: unknown) => {
        throw editFailureOf(error);
      }),
    ),
    previewChange: fromPromise(({ input }) => previewOrderChange(input.orderId, input.change)),
    saveChange: fromPromise(({ input }) =>
      saveOrderChange(input.orderId, input.change, input.expectedTotal),
    ),
    lookupPostcode: fromPromise(({ input }) => listPostcodeAddresses(input.postcode)),
    saveNewAddress: fromPromise(({ input }) => addOrderAddress(input.draft)),
  },
});
