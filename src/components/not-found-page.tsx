import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../app/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="narrow">
      <h1>Page not found</h1>
      <p>
        If you typed the web address, check it is correct. If you pasted it, check you copied the
        whole address.
      </p>
      <ul>
        <li>
          <Link to="/pasta-now-search-address">Order fresh pasta to your door</Link>
        </li>
        <li>
          <Link to="/restaurants">Find a restaurant</Link>
        </li>
        <li>
          <Link to="/support">Get help</Link>
        </li>
      </ul>
    </div>
  );
}
