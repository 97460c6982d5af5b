import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ComponentType } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { StateValueFrom } from 'xstate';
import { PAYMENT_SUCCESS_PATH } from '../../../machines/order-payment/order-payment.machine';
import { useCustomer } from '../../session/session-context';
import { liveOrderPaymentMachine } from './order-payment-actors';
import { cardPaymentForm } from '../checkout-shared/card-payment-form-lazy';
import { FailedStep } from '../checkout-shared/failed-step';
import { usePreload } from '../checkout-shared/lazy-part';
import {
  NothingToPay,
  OrderNotFound,
  PayStep,
  Waiting,
  type OrderPaymentViewProps,
} from './order-payment-steps';
import type { PaymentSuccessState } from './payment-success-page';

/** Every state the page rests in; `routing` only routes. */
type PageState = Exclude<StateValueFrom<typeof liveOrderPaymentMachine>, 'routing'>;

/** Leaves for /payment/success with the order paid; the page's history entry is replaced. */
function ToSuccess({ actor }: OrderPaymentViewProps) {
  const navigate = useNavigate();
  const orderId = useSelector(actor, (s) => s.context.orderId);
  const reference = useSelector(actor, (s) => s.context.order?.reference ?? null);
  const amountPaid = useSelector(actor, (s) => s.context.amountPaid);
  useEffect(() => {
    navigate(PAYMENT_SUCCESS_PATH, {
      replace: true,
      state: { orderId, reference, amountPaid } satisfies PaymentSuccessState,
    });
  }, [navigate, orderId, reference, amountPaid]);
  return <Waiting message="Payment received…" />;
}

/** One view per state: a new state fails to compile until it has one. */
const views = {
  loading: () => <Waiting message="Loading your order…" />,
  confirmingPayment: () => <Waiting message="Checking your payment…" />,
  choosing: PayStep,
  // Saving the card, paying and leaving for the bank keep the form on screen, busy.
  savingCard: PayStep,
  paying: PayStep,
  redirecting: PayStep,
  // The order or the returned payment could not be read: the checkouts' failed step.
  failed: ({ actor }) => (
    <FailedStep actor={actor} documentTitle="Pay for your order: something went wrong" />
  ),
  paid: ToSuccess,
  nothingToPay: NothingToPay,
  notFound: OrderNotFound,
} satisfies Record<PageState, ComponentType<OrderPaymentViewProps>>;

/**
 * /payment/:orderId: pay an order left unpaid. Signed-in only: a signed-out customer goes to
 * /social-login with a returnTo parameter (product rule R2.2), and comes back here after sign-in.
 */
export default function OrderPaymentPage() {
  const customer = useCustomer();
  const location = useLocation();
  const { orderId = '' } = useParams();
  if (customer === undefined) return <Waiting message="Loading…" />;
  if (customer === null) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`/social-login?${new URLSearchParams({ returnTo })}`} replace />;
  }
  return <OrderPaymentRunning key={orderId} orderId={orderId} />;
}

function OrderPaymentRunning({ orderId }: { orderId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const actor = useActorRef(liveOrderPaymentMachine, {
    input: {
      orderId,
      returnedPaymentId: new URLSearchParams(location.search).get('payment_id'),
    },
  });
  // The bank's return parameter is read once, at the start: the page's URL drops it.
  useEffect(() => {
    if (location.search) navigate(location.pathname, { replace: true });
    // Only the first URL carries it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const state = useSelector(actor, (s) => s.value as PageState | 'routing');
  // The card form loads beside the order, not after it (product rule R5.11).
  usePreload(cardPaymentForm, state === 'loading');
  if (state === 'routing') return null;
  const View = views[state];
  return <View actor={actor} />;
}
