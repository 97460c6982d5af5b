import { TAKEAWAY_CHECKOUT_PATHS } from '../../../machines/takeaway-checkout/takeaway-checkout.machine';
import { ContinueChoice } from '../checkout-shared/continue-choice';

/** A signed-out customer chooses to sign in or create an account: takeaway orders need one. */
export function TakeawayContinueStep() {
  return (
    <ContinueChoice
      loginPath={TAKEAWAY_CHECKOUT_PATHS.login}
      signupPath={TAKEAWAY_CHECKOUT_PATHS.signup}
    >
      Sign in, or create an account, to place your order. We use it to tell you when your pasta is
      on its way and to keep your receipt.
    </ContinueChoice>
  );
}
