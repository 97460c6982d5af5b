import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '../../domain/app-routes';
import type { Deps } from '../deps';
import { settingsDocument } from '../routes/settings/settings.handlers';
import { STOREFRONT_GRAPHQL_PATH } from '../routes/storefront/storefront-graphql';
import { currentSession, sessionSecret } from '../services/sessions';
import { DRAWN_IN_PLACE, earlyRedirect, STORED_REDIRECTS } from './early-redirects';
import { compressedPage } from './page-compression';
import { installPublicFileCache } from './public-cache';
import {
  BROWSER_DRAWN_WHEN_STORED,
  laterScripts,
  loadScreenRenderer,
  paintFirstEntry,
  serverDrawnScreen,
  type AskRead,
} from './screen-render';
import { contentSecurityPolicy } from './security-headers';

/** The account's pages, which show nothing without their customer (R14.12). */
const ACCOUNT_PAGE = /^\/account(\/|$)/;

/** Vite's hashed output: its names change with their content, so a year and `immutable`. */
export const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** Where index.html takes the page's first data (product rule R14.12). */
export const PAGE_DATA_MARKER = '<!--sfoglia-page-data-->';
export const PAGE_DATA_ID = 'sfoglia-page-data';
/** index.html's first element: a page's stored redirect (R14.15) comes right after it. */
const CHARSET = '<meta charset="UTF-8" />';
/** Where index.html takes the screen drawn on the server (product rule R14.14). */
export const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * JSON for a `<script type="application/json">`: `<` written as `\u003c`, so no `</script>` or
 * `<!--` inside the data can end the element; `>`, `&` and the JavaScript line separators too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * The screen each main path opens (src/app/app.tsx): its lazy chunk is preloaded with the HTML,
 * so it arrives with the entry instead of after it.
 */
const SCREENS: [RegExp, string | string[]][] = [
  [/^\/(pasta-now-search-address)?$/, 'src/views/address-search/address-search-page.tsx'],
  [/^\/(login|signup|forgot-password|reset-password)/, 'src/views/auth/auth-flow.tsx'],
  [/^\/pasta-now$/, 'src/views/takeaway-menu/takeaway-menu-page.tsx'],
  [/^\/menu$/, 'src/views/product-box/product-box-page.tsx'],
  [/^\/restaurants$/, 'src/views/restaurants/restaurants-page.tsx'],
  [/^\/restaurant\/[^/]+$/, 'src/views/restaurants/restaurant-page.tsx'],
  [/^\/support$/, 'src/views/support/support-page.tsx'],
  // The dashboard is a chunk of its own within the account's (and is drawn on the server, R14.12):
  // its styles must come with the page, and its code with the layout's, not after it.
  [
    /^\/account\/dashboard$/,
    ['src/views/account/account-layout.tsx', 'src/views/account/account-dashboard.tsx'],
  ],
  [/^\/account/, 'src/views/account/account-layout.tsx'],
];

/**
 * The links for what a screen needs beyond the entry (which the HTML already loads): its chunks
 * as modulepreloads, its styles as stylesheets (Vite's loader finds them there and adds no other).
 */
function screenLinks(manifest: Record<string, ManifestChunk>, screens: string | string[]): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  [screens].flat().forEach(visit);
  return [
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
  ].join('');
}

function readManifest(spaRoot: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(spaRoot, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return {};
  }
}

/**
 * Product rules R13.6 and R14.12: the built SPA. Hashed files under /assets/ for a year, sent
 * precompressed (scripts/precompress.ts wrote .br and .gz beside them) by Accept-Encoding; the
 * shell (index.html) never cached, with the public settings and whether the request has a signed-in
 * session written into it, and a modulepreload for the screen the path opens.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  deps: Pick<Deps, 'config' | 'db' | 'now'>,
  spaRoot: string,
) {
  await app.register(fastifyStatic, {
    root: spaRoot,
    wildcard: false,
    index: false,
    maxAge: '1y',
    immutable: true,
    preCompressed: true,
  });
  installPublicFileCache(app);
  app.addHook('onSend', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (!url.startsWith('/assets/')) return;
    // A cache keeps the Brotli, gzip and plain copies apart.
    reply.header('vary', 'Accept-Encoding');
    if (reply.statusCode < 400) reply.header('cache-control', IMMUTABLE_ASSET_CACHE);
  });

  const shell = fs.readFileSync(path.join(spaRoot, 'index.html'), 'utf8');
  const manifest = readManifest(spaRoot);
  const preloads = SCREENS.map(
    ([pattern, screen]) => [pattern, screenLinks(manifest, screen)] as const,
  );
  const settings = settingsDocument(deps.config).data.attributes;
  const renderScreen = await loadScreenRenderer(spaRoot, app.log);
  const drawnShell = paintFirstEntry(shell);
  const drawnPolicy =
    drawnShell &&
    contentSecurityPolicy(deps.config, [drawnShell.bootScript, BROWSER_DRAWN_WHEN_STORED]);

  const inPlacePolicies = Object.fromEntries(
    Object.entries(DRAWN_IN_PLACE).map(([page, { script }]) => [
      page,
      drawnShell &&
        contentSecurityPolicy(deps.config, [
          drawnShell.bootScript,
          BROWSER_DRAWN_WHEN_STORED,
          script,
        ]),
    ]),
  );

  const storedRedirectPolicies = Object.fromEntries(
    Object.entries(STORED_REDIRECTS).map(([page, script]) => [
      page,
      contentSecurityPolicy(deps.config, [script]),
    ]),
  );

  /**
   * A GET of the API from within: its body, or undefined unless 200. Without a cookie it is asked
   * as nobody (a public read, its in-process cache, R13.4); with one, as that request's browser.
   */
  const readApi = async (url: string, cookie?: string) => {
    const answer = await app.inject({
      method: 'GET',
      url,
      ...(cookie !== undefined && { headers: { cookie } }),
    });
    return answer.statusCode === 200 ? (answer.json() as unknown) : undefined;
  };
  const cookieOf = (request: FastifyRequest) => request.headers.cookie ?? '';

  /** The reads' bodies, by API path (GraphQL under its key): public ones, or with `cookie`. */
  const answersFor = async (load: (ask: AskRead) => Promise<unknown>, cookie?: string) => {
    const answers: Record<string, unknown> = {};
    await load(async (read) => {
      if (typeof read === 'string') {
        const body = await readApi(`/api/v2${read}`, cookie);
        if (body !== undefined) answers[read] = body;
        return body;
      }
      const answer = await app.inject({
        method: 'POST',
        url: STOREFRONT_GRAPHQL_PATH,
        headers: { 'content-type': 'application/json', 'x-branch': 'web' },
        payload: JSON.stringify(read.graphql),
      });
      const body = answer.json<{ data?: unknown; errors?: unknown[] }>();
      if (answer.statusCode !== 200 || !body.data || body.errors?.length) return undefined;
      return (answers[read.key] = body.data);
    });
    return answers;
  };

  /**
   * Product rule R14.12: a signed-in customer's takeaway orders in progress (GET orders/live, as
   * the API answers it for this request's cookie), so the "on its way" link comes with the first
   * paint instead of pushing the page down after it. Undefined signed out or when the read fails.
   */
  const liveOrdersFor = (request: FastifyRequest, signedIn: boolean) =>
    signedIn ? readApi('/api/v2/orders/live', cookieOf(request)) : undefined;

  /**
   * Product rule R14.12: on an account page, the signed-in customer as GET me answers it for this
   * request's cookie, so the session starts signed in and the page draws without reading /me
   * first. Undefined on other pages (they draw without the customer), signed out, or on failure.
   */
  const customerFor = (request: FastifyRequest, pathname: string, signedIn: boolean) =>
    signedIn && ACCOUNT_PAGE.test(pathname) ? readApi('/api/v2/me', cookieOf(request)) : undefined;

  /** What every page carries (R14.12): the settings, who is signed in, and what of theirs it shows. */
  const sharedPageData = async (request: FastifyRequest, pathname: string) => {
    const signed_in = await currentSession(request, deps.db, deps.now()).then(
      (session) => Boolean(session?.customerId),
      () => false,
    );
    const [live_orders, customer] = await Promise.all([
      Promise.resolve(liveOrdersFor(request, signed_in)).catch(() => undefined),
      Promise.resolve(customerFor(request, pathname, signed_in)).catch(() => undefined),
    ]);
    return {
      settings,
      signed_in,
      ...(live_orders !== undefined && { live_orders }),
      ...(customer !== undefined && { customer }),
    };
  };
  type SharedPageData = Awaited<ReturnType<typeof sharedPageData>>;

  /** The screen drawn on the server (R14.14) with the answers it shows, or undefined. */
  const drawScreen = async (
    request: FastifyRequest,
    url: string,
    screen: {
      load: (ask: AskRead) => Promise<unknown>;
      visitorsOnly: boolean;
      customersOnly: boolean;
    },
    shared: Promise<SharedPageData>,
  ) => {
    if (!renderScreen) return undefined;
    const [answers, pageData] = await Promise.all([
      answersFor(screen.load, screen.customersOnly ? cookieOf(request) : undefined),
      shared,
    ]);
    if (screen.visitorsOnly && pageData.signed_in) return undefined;
    // Drawn signed in only from the customer the page carries, as the browser starts from it.
    if (screen.customersOnly && !('customer' in pageData)) return undefined;
    const servedAt = deps.now().getTime();
    // The session starts from the page data (R14.12): drawn signed out, signed in, or waiting.
    const html = await renderScreen(url, { ...pageData, answers, served_at: servedAt });
    return html === undefined ? undefined : { html, answers, served_at: servedAt };
  };

  const pageFor = async (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    if (!shell.includes(PAGE_DATA_MARKER)) return shell;
    const pathname = request.url.split('?')[0] ?? '/';
    const shared = sharedPageData(request, pathname);
    // A one-time link (?token=, R2.1) signs in before its screen shows anything: none to draw.
    const oneTimeLink = new URLSearchParams(request.url.split('?')[1] ?? '').has('token');
    const inPlace = DRAWN_IN_PLACE[pathname];
    const drawnUrl = inPlace?.target ?? request.url;
    const drawnPath = inPlace?.target ?? pathname;
    const drawn = drawnShell && !oneTimeLink ? serverDrawnScreen(drawnPath, deps.now()) : undefined;
    const [pageData, screen] = await Promise.all([
      shared,
      drawn ? drawScreen(request, drawnUrl, drawn, shared) : undefined,
    ]);
    const data = {
      ...pageData,
      ...(screen && { answers: screen.answers, served_at: screen.served_at }),
    };
    // An account page's customer and their reads: not kept in any cache, so a shared computer's
    // Back after sign-out cannot bring them back from it.
    if ('customer' in pageData) reply.header('cache-control', 'no-store, private');
    const linksOf = (page: string) => preloads.find(([pattern]) => pattern.test(page))?.[1] ?? '';
    const links = linksOf(screen ? drawnPath : pathname);
    const withData = (html: string) =>
      html.replace(
        PAGE_DATA_MARKER,
        () =>
          `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script>${links}`,
      );
    if (inPlace && screen && drawnShell) {
      reply.header('content-security-policy', inPlacePolicies[pathname]!);
      return laterScripts(withData(drawnShell.html), linksOf(pathname))
        .replace(CHARSET, () => `${CHARSET}<script>${inPlace.script}</script>`)
        .replace(
          ROOT_ELEMENT,
          () => `<div id="root">${screen.html}</div>${drawn?.afterRoot ?? ''}`,
        );
    }
    const storedRedirect = STORED_REDIRECTS[pathname];
    if (storedRedirect !== undefined) {
      reply.header('content-security-policy', storedRedirectPolicies[pathname]);
      // First in the page after its charset: read before anything else is fetched.
      return withData(shell).replace(CHARSET, () => `${CHARSET}<script>${storedRedirect}</script>`);
    }
    if (!drawnShell || !drawnPolicy || !screen) return withData(shell);
    reply.header('content-security-policy', drawnPolicy);
    return laterScripts(withData(drawnShell.html)).replace(
      ROOT_ELEMENT,
      () => `<div id="root">${screen.html}</div>${drawn?.afterRoot ?? ''}`,
    );
  };

  const sendShell = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const redirect = earlyRedirect(request.url, sessionSecret(request) !== undefined);
    if (redirect !== undefined)
      // It may depend on the cookie (a checkout's entry): never stored, never shared.
      return reply
        .header('cache-control', 'no-cache, private')
        .header('vary', 'Cookie')
        .redirect(redirect, 302);
    const page = await compressedPage(
      await pageFor(request, reply),
      request.headers['accept-encoding'],
    );
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return (
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        // The page carries who is signed in: never shared, and asked again each time; one that
        // carries a customer's own data is not kept at all (pageFor says no-store).
        .header('cache-control', reply.getHeader('cache-control') ?? 'no-cache, private')
        .header('vary', 'Cookie, Accept-Encoding')
        .send(page.body)
    );
  };

  return {
    /** The shell with 200 for a screen of the app, 404 for any other path (product rule R1.13). */
    sendShell: (request: FastifyRequest, reply: FastifyReply) =>
      sendShell(request, reply, isAppPath(request.url) ? 200 : 404),
    sendShellOk: (request: FastifyRequest, reply: FastifyReply) => sendShell(request, reply, 200),
  };
}
