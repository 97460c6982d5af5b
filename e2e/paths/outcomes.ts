import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';

/** Whether an event (often the next step's, the outcome a step must bring about) is of a type. */
export const isType = (event: EventObject | undefined, type: string) => event?.type === type;

/** An actor's done event's output. */
export const outputOf = <T>(event: EventObject | undefined) =>
  (event as { output?: T } | undefined)?.output;

/** An actor's error event's HTTP status: 0 when the call never reached the server. */
export const statusOf = (event: EventObject | undefined) =>
  (event as { error?: { status?: number } } | undefined)?.error?.status;

/** An actor's error event's code (the server's `code`: email_taken, price_changed). */
export const codeOf = (event: EventObject | undefined) =>
  (event as { error?: { code?: string } } | undefined)?.error?.code;

/**
 * The page's next call to these addresses (of this method, when given) dropped on the network:
 * the browser's request never leaves (status 0), so the server never sees it and no answer is
 * made up. Only that call: the ones after it go through.
 */
export async function dropNextCall(
  page: Page,
  calls: string | RegExp | ((url: URL) => boolean),
  {
    method,
    reason = 'failed',
  }: { method?: string; reason?: 'failed' | 'internetdisconnected' } = {},
) {
  let dropped = false;
  const drop = async (route: Route) => {
    if (dropped || (method !== undefined && route.request().method() !== method))
      return route.fallback();
    dropped = true;
    await route.abort(reason);
    await page.unroute(calls, drop);
  };
  await page.route(calls, drop);
}
