import { useEffect, useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { settingsInPage } from '../../api/settings-in-page';
import NotFoundPage from '../../components/not-found-page';
import { useDocumentTitle } from '../../app/use-document-title';
import { flowNames } from './flow-machines';
import { FlowChartPage } from './flow-chart-page';
import './flows.css';

function FlowListPage() {
  useDocumentTitle('Flows');
  return (
    <div className="flows narrow">
      <h1>Flows</h1>
      <p className="flows__lead">
        Every flow of the app as a statechart, drawn from its machine in <code>machines/</code>: its
        steps, what moves the customer between them and the product rules that decide.
      </p>
      <ul className="flows__list">
        {flowNames().map((name) => (
          <li key={name}>
            <Link to={`/flows/${name}`}>{name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
  return (
    <Routes>
      <Route index element={<FlowListPage />} />
      <Route path=":machine" element={<FlowChartPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
