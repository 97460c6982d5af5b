import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Actor, AnyStateMachine } from 'xstate';
import { settingsInPage } from '../api/settings-in-page';
import { flowPath, pathWithin } from './flow-path';

/**
 * Keeps the router and a flow machine in step (docs/architecture.md). The machine decides; the
 * URL follows:
 * - a URL reached by a link, typing or Back (a new history entry) becomes `url.changed`
 *   {path, search}; the machine takes it where a guard allows;
 * - then, when the step's `meta.path` differs from the URL, the bridge navigates: it replaces
 *   the entry when the machine redirected (the first URL, or a URL it refused or moved away
 *   from) and pushes when the machine stepped forward, so Back returns to the step before;
 * - the first URL also loses the query parameters `keepSearch` does not keep (one-time tokens).
 * A flow whose URLs carry an id (/order/{id}/edit) passes that `base`: its steps' relative
 * `meta.path` ('recipes', '' for the base) lie under it, and `url.changed` names the path within it.
 * Work states without a path (signing in, saving) leave the URL alone; a URL reached meanwhile
 * is not offered to the machine, whose next step decides.
 * With the statechart viewer on (development and demo, product rule R15.3) the flow also tells
 * the viewer in other tabs where it is; that code loads only then (flow-broadcast.ts).
 */
export function useFlowBridge(
  actor: Actor<AnyStateMachine>,
  keepSearch: (search: URLSearchParams) => string = () => '',
  base?: string,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = useSelector(actor, (snapshot) => flowPath(snapshot, base));
  const seenKey = useRef<string | null>(null);
  const settled = useRef(false);
  // React may run an effect twice for one render (StrictMode): navigate once per entry.
  const navigated = useRef<{ from: string; to: string } | null>(null);

  useEffect(() => {
    const urlMoved = seenKey.current !== location.key;
    seenKey.current = location.key;
    if (urlMoved) navigated.current = null;
    let step = flowPath(actor.getSnapshot(), base);
    if (!step) return;

    if (urlMoved && step !== location.pathname) {
      const within = pathWithin(location.pathname, base);
      actor.send({ type: 'url.changed', path: within, search: location.search });
      step = flowPath(actor.getSnapshot(), base);
      if (!step) return;
    }

    const first = !settled.current;
    settled.current = true;
    const search = keepSearch(new URLSearchParams(location.search));
    const searchDropped = location.search !== (search ? `?${search}` : '');
    if (step === location.pathname && !(first && searchDropped)) return;
    if (navigated.current?.from === location.key && navigated.current.to === step) return;
    navigated.current = { from: location.key, to: step };
    navigate({ pathname: step, search }, { replace: first || urlMoved });
    // keepSearch is a pure mapping; re-running on its identity would add nothing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, path, actor, navigate, base]);

  useEffect(() => {
    if (import.meta.env.DEV || settingsInPage()?.flows_viewer)
      void import('./flow-broadcast').then((module) => module.broadcastFlow(actor));
  }, [actor]);
}
