import { describe, expectTypeOf, it } from 'vitest';
import type {
  CheckoutGaps,
  CheckoutSkeleton,
  PaymentGaps,
} from '../../machines/checkout-shared/checkout-skeleton';
import type { kitCheckoutMachine } from '../../machines/kit-checkout/kit-checkout.machine';
import type { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine';
import type { takeawayCheckoutMachine } from '../../machines/takeaway-checkout/takeaway-checkout.machine';

/**
 * The skeleton check is a compile-time one (the type check runs these): both checkouts have every
 * state, event and output the shared fragments need, and a machine without them is refused with
 * what it lacks.
 */
describe('the checkout skeleton check', () => {
  it('finds nothing missing in the kit and takeaway checkouts', () => {
    expectTypeOf<CheckoutGaps<typeof kitCheckoutMachine>>().toEqualTypeOf<{
      missingStates: never;
      missingEvents: never;
      missingOutput: never;
    }>();
    expectTypeOf<CheckoutGaps<typeof takeawayCheckoutMachine>>().toEqualTypeOf<{
      missingStates: never;
      missingEvents: never;
      missingOutput: never;
    }>();
    expectTypeOf<PaymentGaps<typeof orderPaymentMachine>>().toEqualTypeOf<{
      missingStates: never;
      missingEvents: never;
    }>();
  });

  it('names what a flow that is no checkout lacks, and refuses it', () => {
    // The order payment page pays but has no basket, account steps, URLs or exit.
    expectTypeOf<CheckoutGaps<typeof orderPaymentMachine>>().toEqualTypeOf<{
      missingStates:
        | 'loadingBasket'
        | 'steps'
        | 'steps.continue'
        | 'steps.login'
        | 'steps.signup'
        | 'signingIn'
        | 'signingUp'
        | 'leaving';
      missingEvents: 'url.changed' | 'login.submit' | 'signup.submit';
      missingOutput: 'redirectTo';
    }>();
    // @ts-expect-error: not a checkout, so the skeleton check does not compile.
    expectTypeOf<CheckoutSkeleton<CheckoutGaps<typeof orderPaymentMachine>>>().not.toBeAny();
  });
});
