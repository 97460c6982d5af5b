import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { FlashMessages } from '../../components/flash/flash-messages';
import { DemoBanner } from './demo-banner';
import { LiveOrderLink } from './live-order-link';
import { TopBar } from './top-bar';
import { topBarVariant } from './top-bar-variant';

export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <DemoBanner />
      <TopBar variant={topBarVariant(pathname)} />
      <FlashMessages />
      <LiveOrderLink />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <ul>
          <li>
            <Link to="/restaurants">Our restaurants</Link>
          </li>
          <li>
            <Link to="/support">Help and support</Link>
          </li>
        </ul>
        <p>Sfoglia · fresh pasta made every day</p>
      </footer>
    </>
  );
}
