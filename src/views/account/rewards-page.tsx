import type { Customer } from '../../api/types';
import { useDocumentTitle } from '../../app/use-document-title';
import { StoreCreditSection } from './store-credit-section';

/** /account/rewards (alias /account/offers): the customer's store credit, its history and vouchers. */
export function RewardsPage({ customer }: { customer: Customer }) {
  useDocumentTitle('Rewards');
  return (
    <div className="page">
      <h1>Rewards</h1>
      <p>Store credit from gifts, vouchers and refunds is used first on your next order.</p>
      <StoreCreditSection customer={customer} />
    </div>
  );
}
