import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { withQueryClient } from '../../app/with-query-client';
import { useCustomer } from '../../session/session-context';
import NotFoundPage from '../../components/not-found-page';
import { AccountDashboard } from './account-dashboard';
import { MyDetailsPage } from './my-details-page';
import { UpcomingOrdersPage } from './upcoming-orders-page';

/**
 * /account and its children. Product rule R2.2: account pages send a signed-out customer to
 * /social-login with a returnTo parameter. Orders, pasta plan and rewards come with their issues.
 */
function AccountLayout() {
  const customer = useCustomer();
  const location = useLocation();
  if (customer === undefined)
    return (
      <p className="page-loading" role="status">
        Loading your account…
      </p>
    );
  if (customer === null) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`/social-login?${new URLSearchParams({ returnTo })}`} replace />;
  }
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<AccountDashboard customer={customer} />} />
      <Route path="my-details" element={<MyDetailsPage customer={customer} />} />
      <Route path="upcoming-orders" element={<UpcomingOrdersPage />} />
      <Route path="offers" element={<Navigate to="../rewards" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default withQueryClient(AccountLayout);
