import type { ComponentProps, ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { accountChildPath, APP_ROUTES, type AccountRoute } from '../../../domain/app-routes';
import { withQueryClient } from '../../app/with-query-client';
import type { Customer } from '../../api/types';
import { useCustomer } from '../../session/session-context';
import NotFoundPage from '../../components/not-found-page';
import { lazyRoute } from '../../app/lazy-route';
import type { AccountDashboard as Dashboard } from './account-dashboard';
import type { MyDetailsPage as MyDetails } from './my-details-page';
import { StoreCreditSection } from './store-credit-section';
import {
  PastaPlanPage,
  PlanSettingsPage,
  ReferralPage,
  RewardsPage,
} from '../../app/account-flow-pages';

// Each account page loads on its own: the first view of /account is this layout and the
// dashboard (both measured by `npm run size`), not every account screen.
const AccountDashboard = lazyRoute<ComponentProps<typeof Dashboard>>(() =>
  import('./account-dashboard').then((module) => ({ default: module.AccountDashboard })),
);
const MyDetailsPage = lazyRoute<ComponentProps<typeof MyDetails>>(() =>
  import('./my-details-page').then((module) => ({ default: module.MyDetailsPage })),
);
const OrderHistoryPage = lazyRoute(() =>
  import('./order-history-page').then((module) => ({ default: module.OrderHistoryPage })),
);
const UpcomingOrdersPage = lazyRoute(() =>
  import('./upcoming-orders-page').then((module) => ({ default: module.UpcomingOrdersPage })),
);

/** Product rule R1.13: every account screen of APP_ROUTES has its element here. */
const accountElements = (customer: Customer) =>
  ({
    accountDashboard: <AccountDashboard customer={customer} />,
    accountDetails: <MyDetailsPage customer={customer} />,
    upcomingOrders: <UpcomingOrdersPage />,
    orderHistory: <OrderHistoryPage />,
    accountOffers: <Navigate to={APP_ROUTES.rewards} replace />,
    rewards: <RewardsPage storeCredit={<StoreCreditSection customer={customer} />} />,
    rewardsReferral: <ReferralPage customer={customer} />,
    pastaPlan: <PastaPlanPage />,
    planSettings: <PlanSettingsPage />,
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
