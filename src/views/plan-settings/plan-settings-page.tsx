import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StateValueFrom } from 'xstate';
import { useDocumentTitle } from '../../app/use-document-title';
import { flash } from '../../components/flash/flash-store';
import { livePlanSettingsMachine } from './plan-settings-actors';
import {
  LoadFailed,
  Loading,
  NoPlan,
  SettingsView,
  type PlanSettingsViewProps,
} from './plan-settings-views';
import './plan-settings.css';

type PageState = StateValueFrom<ReturnType<typeof livePlanSettingsMachine>>;

/** One view per state: a new state fails to compile until it has one. */
const views = {
  loading: Loading,
  loadFailed: LoadFailed,
  noPlan: NoPlan,
  ready: SettingsView,
  previewing: SettingsView,
  confirmingPrice: SettingsView,
  previewingSchedule: SettingsView,
  confirmingSchedule: SettingsView,
  saving: SettingsView,
} satisfies Record<PageState, ComponentType<PlanSettingsViewProps>>;

function PlanSettingsScreen({ planId }: { planId: string | null }) {
  const machine = useMemo(() => livePlanSettingsMachine(planId), [planId]);
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s.value as PageState);
  const noticeId = useSelector(actor, (s) => s.context.noticeId);
  // A done save's confirmation as a toast (product rule R1.5), once per save.
  useEffect(() => {
    const notice = actor.getSnapshot().context.notice;
    if (noticeId > 0 && notice) flash(notice);
  }, [actor, noticeId]);
  const View = views[state];
  return <View actor={actor} />;
}

/**
 * /account/pasta-plan/settings[?plan=<id>]: the chosen plan's settings (product rules
 * R10.19-R10.23). The account layout has already required a session.
 */
export function PlanSettingsPage() {
  useDocumentTitle('Plan settings');
  const [params] = useSearchParams();
  const planId = params.get('plan');
  return (
    <div className="page pasta-plan plan-settings">
      <h1>Plan settings</h1>
      <PlanSettingsScreen key={planId ?? ''} planId={planId} />
    </div>
  );
}
