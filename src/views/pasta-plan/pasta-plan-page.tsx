import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ComponentType } from 'react';
import type { StateValueFrom } from 'xstate';
import { useDocumentTitle } from '../../app/use-document-title';
import { flash } from '../../components/flash/flash-store';
import { CancelledPlanView, CancelPlanView } from './cancel-plan-views';
import { livePastaPlanMachine } from './pasta-plan-actors';
import { LoadFailed, NoPlan, PlanView, type PastaPlanViewProps } from './pasta-plan-views';
import './pasta-plan.css';

type PageState = StateValueFrom<typeof livePastaPlanMachine>;

function Loading() {
  return (
    <p className="page-loading" role="status">
      Loading your pasta plan…
    </p>
  );
}

/** One view per state: a new state fails to compile until it has one. */
const views = {
  loading: Loading,
  loadFailed: LoadFailed,
  noPlan: NoPlan,
  viewing: PlanView,
  skipping: PlanView,
  unskipping: PlanView,
  pauseChoosing: PlanView,
  pauseConfirming: PlanView,
  pausing: PlanView,
  resuming: PlanView,
  cancelReason: CancelPlanView,
  cancelOffers: CancelPlanView,
  skippingInstead: CancelPlanView,
  pausingInstead: CancelPlanView,
  cancelConfirming: CancelPlanView,
  cancelling: CancelPlanView,
  cancelled: CancelledPlanView,
} satisfies Record<PageState, ComponentType<PastaPlanViewProps>>;

/**
 * /account/pasta-plan: the customer's plans and the chosen one's coming weeks, to skip, pause
 * and resume (product rules R10.4-R10.12). The account layout has already required a session.
 */
export function PastaPlanPage() {
  useDocumentTitle('Pasta plan');
  const actor = useActorRef(livePastaPlanMachine);
  const state = useSelector(actor, (s) => s.value as PageState);
  const noticeId = useSelector(actor, (s) => s.context.noticeId);
  // A done action's confirmation as a toast (product rule R1.5), once per action.
  useEffect(() => {
    const notice = actor.getSnapshot().context.notice;
    if (noticeId > 0 && notice) flash(notice);
  }, [actor, noticeId]);
  const View = views[state];
  return (
    <div className="page pasta-plan">
      <h1>Pasta plan</h1>
      <View actor={actor} />
    </div>
  );
}
