import { Link, Route, Routes } from 'react-router-dom';
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

/** /flows and /flows/{machine}, with every machine of machines/ (flow-machines.ts). */
export default function FlowRoutes() {
  return (
    <Routes>
      <Route index element={<FlowListPage />} />
      <Route path=":machine" element={<FlowChartPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
