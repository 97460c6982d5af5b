import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '../app/app';
import { queryClient } from '../app/query-client';
import { providePageData, type PageData } from '../api/settings-in-page';
import { SessionProvider } from '../session/session-context';

async function render(url: string, pageData: PageData): Promise<string> {
  providePageData(pageData);
  // Each screen starts from an empty cache, filled only from its page's answers.
  queryClient.clear();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <SessionProvider>
          <App />
        </SessionProvider>
      </StaticRouter>
    </StrictMode>,
    // One document: React outlines a large boundary (the menu's dishes) by default and reveals it
    // with an inline script, which the page's Content-Security-Policy refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

let previous: Promise<unknown> = Promise.resolve();

/**
 * Product rule R14.14: the HTML of a public screen, drawn on the server with the tree the browser
 * hydrates (src/main.tsx), so the page paints before its JavaScript has run. `prerender` waits for
 * the screen's lazy chunk; queries start from the page's answers or stay pending (TanStack Query
 * fetches only in the browser), as they do in the browser's first render. The page data and the
 * query cache are this module's own, so renders run one after another, never interleaved (each
 * takes a few milliseconds).
 */
export function renderScreen(url: string, pageData: PageData): Promise<string> {
  const next = previous.then(() => render(url, pageData));
  previous = next.catch(() => undefined);
  return next;
}
