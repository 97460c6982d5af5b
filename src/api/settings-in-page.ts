import type { components } from '../../openapi/schema';

export type PublicSettings = components['schemas']['SettingsResource']['attributes'];

/** What the server writes into the page (server/http/static-files.ts, product rule R14.12). */
export interface PageData {
  settings?: PublicSettings;
  signed_in?: boolean;
  /** Public reads a screen drawn on the server showed (R14.14), by API path, as the API answered. */
  answers?: Record<string, unknown>;
  /** When the server answered them (ms since the epoch): the answers are as fresh as that. */
  served_at?: number;
  /** A signed-in customer's takeaway orders in progress, as GET orders/live answered (R14.12). */
  live_orders?: unknown;
  /** On an account page for a signed-in request: GET me's answer, the session's first read (R14.12). */
  customer?: unknown;
}

let pageData: PageData | undefined;

function readPageData(): PageData {
  if (!pageData) {
    try {
      pageData = JSON.parse(document.getElementById('sfoglia-page-data')!.textContent!) as PageData;
    } catch {
      // No data in the page (the development server, a test): the calls below ask the API.
    }
    pageData ||= {};
  }
  return pageData;
}

/**
 * The server's own render of a screen (src/ssr/entry-server.tsx) has no document to read: it is
 * handed the same data the page will carry, so both draw alike.
 */
export function providePageData(data: PageData): void {
  pageData = data;
}

/** The public settings the page was served with; undefined when it carries none. */
export const settingsInPage = (): PublicSettings | undefined => readPageData().settings;

/**
 * A public read the page came with, for a query's first data (R14.14), so the browser's first
 * render shows what the server drew; `at` lets the query refetch it once it is stale.
 */
export function answerInPage<T>(apiPath: string): { body: T; at: number } | undefined {
  const { answers, served_at } = readPageData();
  const body = answers?.[apiPath];
  return body === undefined || served_at === undefined
    ? undefined
    : { body: body as T, at: served_at };
}

/**
 * The GET orders/live answer the page came with, when its request was signed in: the "on its
 * way" link starts from it (R14.12). Not read once only: the server's render reads each page's.
 */
export const liveOrdersInPage = (): unknown => readPageData().live_orders;

/**
 * A query's first data from the page (R14.14): what the server drew with, dated when it was
 * served, so a page older than the query's stale time is refetched at once. Nothing when the page
 * carries no such answer: the query fetches.
 */
export function queryDataFromPage<TBody, TData>(apiPath: string, read: (body: TBody) => TData) {
  const answer = answerInPage<TBody>(apiPath);
  return answer
    ? { initialData: () => read(answer.body), initialDataUpdatedAt: answer.at }
    : ({} as Record<string, never>);
}

/**
 * Whether the request for this page carried a signed-in session; undefined when the page says
 * nothing (the development server). Read where the session starts (R14.12).
 */
export const signedInInPage = (): boolean | undefined => readPageData().signed_in;

/** GET me's answer an account page came with (R14.12); undefined on any other page. */
export const customerInPage = (): unknown => readPageData().customer;
