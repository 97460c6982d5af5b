import type { Page, Request } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { weekName } from '../../domain/recipe-kit-basket';
import { normaliseVoucherCode, PROPOSITION_NAMES } from '../../domain/voucher';
import { firstOrderableWeek } from '../../domain/weeks';
import {
  recipeKitBasketMachine,
  type RecipeKitBasketContext,
  type RecipeKitBasketEvent,
} from '../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import { cacio, POLL, pathModel } from '../../tests/machines/recipe-kit-basket/events';
import { expect, signUpViaApi } from '../support/fixtures';
import { apiCall } from '../support/api';
import { addRegular, boxPanel } from '../support/kit-checkout';
import {
  answer,
  drop,
  dropHeldAtTheEnd,
  holdingCalls,
  holdNextCall,
  letGo,
  waitOnePoll,
  type CallsByState,
  type HeldCallsWorld,
} from './held-calls';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/**
 * The box's call on its way (held until the model's step for its answer), the voucher code the
 * customer typed last, whether the session has ended on the server, and whether the step walked
 * is the path's last.
 */
interface KitBasketWorld extends HeldCallsWorld {
  voucherCode: string | undefined;
  sessionEnded: boolean;
}

type Of<T extends RecipeKitBasketEvent['type']> = Extract<RecipeKitBasketEvent, { type: T }>;

const MENU = '/menu';
const BRANCH = { 'X-Branch': 'web' };

/**
 * The model's dish (variant 11, £8.95: one portion below the £10 minimum, two above it) is the
 * real menu's variant 11, the regular Tagliatelle with Slow-Cooked Beef Ragù at the same price.
 */
const DISH = { title: 'Tagliatelle with Slow-Cooked Beef Ragù', variantId: cacio.variantId };

/** A recipe-kit voucher the server takes (£5 off), where the model's answer is a voucher applied. */
const KIT_VOUCHER = 'KITCHEN5';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as RecipeKitBasketContext;
const pathOf = (request: Request) => new URL(request.url()).pathname;
const is = (request: Request, method: string, path: RegExp) =>
  request.method() === method && path.test(pathOf(request));

/** The box's list read: the menu's first load, and the checkout's first read. */
const listRead = (request: Request) => is(request, 'GET', /^\/api\/v2\/baskets$/);

/** Each call the box makes, by the state that makes it: the first request of that call. */
const CALLS: CallsByState = {
  creating: (request) => is(request, 'POST', /^\/api\/v2\/baskets$/),
  adding: (request) => is(request, 'POST', /^\/api\/v2\/baskets\/[^/]+\/items$/),
  syncing: (request) =>
    ['PUT', 'DELETE'].some((method) =>
      is(request, method, /^\/api\/v2\/baskets\/[^/]+\/items\/[^/]+$/),
    ),
  // The customer's plan choice; the recipes that follow the box (product rule R7.20) are the
  // page's own change, not the model's, and go through.
  updatingPlan: (request) =>
    is(request, 'PUT', /^\/api\/v2\/baskets\/[^/]+$/) &&
    (request.postDataJSON() as { frequency?: number }).frequency !== undefined,
  applyingVoucher: (request) => is(request, 'POST', /^\/api\/v2\/baskets\/[^/]+\/vouchers$/),
  removingVoucher: (request) =>
    is(request, 'DELETE', /^\/api\/v2\/baskets\/[^/]+\/vouchers\/[^/]+$/),
  // Product rule R2.7: the box is deleted, then a fresh one made.
  resetting: (request) =>
    is(request, 'DELETE', /^\/api\/v2\/baskets\/delete_by_type\/RecipeKitBasket$/),
  // The checkout's own first read: held, its URL (/checkout) stays until the check has seen it.
  checkingOut: listRead,
};

/**
 * The box as the model's first load answers it: two portions of the dish, on a plan every week
 * whose recipes are the box's (so the page has no recipes of its own to save, product rule R7.20).
 */
async function twoPortionsViaApi(page: Page) {
  const basket = await apiCall(page.request, 'post', '/baskets', {
    type: 'RecipeKitBasket',
    start_subscription: true,
  });
  await apiCall(page.request, 'put', `/baskets/${basket.id}`, {
    start_subscription: true,
    number_of_recipes: 2,
    frequency: 1,
  });
  await apiCall(page.request, 'post', `/baskets/${basket.id}/items`, {
    product_variant_id: DISH.variantId,
    quantity: 2,
    meal_week: firstOrderableWeek(new Date()),
  });
}

/** The first of these events' outcome of a call, further on in the path. */
const outcomeOf = (events: EventObject[], call: string) =>
  events.find((later) => new RegExp(`^xstate\\.(done|error)\\.actor\\.${call}$`).test(later.type));

const week = () => weekName(firstOrderableWeek(new Date()));
const box = boxPanel;

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = holdingCalls<KitBasketWorld>(CALLS)({
  'item.add': async ({ page }) => {
    await addRegular(page, DISH.title);
  },
  'item.increment': async ({ page }) => {
    await box(page)
      .getByRole('button', { name: `Add one ${DISH.title} to ${week()}` })
      .click();
  },
  'item.decrement': async ({ page }) => {
    await box(page)
      .getByRole('button', { name: `Remove one ${DISH.title} from ${week()}` })
      .click();
  },
  // The model's frequency (its recipes follow the box, product rule R7.20); the next one when
  // the box already comes that often, so the choice is a change.
  'plan.change': async ({ page, event }) => {
    const { frequency = 2 } = event as Of<'plan.change'>;
    const select = box(page).getByLabel('Delivery frequency');
    const weeks = (await select.inputValue()) === String(frequency) ? frequency + 1 : frequency;
    await select.selectOption(String(weeks));
  },
  // The field shows only while the box has no voucher (Remove takes its place).
  'voucher.apply': {
    can: ({ from }) => contextOf(from).basket?.voucher == null,
    run: async ({ page, event, after, world }) => {
      // The model's code is a takeaway voucher the server refuses on a box (product rule R12.2);
      // a box's own voucher where the model's is taken.
      const taken = outcomeOf(after, 'applyVoucher')?.type === 'xstate.done.actor.applyVoucher';
      world.voucherCode = normaliseVoucherCode(
        taken ? KIT_VOUCHER : (event as Of<'voucher.apply'>).code,
      );
      await box(page).getByLabel('Voucher code').fill(world.voucherCode);
      await box(page).getByRole('button', { name: 'Apply voucher' }).click();
    },
  },
  'voucher.remove': async ({ page }) => {
    await box(page).getByRole('button', { name: 'Remove voucher' }).click();
  },
  'checkout.start': async ({ page }) => {
    await box(page).getByRole('button', { name: 'Checkout' }).click();
  },
  // Shown only with the box's error (R7.22): without one there is nothing to try again.
  'basket.retry': {
    can: ({ from }) => contextOf(from).error !== null,
    run: async ({ page }) => {
      await box(page).getByRole('button', { name: 'Try again' }).click();
    },
  },
  // Product rule R2.5: the session ends on the server while a voucher call is on its way; the
  // server refuses that call (401, a basket's voucher is its owner's), which signs the page out
  // and resets the box (R2.7). The vouchers' are the only calls on the menu a session can fail.
  'session.signedOut': {
    can: ({ from }) => from.matches('applyingVoucher') || from.matches('removingVoucher'),
    run: async (step) => {
      const ended = await step.page.request.delete('/api/v2/sessions', { headers: BRANCH });
      expect(ended.status()).toBe(204);
      step.world.sessionEnded = true;
      await answer(step);
    },
  },
  [POLL]: waitOnePoll,
  // The model's load answers two portions of the dish, made on the server while the page's read
  // is held; then the read goes on.
  'xstate.done.actor.loadBasket': async (step) => {
    if ((step.event as { output?: unknown }).output != null) await twoPortionsViaApi(step.page);
    await answer(step);
  },
  'xstate.error.actor.loadBasket': drop,
  'xstate.done.actor.createBasket': answer,
  'xstate.error.actor.createBasket': drop,
  'xstate.done.actor.addItem': answer,
  'xstate.error.actor.addItem': drop,
  'xstate.done.actor.changeItem': answer,
  'xstate.error.actor.changeItem': drop,
  'xstate.done.actor.updatePlan': answer,
  'xstate.error.actor.updatePlan': drop,
  'xstate.done.actor.applyVoucher': answer,
  // The server's own refusal of the code typed (see voucher.apply).
  'xstate.error.actor.applyVoucher': answer,
  'xstate.done.actor.removeVoucher': answer,
  'xstate.error.actor.removeVoucher': drop,
  'xstate.done.actor.resetBasket': answer,
  'xstate.error.actor.resetBasket': drop,
} satisfies Record<
  MachineEventType<typeof recipeKitBasketMachine> | typeof POLL,
  Executor<KitBasketWorld>
>);

/**
 * The menu and its box as the model has it: the dish's count as shown (clicks not yet confirmed
 * included, product rule R7.21), whether a call is on its way, the box's error, Checkout and the
 * plan as the machine allows them, the voucher or its field, and who is signed in.
 */
async function expectBox({
  page,
  snapshot,
  world,
}: {
  page: Page;
  snapshot: AnyMachineSnapshot;
  world: KitBasketWorld;
}) {
  const context = contextOf(snapshot);
  const panel = box(page);
  await expect(page).toHaveURL(new RegExp(`${MENU}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recipe kit menu');
  const quantity = context.lines.find((line) => line.variantId === DISH.variantId)?.quantity;
  // Product rule R7.22: a box that could not be read is not said to be empty.
  const unread = context.error !== null && snapshot.can({ type: 'basket.retry' });
  const empty = panel.getByText('Your box is empty.', { exact: false });
  if (quantity === undefined) await expect(empty).toHaveCount(unread ? 0 : 1);
  else {
    await expect(panel.getByLabel(`${quantity} ${DISH.title}`, { exact: true })).toBeVisible();
    await expect(panel.locator('dl.basket__totals')).toHaveAttribute(
      'aria-busy',
      String(snapshot.hasTag('busy')),
    );
  }
  if (context.error === null) await expect(panel.getByRole('alert')).toHaveCount(0);
  else await expect(panel.getByRole('alert')).toHaveText(context.error);
  // Product rule R7.22: a box that could not be read offers to read it again.
  const retry = panel.getByRole('button', { name: 'Try again' });
  if (unread) await expect(retry).toBeVisible();
  else await expect(retry).toHaveCount(0);
  // Product rule R7.13: Checkout once every week and the total reach the minimum.
  const checkout = panel.getByRole('button', { name: 'Checkout' });
  if (snapshot.can({ type: 'checkout.start' })) await expect(checkout).toBeEnabled();
  else await expect(checkout).toBeDisabled();
  // Product rule R7.19: the plan is chosen while the box takes a change.
  const oneOff = panel.getByRole('radio', { name: 'A one-off box' });
  if (snapshot.can({ type: 'plan.change' })) await expect(oneOff).toBeEnabled();
  else await expect(oneOff).toBeDisabled();
  await expectVoucher(page, snapshot, world);
  // Product rule R2.5: a session the server ended signs the page out.
  const banner = page.getByRole('banner');
  if (world.sessionEnded)
    await expect(banner.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  else await expect(banner.getByRole('button', { name: 'My account' })).toBeVisible();
}

/** The applied code (product rule R12.1: upper-cased), or the field with why a code was refused. */
async function expectVoucher(page: Page, snapshot: AnyMachineSnapshot, world: KitBasketWorld) {
  const context = contextOf(snapshot);
  const panel = box(page);
  if (context.basket?.voucher != null) {
    await expect(panel.getByRole('status')).toHaveText(
      new RegExp(`^Voucher ${world.voucherCode} applied\\.`),
    );
    await expect(panel.getByRole('term').filter({ hasText: 'Discount' })).toBeVisible();
    const remove = panel.getByRole('button', { name: 'Remove voucher' });
    if (snapshot.can({ type: 'voucher.remove' })) await expect(remove).toBeEnabled();
    else await expect(remove).toBeDisabled();
    return;
  }
  const field = panel.getByLabel('Voucher code');
  await expect(field).toBeVisible();
  // Product rule R12.4: a 400 shows the server's words.
  if (context.voucherState.status === 'invalid')
    await expect(field).toHaveAccessibleDescription(
      `Error: ${world.voucherCode} can't be used for ${PROPOSITION_NAMES.RK} orders`,
    );
}

/** The box seen; where the path ends, the call still on its way is dropped. */
const seeBox: StateCheck<KitBasketWorld> = async (context) => {
  await expectBox(context);
  await dropHeldAtTheEnd(context);
};

/** What the customer sees in each state (the machine's only meta.path is the checkout's). */
const states = {
  'loading.idle': seeBox,
  'loading.waiting': seeBox,
  creating: seeBox,
  ready: seeBox,
  adding: seeBox,
  syncing: seeBox,
  updatingPlan: seeBox,
  applyingVoucher: seeBox,
  removingVoucher: seeBox,
  resetting: seeBox,
  // The box hands over to the checkout (its URL checked by the walk while its first read is
  // held): a signed-in customer with no address opens on the delivery address step.
  checkingOut: async ({ page, world }) => {
    await letGo(world.onItsWay!, 'continue');
    await expect(page).toHaveURL(/\/checkout\/delivery\/address$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery address');
  },
} satisfies Partial<
  Record<MachineStateKey<typeof recipeKitBasketMachine>, StateCheck<KitBasketWorld>>
>;

export const recipeKitBasketUi = uiAdapter(recipeKitBasketMachine, {
  machine: 'recipe-kit-basket',
  model: pathModel,
  world: (): KitBasketWorld => ({
    onItsWay: undefined,
    voucherCode: undefined,
    sessionEnded: false,
    ending: false,
  }),
  // The model's other entries have no screen: only /menu starts the box, never during a token
  // sign-in, and the gift-boxes route is not built yet (planned, docs/product-rules.md).
  entries: {
    // A customer of the walk's own (their box is made on the server as the page reads it), and
    // the menu opened with the box's first read held, so a click can be made while it loads.
    'on /menu': async ({ page, world }) => {
      await signUpViaApi(page.request);
      const load = await holdNextCall(page, listRead);
      world.onItsWay = load;
      // Its read held is the app up and running: the dishes' pictures need not have loaded.
      await page.goto(MENU, { waitUntil: 'domcontentloaded' });
      await load.arrived;
      await expect(
        page
          .getByRole('tabpanel')
          .getByRole('button', { name: `View ${DISH.title}`, exact: true })
          .first(),
      ).toBeVisible();
    },
  },
  executors,
  states,
});
