import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';

/** A signed-out customer chooses to sign in or create an account before a checkout goes on. */
export function ContinueChoice({
  loginPath,
  signupPath,
  children,
}: {
  loginPath: string;
  signupPath: string;
  children: ReactNode;
}) {
  useDocumentTitle('Checkout: sign in or create an account');
  return (
    <div className="narrow">
      <h1>Almost there</h1>
      <p>{children}</p>
      <p>
        <Link className="button button--primary" to={loginPath}>
          Sign in
        </Link>
      </p>
      <p>
        New to Sfoglia? <Link to={signupPath}>Create an account</Link>
      </p>
    </div>
  );
}
