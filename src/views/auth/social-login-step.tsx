import { useDocumentTitle } from '../../app/use-document-title';
import { StepLink } from '../../components/account/step-link';

/** /social-login: the way in. Social networks arrive with their own issue; until then, email. */
export function SocialLoginStep() {
  useDocumentTitle('Sign in or create an account');
  return (
    <div className="narrow">
      <h1>Sign in or create an account</h1>
      <p>Sign in to see your orders, your pasta plan and your rewards.</p>
      <ul className="action-list">
        <li>
          <StepLink to="/login">Sign in with your email</StepLink>
        </li>
        <li>
          <StepLink to="/signup">Create an account</StepLink>
        </li>
      </ul>
    </div>
  );
}
