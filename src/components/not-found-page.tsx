import { Link } from 'react-router-dom';
import { APP_ROUTES } from '../../domain/app-routes';
import { useDocumentTitle } from '../app/use-document-title';

/**
 * Any path that is no screen of the app (the server answers it 404, product rule R1.13). It says
 * sorry and offers a way on; it never suggests the customer made a mistake.
 */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="narrow">
      <h1>Page not found</h1>
      <p>Sorry, there is nothing here. The page may have moved, or the link may be out of date.</p>
      <p>Here are some good places to start:</p>
      <ul className="action-list">
        <li>
          <Link to={APP_ROUTES.addressSearch}>Order fresh pasta to your door</Link>
        </li>
        <li>
          <Link to={APP_ROUTES.productBox}>See this week&apos;s recipe kits</Link>
        </li>
        <li>
          <Link to={APP_ROUTES.restaurants}>Find a restaurant</Link>
        </li>
        <li>
          <Link to={APP_ROUTES.support}>Get help</Link>
        </li>
        <li>
          <Link to={APP_ROUTES.home}>Go to the home page</Link>
        </li>
      </ul>
    </div>
  );
}
