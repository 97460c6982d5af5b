import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DASHBOARD_QUERY_KEY, dashboardFromPage, loadDashboard } from '../../api/account-dashboard';
import type { Customer } from '../../api/types';
import { useDocumentTitle } from '../../app/use-document-title';
import { ACCOUNT_MENU } from '../../app/layout/menu-items';
import { APP_ROUTES } from '../../../domain/app-routes';
import { needsAction } from '../../../domain/account-dashboard';
import { EmailVerificationSection } from './email-verification-section';
import { StoreCreditSection } from './store-credit-section';
import { DashboardNeedsAction } from './dashboard-needs-action';
import { DashboardPlanSummary } from './dashboard-plan-summary';
import './dashboard.css';

/**
 * /account/dashboard (product rules R2.18 and R2.19): what needs the customer first, then their
 * pasta plan and its next box (or an invitation to the recipe kits), then the account's pages.
 */
export function AccountDashboard({ customer }: { customer: Customer }) {
  useDocumentTitle('Your account');
  // Drawn on the server with its reads (R14.12): the first render starts from the page's.
  const dashboard = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: () => loadDashboard(),
    ...dashboardFromPage(customer.id),
  });
  const now = new Date();
  const actions = dashboard.data
    ? needsAction({ ...dashboard.data, emailVerified: customer.emailVerified, now })
    : [];
  return (
    <div className="page dashboard">
      <h1>Ciao {customer.firstName}</h1>
      {dashboard.isPending && <p role="status">Loading your account…</p>}
      {dashboard.isError && (
        <p className="notice notice--error" role="alert">
          We were unable to process your request
        </p>
      )}
      {/* The page is drawn whole once its data has come: what needs the customer goes above the
          links, so drawing it later would move them (product rule R14.12). */}
      {!dashboard.isPending && (
        <>
          {actions.length > 0 && <DashboardNeedsAction actions={actions} />}
          {dashboard.data && <DashboardPlanSummary data={dashboard.data} now={now} />}
          <section aria-labelledby="account-links-heading">
            <h2 id="account-links-heading">Your account</h2>
            <ul className="card-list">
              {ACCOUNT_MENU.filter((item) => item.to !== APP_ROUTES.accountDashboard).map(
                (item) => (
                  <li key={item.label} className="card">
                    <Link to={item.to}>{item.label}</Link>
                  </li>
                ),
              )}
            </ul>
          </section>
          <EmailVerificationSection customer={customer} />
          <StoreCreditSection customer={customer} />
        </>
      )}
    </div>
  );
}
