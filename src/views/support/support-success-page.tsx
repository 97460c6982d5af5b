import { Link, Navigate, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { APP_ROUTES } from '../../../domain/app-routes';
import { supportSentOf } from './support-sent-state';

/**
 * /support-success. Product rule R1.17: reached only by sending the contact form (its state
 * carries what was sent); any other way in goes to /support.
 */
export default function SupportSuccessPage() {
  const sent = supportSentOf(useLocation().state);
  useDocumentTitle('Message sent');
  if (!sent) return <Navigate to={APP_ROUTES.support} replace />;
  return (
    <div className="page narrow">
      <div className="panel panel--confirmation">
        <h1>Message sent</h1>
        <p>
          Your reference is <strong>{sent.reference}</strong>.
        </p>
      </div>
      <p>
        We have emailed a copy to <strong>{sent.email}</strong> and will reply within one working
        day.
      </p>
      <p>
        <Link to={APP_ROUTES.home}>Back to Sfoglia</Link>
      </p>
    </div>
  );
}
