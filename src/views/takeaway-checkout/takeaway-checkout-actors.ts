import { fromPromise } from 'xstate';
import { checkoutCall } from '../checkout-shared/checkout-call';
import { takeawayCheckoutMachine } from '../../../machines/takeaway-checkout/takeaway-checkout.machine';
import { signInWithPassword, signUpCustomer } from '../../api/accounts';
import { paymentOptions, saveChosenCard } from '../../api/payments';
import {
  confirmTakeawayPayment,
  currentTakeawayBasket,
  payTakeawayOrder,
  placeTakeawayOrder,
  saveTakeawayAddress,
  saveTakeawayInstructions,
  saveTakeawayWallet,
  setupTakeawayWallet,
} from '../../api/takeaway-checkout';

/** The takeaway checkout wired to the real API; `openActionUrl` leaves for the bank or wallet page. */
export const liveTakeawayCheckoutMachine = takeawayCheckoutMachine.provide({
  actors: {
    loadBasket: fromPromise(() => checkoutCall(() => currentTakeawayBasket())),
    // The whole customer, so the session can keep it (the machine reads the names).
    signIn: fromPromise(({ input }) => checkoutCall(() => signInWithPassword(input))),
    signUp: fromPromise(({ input }) => checkoutCall(() => signUpCustomer(input))),
    saveAddress: fromPromise(({ input }) =>
      checkoutCall(() => saveTakeawayAddress(input.basketId, input.address)),
    ),
    saveInstructions: fromPromise(({ input }) =>
      checkoutCall(() => saveTakeawayInstructions(input)),
    ),
    loadPaymentMethods: fromPromise(() => checkoutCall(() => paymentOptions())),
    saveCard: fromPromise(({ input }) => checkoutCall(() => saveChosenCard(input))),
    placeOrder: fromPromise(({ input }) => checkoutCall(() => placeTakeawayOrder(input.basketId))),
    pay: fromPromise(({ input }) => checkoutCall(() => payTakeawayOrder(input))),
    setupWallet: fromPromise(({ input }) => checkoutCall(() => setupTakeawayWallet(input))),
    confirmPayment: fromPromise(({ input }) =>
      checkoutCall(() => confirmTakeawayPayment(input.paymentId)),
    ),
    saveWallet: fromPromise(({ input }) => checkoutCall(() => saveTakeawayWallet(input))),
  },
  actions: {
    openActionUrl: (_, url: string) => window.location.assign(url),
  },
});
