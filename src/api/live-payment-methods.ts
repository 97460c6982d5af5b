import { fromPromise } from 'xstate';
import { paymentMethodsMachine } from '../../machines/payment-methods/payment-methods.machine';
import {
  changePlanPaymentMethod,
  deletePaymentMethod,
  loadPaymentMethods,
  makeDefaultPaymentMethod,
  saveCard,
} from './payment-methods';

/** The payment methods wired to the real API. */
export const livePaymentMethodsMachine = paymentMethodsMachine.provide({
  actors: {
    loadMethods: fromPromise(() => loadPaymentMethods()),
    deleteMethod: fromPromise(({ input }) => deletePaymentMethod(input.methodId)),
    makeDefault: fromPromise(({ input }) => makeDefaultPaymentMethod(input.methodId)),
    saveCard: fromPromise(({ input }) => saveCard(input)),
    changePlanMethod: fromPromise(({ input }) =>
      changePlanPaymentMethod(input.planId, input.methodId),
    ),
  },
});
