import { Navigate } from 'react-router-dom';
import { useCustomer } from '../../session/session-context';

/**
 * Product rule R1.7: /my-basket and /my-rk-basket send a signed-in customer to the takeaway menu or
 * the kit menu, and anyone else to the address search.
 */
export function BasketRedirect({ signedInTo }: { signedInTo: '/pasta-now' | '/menu' }) {
  const customer = useCustomer();
  if (customer === undefined)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  return <Navigate to={customer ? signedInTo : '/pasta-now-search-address'} replace />;
}
