import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { reportError } from './analytics/report-error';
import { App } from './app/app';
import { SessionProvider } from './session/session-context';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';
import './styles/components.css';

const app = (
  <StrictMode>
    <BrowserRouter>
      <SessionProvider>
        <App />
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>
);

const root = document.getElementById('root')!;
// From here React takes the header's taps; the screen's are kept until it has hydrated (the
// boot script, server/http/screen-render.ts), then pressed by src/app/press-early-tap.tsx.
if (window.sfogliaEarlyTap) window.sfogliaEarlyTap.app = true;
// Product rule R14.14: a screen the server drew (src/ssr/entry-server.tsx) is taken over in place;
// any other starts from the empty root. Either way as a transition, which React splits into short
// tasks, so the first render never holds the main thread long enough to delay a tap.
startTransition(() => {
  if (root.firstElementChild)
    hydrateRoot(root, app, {
      // React draws the screen anew where the server's HTML differs: still reported, to be mended.
      onRecoverableError: (error) =>
        reportError('Server render differs', { error: String(error).slice(0, 200) }),
    });
  else createRoot(root).render(app);
});
