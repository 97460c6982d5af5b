import { useDocumentTitle } from '../../app/use-document-title';
import { DesignComponents } from './design-components';
import { DesignLayout } from './design-layout';
import { DesignTokens } from './design-tokens';
import './design-page.css';

/**
 * /dev/design: every token and component on one living page (product rule R14.5). A lazy route:
 * the server serves it only with the development tools on (DEV_TOOLS, local requests).
 */
export default function DesignPage() {
  useDocumentTitle('Design system');
  return (
    <div className="design">
      <h1>Design system</h1>
      <p className="design__lead">
        The tokens in <code>src/styles/tokens.css</code> and the components built on them, live.
        Every colour pairing below is checked for WCAG AA by{' '}
        <code>tests/unit/design-tokens.test.ts</code>.
      </p>
      <DesignTokens />
      <DesignComponents />
      <DesignLayout />
    </div>
  );
}
