import { fromPromise } from 'xstate';
import { checkoutCall } from '../checkout-shared/checkout-call';
import { kitCheckoutMachine } from '../../../machines/kit-checkout/kit-checkout.machine';
import type { CheckoutFailure } from '../../../machines/kit-checkout/kit-checkout.types';
import { signInWithPassword, signUpCustomer } from '../../api/accounts';
import { createAddress, listAddresses } from '../../api/addresses';
import {
  confirmKitPayment,
  currentKitBasket,
  loadDeliveryOptions,
  loadKitPayment,
  placeKitOrder,
  saveKitInstructions,
} from '../../api/kit-checkout';
import { saveChosenCard } from '../../api/payments';
import { listPostcodeAddresses } from '../../api/postcode-lookup';
import { reportError } from '../../analytics/report-error';

/** Kept across the bank's 3-D Secure page, so the confirmation can name the frequency. */
const FREQUENCY_KEY = 'sfoglia.kit-checkout.frequency';

/** The kit checkout wired to the real API. */
export const liveKitCheckoutMachine = kitCheckoutMachine.provide({
  actors: {
    loadBasket: fromPromise(() => checkoutCall(() => currentKitBasket())),
    signIn: fromPromise(({ input }) => checkoutCall(() => signInWithPassword(input))),
    signUp: fromPromise(({ input }) => checkoutCall(() => signUpCustomer(input))),
    loadAddresses: fromPromise(() => checkoutCall(() => listAddresses())),
    // The takeaway's lookup: it fails with the words to show (product rules R8.11, R8.12).
    lookupAddresses: fromPromise(({ input }) => listPostcodeAddresses(input.postcode)),
    saveAddress: fromPromise(({ input }) =>
      checkoutCall(() => createAddress(input, { isDefault: true })),
    ),
    saveBillingAddress: fromPromise(({ input }) => checkoutCall(() => createAddress(input))),
    loadInstructions: fromPromise(({ input }) => checkoutCall(() => loadDeliveryOptions(input))),
    saveInstructions: fromPromise(({ input }) =>
      checkoutCall(() => saveKitInstructions(input.basket, input.instructions)),
    ),
    loadPayment: fromPromise(({ input }) => checkoutCall(() => loadKitPayment(input.basketId))),
    saveCard: fromPromise(({ input }) => checkoutCall(() => saveChosenCard(input))),
    placeOrder: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const outcome = await placeKitOrder(input);
        if (outcome.status === 'requires_action')
          sessionStorage.setItem(FREQUENCY_KEY, String(input.frequency ?? ''));
        return outcome;
      }),
    ),
    confirmPayment: fromPromise(({ input }) =>
      checkoutCall(() =>
        confirmKitPayment(input.paymentId, Number(sessionStorage.getItem(FREQUENCY_KEY)) || null),
      ),
    ),
  },
  actions: {
    openActionUrl: (_, url: string) => window.location.assign(url),
    // Product rule R8.8: a failed kit order is reported to error tracking.
    reportOrderFailure: (_, failure: CheckoutFailure) =>
      reportError('Something went wrong!', { status: failure.status, flow: 'kit-checkout' }),
  },
});
