import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { accountChildPath, APP_ROUTES, type AccountRoute } from '../../../domain/app-routes';
import { withQueryClient } from '../../app/with-query-client';
import type { Customer } from '../../api/types';
import { useCustomer } from '../../session/session-context';
import NotFoundPage from '../../components/not-found-page';
import { AccountDashboard } from './account-dashboard';
import { MyDetailsPage } from './my-details-page';
import { RewardsPage } from './rewards-page';
import { OrderHistoryPage } from './order-history-page';
import { UpcomingOrdersPage } from './upcoming-orders-page';
import { PastaPlanPage } from '../../app/account-flow-pages';

/** Product rule R1.13: every account screen of APP_ROUTES has its element here. */
const accountElements = (customer: Customer) =>
  ({
    accountDashboard: <AccountDashboard customer={customer} />,
    accountDetails: <MyDetailsPage customer={customer} />,
    upcomingOrders: <UpcomingOrdersPage />,
    orderHistory: <OrderHistoryPage />,
    accountOffers: <Navigate to={APP_ROUTES.rewards} replace />,
    rewards: <RewardsPage customer={customer} />,
    pastaPlan: <PastaPlanPage />,
  }) satisfies Record<AccountRoute, ReactElement>;

/**
 * /account and its children. Product rule R2.2: account pages send a signed-out customer to
 * /social-login with a returnTo parameter.
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
    return (
      <Navigate to={`${APP_ROUTES.socialLogin}?${new URLSearchParams({ returnTo })}`} replace />
    );
  }
  const elements = Object.entries(accountElements(customer)) as [AccountRoute, ReactElement][];
  return (
    <Routes>
      <Route index element={<Navigate to={accountChildPath('accountDashboard')} replace />} />
      {elements.map(([route, element]) => (
        <Route key={route} path={accountChildPath(route)} element={element} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default withQueryClient(AccountLayout);
