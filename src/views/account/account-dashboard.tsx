import { Link } from 'react-router-dom';
import type { Customer } from '../../api/types';
import { useDocumentTitle } from '../../app/use-document-title';
import { ACCOUNT_MENU } from '../../app/layout/menu-items';
import { APP_ROUTES } from '../../../domain/app-routes';
import { EmailVerificationSection } from './email-verification-section';
import { StoreCreditSection } from './store-credit-section';

export function AccountDashboard({ customer }: { customer: Customer }) {
  useDocumentTitle('Your account');
  return (
    <div className="page">
      <h1>Ciao {customer.firstName}</h1>
      <h2>Your account</h2>
      <ul className="card-list">
        {ACCOUNT_MENU.filter((item) => item.to !== APP_ROUTES.accountDashboard).map((item) => (
          <li key={item.label} className="card">
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ul>
      <EmailVerificationSection customer={customer} />
      <StoreCreditSection customer={customer} />
    </div>
  );
}
