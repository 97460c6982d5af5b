import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ComponentType } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { AnyMachineSnapshot } from 'xstate';
import { ORDER_EDIT_BASE_PATH } from '../../../machines/order-edit/order-edit.machine';
import { useDocumentTitle } from '../../app/use-document-title';
import { flash } from '../../components/flash/flash-store';
import { pathWithin } from '../../flows/flow-path';
import { useFlowBridge } from '../../flows/use-flow-bridge';
import { useCustomer } from '../../session/session-context';
import { liveOrderEditMachine } from './order-edit-actors';
import {
  AddressStep,
  Closed,
  DeliveryInfo,
  LoadFailed,
  Loading,
  NewAddressStep,
  Overview,
  Recipes,
  Review,
  type OrderEditViewProps,
} from './order-edit-views';
import './order-edit.css';

type LeafState =
  | 'loading'
  | 'loadFailed'
  | 'closed'
  | 'editing.overview'
  | 'editing.deliveryInfo'
  | 'editing.recipes'
  | 'editing.address'
  | 'editing.newAddress'
  | 'editing.findingAddress'
  | 'editing.savingAddress'
  | 'changing.previewing'
  | 'changing.reviewing'
  | 'changing.saving';

/** One view per state: a new state fails to compile until it has one. */
const views = {
  loading: Loading,
  loadFailed: LoadFailed,
  closed: Closed,
  'editing.overview': Overview,
  'editing.deliveryInfo': DeliveryInfo,
  'editing.recipes': Recipes,
  'editing.address': AddressStep,
  'editing.newAddress': NewAddressStep,
  'editing.findingAddress': NewAddressStep,
  'editing.savingAddress': NewAddressStep,
  'changing.previewing': Review,
  'changing.reviewing': Review,
  'changing.saving': Review,
} satisfies Record<LeafState, ComponentType<OrderEditViewProps>>;

const leafOf = (snapshot: AnyMachineSnapshot): LeafState => {
  const value = snapshot.value as string | Record<string, string>;
  if (typeof value === 'string') return value as LeafState;
  const [parent, child] = Object.entries(value)[0]!;
  return `${parent}.${child}` as LeafState;
};

/**
 * /order/:orderId/edit and its steps (product rules R9.19 to R9.24). Signed-in only: a signed-out
 * customer goes to /social-login with a returnTo parameter (product rule R2.2).
 */
function OrderEditPage() {
  const customer = useCustomer();
  const location = useLocation();
  const { orderId = '' } = useParams();
  useDocumentTitle('Change your order');
  if (customer === undefined) return <Loading />;
  if (customer === null) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`/social-login?${new URLSearchParams({ returnTo })}`} replace />;
  }
  return <OrderEditFlow key={orderId} orderId={orderId} />;
}

function OrderEditFlow({ orderId }: { orderId: string }) {
  const location = useLocation();
  const base = ORDER_EDIT_BASE_PATH.replace(':orderId', orderId);
  // The URL the page opened at names the step to open once the order loads (product rule R9.26).
  const step = pathWithin(location.pathname, base);
  const actor = useActorRef(liveOrderEditMachine, { input: { orderId, step } });
  const leaf = useSelector(actor, leafOf);
  const noticeId = useSelector(actor, (s) => s.context.noticeId);
  useFlowBridge(actor, () => '', base);

  useEffect(() => {
    const notice = actor.getSnapshot().context.notice;
    if (noticeId > 0 && notice) flash(notice);
  }, [actor, noticeId]);

  const View = views[leaf];
  // A new screen starts at its top; a state within one screen (a postcode looked up) does not.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [View]);

  return (
    <div className="page order-edit-page">
      <View actor={actor} />
    </div>
  );
}

export default OrderEditPage;
