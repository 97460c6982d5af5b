import { Link } from 'react-router-dom';
import { CHECKOUT_PATHS } from '../../../machines/takeaway-checkout/takeaway-checkout.machine';
import { useDocumentTitle } from '../../app/use-document-title';

/** A signed-out customer chooses to sign in or create an account: takeaway orders need one. */
export function ContinueStep() {
  useDocumentTitle('Checkout: sign in or create an account');
  return (
    <div className="narrow">
      <h1>Almost there</h1>
      <p>
        Sign in, or create an account, to place your order. We use it to tell you when your pasta is
        on its way and to keep your receipt.
      </p>
      <p>
        <Link className="button button--primary" to={CHECKOUT_PATHS.login}>
          Sign in
        </Link>
      </p>
      <p>
        New to Sfoglia? <Link to={CHECKOUT_PATHS.signup}>Create an account</Link>
      </p>
    </div>
  );
}
