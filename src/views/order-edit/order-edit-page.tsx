import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ComponentType } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AnyMachineSnapshot } from 'xstate';
import type { EditStep } from '../../../machines/order-edit/order-edit.machine';
import { useDocumentTitle } from '../../app/use-document-title';
import { flash } from '../../components/flash/flash-store';
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

const STEPS: readonly EditStep[] = ['', 'delivery-info', 'recipes', 'change-delivery-address'];

const leafOf = (snapshot: AnyMachineSnapshot): LeafState => {
  const value = snapshot.value as string | Record<string, string>;
  if (typeof value === 'string') return value as LeafState;
  const [parent, child] = Object.entries(value)[0]!;
  return `${parent}.${child}` as LeafState;
};

/** The step of the machine's state (its `meta.step`), undefined in states without one. */
const stepOf = (snapshot: AnyMachineSnapshot): EditStep | undefined => {
  const metas = Object.values(snapshot.getMeta()) as ({ step?: EditStep } | undefined)[];
  return metas.reduce<EditStep | undefined>((step, meta) => meta?.step ?? step, undefined);
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

/** The step a URL under the edit page names ('' for the overview or a URL that names none). */
const stepOfUrl = (pathname: string, base: string): EditStep => {
  const step = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
  return STEPS.find((known) => known === step) ?? '';
};

function OrderEditFlow({ orderId }: { orderId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const base = `/order/${orderId}/edit`;
  const urlStep = stepOfUrl(location.pathname, base);
  // The URL the page opened at names the step to open once the order loads (product rule R9.26).
  const actor = useActorRef(liveOrderEditMachine, { input: { orderId, step: urlStep } });
  const leaf = useSelector(actor, leafOf);
  const step = useSelector(actor, stepOf);
  const noticeId = useSelector(actor, (s) => s.context.noticeId);
  const seenKey = useRef<string | null>(null);
  const settled = useRef(false);

  // The URL reached by a link or Back becomes `step.open`; the machine's step decides the URL: it
  // replaces the entry where the machine redirected (the URL the page opened at, or one it refused)
  // and pushes a step the machine took, so Back returns to the step before (product rule R9.26).
  useEffect(() => {
    const moved = seenKey.current !== location.key;
    seenKey.current = location.key;
    const current = stepOf(actor.getSnapshot());
    if (current === undefined) return;
    if (moved && current !== urlStep) actor.send({ type: 'step.open', step: urlStep });
    const next = stepOf(actor.getSnapshot()) ?? current;
    const first = !settled.current;
    settled.current = true;
    const urlNamesStep = location.pathname === (urlStep ? `${base}/${urlStep}` : base);
    if (next === urlStep && urlNamesStep) return;
    navigate(next ? `${base}/${next}` : base, { replace: first || moved || !urlNamesStep });
  }, [location.key, location.pathname, step, actor, navigate, base, urlStep]);

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
