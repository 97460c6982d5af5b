import { Route, Routes } from 'react-router-dom';
import NotFoundPage from '../components/not-found-page';
import { lazyRoute } from './lazy-route';

// Development and demo: the statechart viewer, with elkjs, in a chunk of its own (R15.1).
const FlowsViewer = lazyRoute(() => import('../views/flows/flows-viewer'));

/**
 * Every path no screen claims, loaded on demand as one screen: the statechart viewer at /flows
 * (product rule R15.1), else the not-found page. The viewer's route lives here, not in the app's
 * routes, so the entry every customer route loads carries neither it nor its chunk's name.
 */
export default function OtherPaths() {
  return (
    <Routes>
      <Route path="flows/*" element={<FlowsViewer />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
