import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '../app/app';
import { providePageData, type PageData } from '../api/settings-in-page';
import { SessionProvider } from '../session/session-context';

/**
 * Product rule R14.14: the HTML of a public screen, drawn on the server with the tree the browser
 * hydrates (src/main.tsx), so the page paints before its JavaScript has run. `prerender` waits for
 * the screen's lazy chunk; queries stay pending (TanStack Query fetches only in the browser), so
 * the server and the first browser render draw the same loading state.
 */
export async function renderScreen(url: string, pageData: PageData): Promise<string> {
  providePageData(pageData);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <SessionProvider>
          <App />
        </SessionProvider>
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
