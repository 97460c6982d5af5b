import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Actor, AnyStateMachine } from 'xstate';
import { flowPath } from './flow-path';

/**
 * Keeps the router and a flow machine in step (docs/architecture.md):
 * - the machine's step decides the URL; the bridge navigates when they differ (replacing the
 *   entry the first time, when the machine redirected a deep link);
 * - a URL reached by a link, typing or Back becomes `url.changed`; where the machine refuses
 *   it, the bridge puts the step's URL back in place of the refused one.
 * Work states without a path (signing in, saving) leave the URL alone.
 */
export function useFlowBridge(
  actor: Actor<AnyStateMachine>,
  keepSearch: (search: URLSearchParams) => string = () => '',
) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = useSelector(actor, flowPath);
  const settled = useRef(false);

  // URL -> machine
  useEffect(() => {
    const current = flowPath(actor.getSnapshot());
    if (!current || current === location.pathname) return;
    actor.send({ type: 'url.changed', path: location.pathname });
    const next = flowPath(actor.getSnapshot());
    if (next && next !== location.pathname)
      navigate(
        { pathname: next, search: keepSearch(new URLSearchParams(location.search)) },
        { replace: true },
      );
    // keepSearch is a pure mapping; re-running on its identity would add nothing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, actor, navigate]);

  // machine -> URL
  useEffect(() => {
    if (!path) return;
    const search = keepSearch(new URLSearchParams(location.search));
    if (
      path !== location.pathname ||
      (!settled.current && `?${search}` !== location.search && location.search !== '')
    ) {
      navigate({ pathname: path, search }, { replace: !settled.current });
    }
    settled.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
}
