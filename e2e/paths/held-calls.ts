import type { Page, Request, Route } from '@playwright/test';
import {
  BASKET_LOADING_TIMEOUT,
  BASKET_POLL_MS,
  BASKET_WAIT_TRIES,
} from '../../machines/basket-shared/basket-shared';
import { stateKeys } from '../../scripts/paths/generate';
import { expect } from '../support/fixtures';
import type { Executor, UiContext, UiStep } from './ui-adapter';

/**
 * The baskets' calls held on the network (both basket adapters): each call the page makes is held
 * as it leaves the browser and, at the model's step for its answer, goes on to the real server or
 * is dropped (status 0), so each busy state stays on screen to be seen and clicked in, as a slow
 * network would keep it (product rules R4.15, R7.21). No answer is made up.
 */

/** A call held on the network as the page makes it: answered or dropped at a later step. */
export interface HeldCall {
  arrived: Promise<Route>;
  letGo: boolean;
}

/** The call on its way, and whether the step walked is the path's last. */
export interface HeldCallsWorld {
  onItsWay: HeldCall | undefined;
  ending: boolean;
}

/** Each call a basket makes, by the state that makes it: the first request of that call. */
export type CallsByState = Record<string, (request: Request) => boolean>;

/**
 * The page's next basket request that `matches`, held as it leaves the browser (later ones go
 * through): it reaches the real server only when let go, never when dropped.
 */
export async function holdNextCall(
  page: Page,
  matches: (request: Request) => boolean,
): Promise<HeldCall> {
  let held = false;
  let arrive: (route: Route) => void = () => {};
  const arrived = new Promise<Route>((resolve) => (arrive = resolve));
  await page.route('**/api/v2/baskets**', async (route) => {
    if (held || !matches(route.request())) return route.fallback();
    held = true;
    arrive(route);
  });
  return { arrived, letGo: false };
}

/** The held call let go: on to the real server, or dropped on the network (status 0). */
export async function letGo(call: HeldCall, how: 'continue' | 'abort') {
  call.letGo = true;
  const route = await call.arrived;
  await (how === 'continue' ? route.continue() : route.abort('failed'));
}

/** The call on its way answered by the real server. */
export const answer = ({ world }: UiContext<HeldCallsWorld>) => letGo(world.onItsWay!, 'continue');

/** The call on its way dropped on the network: it never reaches the server (status 0). */
export const drop = ({ world }: UiContext<HeldCallsWorld>) => letGo(world.onItsWay!, 'abort');

/**
 * Where the path ends, the call still on its way is dropped: a page closing lets a held request
 * go, and one that reached the server after the walk would change the next walk's basket.
 */
export async function dropHeldAtTheEnd({ world }: UiContext<HeldCallsWorld>) {
  if (world.ending && world.onItsWay && !world.onItsWay.letGo) await letGo(world.onItsWay, 'abort');
}

/**
 * The machine's own poll while a click waits for the held load (product rule R4.4): a timer the
 * page sets after the machine's, of the same delay, fires after it. Polls in a row are the app's
 * own clock, which does not wait for the walk: the walk passes them (and checks the run once, at
 * its end), and the one that gives up waits for the app's 100 polls to run out.
 */
export async function waitOnePoll({ page, event, next, to }: UiStep<unknown>) {
  if (next?.type === event.type) return;
  if (!stateKeys(to.value).includes('loading.waiting')) {
    await expect(page.getByText(BASKET_LOADING_TIMEOUT).first()).toBeVisible({
      timeout: BASKET_WAIT_TRIES * BASKET_POLL_MS + 5_000,
    });
    return;
  }
  await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), BASKET_POLL_MS);
}

/**
 * The call a step starts: entering a busy state, or an answer after which the next call goes (a
 * change clicked meanwhile, a click kept while the basket loaded).
 */
function callStartedBy(calls: CallsByState, { event, from, to }: UiStep<HeldCallsWorld>) {
  const state = typeof to.value === 'string' ? to.value : undefined;
  if (state === undefined || !(state in calls)) return undefined;
  const answered = /^xstate\.(done|error)\.actor\./.test(event.type);
  return answered || JSON.stringify(from.value) !== JSON.stringify(to.value)
    ? calls[state]
    : undefined;
}

/**
 * Executors whose steps hold the call each one starts, until the step for its answer:
 * `holdingCalls<World>(calls)(executors)` (the world named, the table's own type kept).
 */
export const holdingCalls =
  <TWorld extends HeldCallsWorld>(calls: CallsByState) =>
  <T extends Record<string, Executor<TWorld>>>(executors: T): T => {
    const wrap =
      (run: ((step: UiStep<TWorld>) => Promise<void>) | undefined) =>
      async (step: UiStep<TWorld>): Promise<void> => {
        step.world.ending = step.after.length === 0;
        const starts = callStartedBy(calls, step);
        const next = starts ? await holdNextCall(step.page, starts) : undefined;
        await run?.(step);
        if (!next) return;
        step.world.onItsWay = next;
        // The machine took the answer and made its next call: on its way before the check.
        await next.arrived;
      };
    return Object.fromEntries(
      Object.entries(executors).map(([type, executor]) => [
        type,
        typeof executor === 'function'
          ? wrap(executor)
          : { can: executor.can, run: wrap(executor.run) },
      ]),
    ) as T;
  };
