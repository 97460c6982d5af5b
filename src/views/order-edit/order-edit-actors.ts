import { fromPromise } from 'xstate';
import { orderEditMachine } from '../../../machines/order-edit/order-edit.machine';
import {
  editFailureOf,
  loadOrderEdit,
  previewOrderChange,
  saveOrderChange,
} from '../../api/order-edit';

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
  },
});
