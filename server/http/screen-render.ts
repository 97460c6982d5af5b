import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/** What the server build of the app (src/ssr/entry-server.tsx, built into dist-ssr/) offers. */
interface ScreenRendererModule {
  renderScreen: (url: string, pageData: { settings?: unknown }) => Promise<string>;
}

/**
 * Product rule R14.14: the public screens whose first view is drawn on the server. Each draws the
 * same tree with or without a session (the session is checked in the browser) and redirects
 * nowhere on its first render; a screen that does (the home path, the takeaway menu without an
 * address, the checkouts' routing) is left to the browser.
 */
const SERVER_DRAWN_SCREENS: RegExp[] = [
  /^\/pasta-now-search-address$/,
  /^\/menu$/,
  /^\/restaurants$/,
  /^\/restaurant\/\d+$/,
  /^\/support$/,
];

/** A render slower than this is dropped for the plain shell: the browser draws the screen. */
const RENDER_TIMEOUT_MS = 1_000;

export function isServerDrawn(pathname: string): boolean {
  return SERVER_DRAWN_SCREENS.some((pattern) => pattern.test(pathname));
}

/**
 * The server build beside the SPA's (`npm run build` writes dist/ and dist-ssr/; for any other
 * SPA folder, the same name with `-ssr`), or undefined without it (the
 * development server, an API-only test): then every page is drawn in the browser, as before.
 */
export async function loadScreenRenderer(spaRoot: string, log: FastifyBaseLogger) {
  const file = path.join(`${path.resolve(spaRoot)}-ssr`, 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  const { renderScreen } = (await import(pathToFileURL(file).href)) as ScreenRendererModule;

  /** The screen's HTML for `url`, or undefined when it is not drawn here or the render failed. */
  return async (url: string, settings: unknown): Promise<string | undefined> => {
    const pathname = url.split('?')[0] ?? '/';
    if (!isServerDrawn(pathname)) return undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        renderScreen(url, { settings }),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), RENDER_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      // The browser draws what the server could not: the customer loses only the early paint.
      log.warn({ err: error, url }, 'server render failed');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Vite's entry in the built index.html: one module script in the head. */
const ENTRY_SCRIPT =
  /<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/**
 * The shell for a screen drawn on the server: its entry still downloads at once (a modulepreload),
 * but runs only after the first frame is painted (requestAnimationFrame, then a task), so the
 * server's HTML shows before the app's JavaScript is parsed and run, not after. The inline script
 * is allowed by its hash (security-headers.ts). Undefined when the build has no such entry.
 */
export function paintFirstEntry(shell: string): { html: string; bootScript: string } | undefined {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!entry) return undefined;
  const bootScript = `requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(entry)})))`;
  const html = shell.replace(
    ENTRY_SCRIPT,
    () =>
      `<link rel="modulepreload" crossorigin href="${entry}" /><script type="module">${bootScript}</script>`,
  );
  return { html, bootScript };
}

/**
 * A drawn screen needs its scripts only to become interactive: they download at low priority, so
 * the stylesheet, the font and the screen's pictures come first on a slow connection.
 */
export const laterScripts = (html: string) =>
  html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
