import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { settingsInPage } from '../../api/settings-in-page';
import NotFoundPage from '../../components/not-found-page';
import FlowRoutes from './flow-routes';

/**
 * /flows and /flows/{machine} (product rule R15.1): on where the server's settings say so
 * (development and demo), else the not-found page. A lazy chunk, with elkjs, of its own.
 */
export default function FlowsViewer() {
  const [on, setOn] = useState(() => settingsInPage()?.flows_viewer);
  useEffect(() => {
    if (on === undefined)
      unwrap(api.GET('/settings'))
        .then((body) => setOn(body.data.attributes.flows_viewer))
        .catch(() => setOn(false));
  }, [on]);
  if (on === undefined)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  if (!on) return <NotFoundPage />;
  return <FlowRoutes />;
}
