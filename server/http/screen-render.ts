import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import {
  menuHandle,
  numericId,
  weeklyMenusOf,
  weeklyMenusRequest,
  weekMenuPageKey,
  type WeeklyMenusData,
} from '../../domain/storefront-queries';
import { STORAGE_KEYS } from '../../domain/storage-keys';
import { firstOrderableWeek } from '../../domain/weeks';

/** What the server build of the app (src/ssr/entry-server.tsx, built into dist-ssr/) offers. */
interface ScreenRendererModule {
  renderScreen: (url: string, pageData: ScreenPageData) => Promise<string>;
}

/** The page data a drawn screen is drawn with and carries (src/api/settings-in-page.ts). */
export interface ScreenPageData {
  settings: unknown;
  /** Whether the request has a signed-in session: the drawn session starts from it (R14.12). */
  signed_in: boolean;
  answers: Record<string, unknown>;
  served_at: number;
  /** A signed-in customer's GET orders/live answer (R14.12), so the drawn page shows its link. */
  live_orders?: unknown;
}

/**
 * Address search drawn for a browser with a stored delivery would show the postcode form, then its
 * stored address (R3.10). Run as the parser reaches it, before the first paint, this empties the
 * drawn screen for such a browser, and src/main.tsx draws it anew in the browser (an empty root is
 * rendered, not hydrated). Whether the key is there is enough: an expired one only costs the
 * early paint. Allowed by its hash (security-headers.ts), like the boot script.
 */
export const BROWSER_DRAWN_WHEN_STORED =
  `try{localStorage.getItem(${JSON.stringify(STORAGE_KEYS.delivery)})&&` +
  'document.getElementById("root").replaceChildren()}catch(e){}';

/**
 * Product rule R14.14: the public screens whose first view is drawn on the server. Each is drawn
 * from the page data the browser starts from (whether the request is signed in included, R14.12)
 * and redirects nowhere on its first render. Left to the browser: a screen that redirects (the takeaway menu without an
 * address, the checkouts' routing; the home path is a redirect from the server, R14.15), or whose
 * first view depends on who is signed in. A form drawn here can be typed in and sent before the
 * app runs: the boot script keeps the tap on its button (Enter presses it too) for the app.
 * Address search opens on a returning customer's stored address (R3.10): its page also carries
 * `BROWSER_DRAWN_WHEN_STORED`, so a browser with one draws the screen itself.
 */
const SERVER_DRAWN_SCREENS: {
  pattern: RegExp;
  load: (ask: AskRead, match: RegExpExecArray, now: Date) => Promise<unknown>;
  afterRoot?: string;
  /** Drawn only for a request with no signed-in session. */
  visitorsOnly?: boolean;
  /** Drawn only for a signed-in request, its reads asked as its cookie sees them (R14.12). */
  customersOnly?: boolean;
}[] = [
  { pattern: /^\/menu$/, load: recipeKitMenuReads },
  { pattern: /^\/restaurants$/, load: (ask) => ask('/restaurants/all') },
  { pattern: /^\/restaurant\/(\d{1,9})$/, load: (ask, [, id]) => ask(`/restaurants/${id}`) },
  // Sign-in and password recovery, for a visitor: their forms read what is typed as they are
  // sent, so what is typed before the app runs is kept. A signed-in customer is sent on (R2.1)
  // once their session is read, which may come before the screen hydrates: drawn in the browser.
  {
    pattern: /^\/(login|social-login|forgot-password)$/,
    load: async () => undefined,
    visitorsOnly: true,
  },
  // Help and support, for a visitor: a signed-in customer's form is filled in with their name and
  // email once their session is read, so theirs is drawn in the browser.
  { pattern: /^\/support$/, load: async () => undefined, visitorsOnly: true },
  // The signed-in customer's dashboard: its page carries the customer (R14.12) and the three reads
  // the dashboard shows, so it is drawn whole, as the browser's first render draws it.
  {
    pattern: /^\/account\/dashboard$/,
    load: (ask) =>
      Promise.all([ask('/subscriptions'), ask('/schedule_weeks'), ask('/orders/pending_payment')]),
    customersOnly: true,
  },
  {
    pattern: /^\/pasta-now-search-address$/,
    load: async () => undefined,
    afterRoot: `<script>${BROWSER_DRAWN_WHEN_STORED}</script>`,
  },
];

/**
 * A read a drawn screen shows: a GET of an API path (under /api/v2), or the storefront's GraphQL
 * POST, carried under `key`. Answers the body (for GraphQL, its `data`), or undefined when the
 * API refused it; either way the page carries only the answers that came.
 */
export type ScreenRead = string | { key: string; graphql: { query: string; variables: object } };
export type AskRead = (read: ScreenRead) => Promise<unknown>;

/**
 * The recipe-kit menu's first view (src/views/product-box/product-box-page.tsx): the bundles it
 * may show, the first orderable week's menu, then that menu's dish ratings, so its dishes are
 * drawn too and nothing moves when the ratings land.
 */
async function recipeKitMenuReads(ask: AskRead, _match: RegExpExecArray, now: Date) {
  const week = firstOrderableWeek(now);
  const handle = menuHandle(week);
  const [, data] = await Promise.all([
    ask('/bundles'),
    ask({ key: weekMenuPageKey(week), graphql: weeklyMenusRequest([handle]) }),
  ]);
  const menu = data ? weeklyMenusOf([handle], data as WeeklyMenusData)[0] : undefined;
  if (menu) await ask(`/weekly_menus/${numericId(menu.id)}/review_summary`);
}

/** A render slower than this is dropped for the plain shell: the browser draws the screen. */
const RENDER_TIMEOUT_MS = 1_000;
/**
 * Renders run one at a time (src/ssr/entry-server.tsx) and go on after their timeout: past this
 * many waiting, a page gets the plain shell at once, so a flood of page requests queues no work.
 */
const MAX_RENDERS_IN_FLIGHT = 4;

/**
 * How the screen at `pathname` loads the public reads its first view shows (each through `ask`),
 * and what its page carries after the root; undefined when the screen is not drawn on the server.
 * The page carries the answers, so the drawn screen shows them and the browser asks for no more.
 */
export function serverDrawnScreen(
  pathname: string,
  now: Date,
):
  | {
      load: (ask: AskRead) => Promise<unknown>;
      afterRoot: string;
      visitorsOnly: boolean;
      customersOnly: boolean;
    }
  | undefined {
  for (const {
    pattern,
    load,
    afterRoot = '',
    visitorsOnly = false,
    customersOnly = false,
  } of SERVER_DRAWN_SCREENS) {
    const match = pattern.exec(pathname);
    if (match)
      return { load: (ask) => load(ask, match, now), afterRoot, visitorsOnly, customersOnly };
  }
  return undefined;
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

  let inFlight = 0;

  /** The screen's HTML for `url`, or undefined when the render failed, was late or had to wait. */
  return async (url: string, pageData: ScreenPageData): Promise<string | undefined> => {
    if (inFlight >= MAX_RENDERS_IN_FLIGHT) return undefined;
    inFlight += 1;
    const render = renderScreen(url, pageData).finally(() => {
      inFlight -= 1;
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        render,
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

/** Where a drawn page keeps its module preloads until it has painted (paintFirstEntry). */
const LATER_SCRIPTS_ID = 'sfoglia-later';
/** A page drawn in place (DRAWN_IN_PLACE) keeps its own screen's links here, for a browser that draws it. */
const BROWSER_SCRIPTS_ID = 'sfoglia-browser';

/** Vite's entry in the built index.html: one module script in the head. */
const ENTRY_SCRIPT =
  /<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/**
 * Product rule R14.14: a button tapped on a drawn screen before the app runs is kept (the last
 * one; its default, a form's plain submit, prevented; held back from React) in
 * `window.sfogliaEarlyTap`, and pressed again once the screen has hydrated
 * (src/app/press-early-tap.tsx). Once the app runs (`app` set by src/main.tsx) React takes the
 * header's taps, but would drop one on the screen (`#main`) while the screen's code is on its
 * way: those are still kept. Links need nothing: they work as HTML.
 */
const KEEP_EARLY_TAP =
  'const t={},k=e=>{const b=e.target.closest&&e.target.closest(t.app?"#main button":"button");' +
  'if(b){e.preventDefault();e.stopPropagation();t.button=b}};addEventListener("click",k,true);' +
  't.stop=()=>removeEventListener("click",k,true);window.sfogliaEarlyTap=t;';

/**
 * The shell for a screen drawn on the server: its entry and the screen's chunks download, and the
 * entry runs, only once the browser has reported the first contentful paint (then a task), so the
 * server's HTML shows before the app's JavaScript is parsed and run, not after: a frame requested
 * (requestAnimationFrame) can still be presented after the app's first long task, and measured,
 * the recipe-kit menu's first paint then waited for the app (Lighthouse LCP 3.9 to 4.3 s, 2.7 s
 * since). With no paint timing, or an emptied root (BROWSER_DRAWN_WHEN_STORED: nothing to paint),
 * the next frame. A tap meanwhile is kept for the app. The inline script is allowed by its hash
 * (security-headers.ts). Undefined when the build has no such entry.
 */
export function paintFirstEntry(shell: string): { html: string; bootScript: string } | undefined {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!entry) return undefined;
  const bootScript =
    `${KEEP_EARLY_TAP}const s=()=>{const g=i=>{const l=document.getElementById(i);` +
    `l&&document.head.append(l.content)};g("${LATER_SCRIPTS_ID}");` +
    `document.getElementById("root").firstElementChild||g("${BROWSER_SCRIPTS_ID}");` +
    `setTimeout(()=>import(${JSON.stringify(entry)}))};` +
    'document.getElementById("root").firstElementChild&&' +
    'PerformanceObserver.supportedEntryTypes?.includes("paint")?' +
    'new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();s()}})' +
    '.observe({type:"paint",buffered:true}):requestAnimationFrame(s)';
  const html = shell.replace(
    ENTRY_SCRIPT,
    () =>
      `<link rel="modulepreload" crossorigin href="${entry}" /><script type="module">${bootScript}</script>`,
  );
  return { html, bootScript };
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * A drawn screen needs its scripts only to become interactive, so nothing of them is fetched
 * before it has painted: its module preloads wait, inert, in a `<template>` that the boot script
 * puts in the head once the first contentful paint is reported (the entry and the screen's chunks
 * then download together, no waterfall), at low priority, so the screen's pictures still come
 * first. Fetched before the paint, they shared a slow connection with the stylesheet, the font and
 * the pictures, and Lighthouse counted them all before the largest paint (LCP 1.9 s simulated for
 * /login against its first paint at 0.8 s). The screen's stylesheets stay in the head.
 */
export function laterScripts(html: string, browserDrawnLinks = ''): string {
  const preloads = html.match(MODULE_PRELOAD) ?? [];
  if (preloads.length === 0) return html;
  const later = preloads.map(lowPriority).join('');
  // A page drawn in place as another screen (DRAWN_IN_PLACE): its own screen's links, put in the
  // head only where the browser emptied the root to draw that screen itself.
  const browser = browserDrawnLinks
    ? `<template id="${BROWSER_SCRIPTS_ID}">${browserDrawnLinks.replace(MODULE_PRELOAD, lowPriority)}</template>`
    : '';
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      '<script type="module">',
      () =>
        `<template id="${LATER_SCRIPTS_ID}">${later}</template>${browser}<script type="module">`,
    );
}

const lowPriority = (link: string) =>
  link.replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
