import { Link } from 'react-router-dom';
import type { NeedsAction } from '../../../domain/account-dashboard';

function ActionItem({ action }: { action: NeedsAction }) {
  switch (action.kind) {
    case 'payment':
      return (
        <>
          {/* Product rule R9.28: "failed" only where a payment failed. */}
          <p className="dashboard__action-title">
            <strong>
              {action.failed
                ? `Payment failed for order ${action.reference}`
                : `Order ${action.reference} is awaiting payment`}
            </strong>
          </p>
          <p>
            {action.failed
              ? 'Pay with another card and we will prepare your order.'
              : 'Pay for it and we will prepare your order.'}
          </p>
          <Link className="button button--primary" to={action.href}>
            Pay for order {action.reference}
          </Link>
        </>
      );
    case 'chooseDishes':
      return (
        <>
          <p className="dashboard__action-title">
            <strong>Choose your dishes for {action.deliveryDate}</strong>
          </p>
          <p>Choose by {action.cutoff}, or our chef picks for you.</p>
          <Link className="button button--primary" to={action.href}>
            Choose dishes for {action.deliveryDate}
          </Link>
        </>
      );
    case 'verifyEmail':
      return (
        <>
          <p className="dashboard__action-title">
            <strong>Verify your email address</strong>
          </p>
          <p>Open the link we emailed you, or send a new one.</p>
          <a className="button button--secondary" href="#email-heading">
            Verify your email
          </a>
        </>
      );
  }
}

const keyOf = (action: NeedsAction) =>
  action.kind === 'payment'
    ? `payment-${action.orderId}`
    : action.kind === 'chooseDishes'
      ? `week-${action.weekId}`
      : action.kind;

/** Product rule R2.19: what needs the customer, most urgent first. */
export function DashboardNeedsAction({ actions }: { actions: NeedsAction[] }) {
  return (
    <section className="dashboard__section" aria-labelledby="needs-action-heading">
      <h2 id="needs-action-heading">Needs your attention</h2>
      <ul className="dashboard__actions">
        {actions.map((action) => (
          <li
            key={keyOf(action)}
            className={`card dashboard__action${action.kind === 'payment' ? ' dashboard__action--urgent' : ''}`}
          >
            <ActionItem action={action} />
          </li>
        ))}
      </ul>
    </section>
  );
}
