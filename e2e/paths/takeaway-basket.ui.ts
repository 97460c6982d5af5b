import type { Page, Request } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { formatPrice } from '../../domain/money';
import { amountLeftToMinimum } from '../../domain/takeaway-basket';
import {
  takeawayBasketMachine,
  type TakeawayBasketContext,
  type TakeawayBasketEvent,
} from '../../machines/takeaway-basket/takeaway-basket.machine';
import { stored } from '../../tests/machines/address-search/events';
import { POLL, pathModel } from '../../tests/machines/takeaway-basket/events';
import { apiCall } from '../support/api';
import { expect, signUpViaApi } from '../support/fixtures';
import { expectFlashShown } from '../support/flashes';
import { takeawayBasket } from '../support/takeaway-checkout';
import {
  answer,
  drop,
  dropHeldAtTheEnd,
  holdingCalls,
  holdNextCall,
  waitOnePoll,
  type CallsByState,
  type HeldCallsWorld,
} from './held-calls';
import { outputOf } from './outcomes';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/** The basket's call on its way, held until the model's step for its answer. */
type BasketWorld = HeldCallsWorld;

type Of<T extends TakeawayBasketEvent['type']> = Extract<TakeawayBasketEvent, { type: T }>;

const MENU = '/pasta-now';

/**
 * The model's dish (£6.50, one portion below the £10 minimum, two above it) is the real menu's
 * Tiramisù at the same price, added without a modifier dialog.
 */
const DISH = { title: 'Tiramisù', variantId: '301' };

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as TakeawayBasketContext;

/** Each call the basket makes, by the state that makes it: the request of it the walk holds. */
const CALLS: CallsByState = {
  loading: (request) => request.method() === 'GET' && pathOf(request) === '/api/v2/baskets',
  // The dish's own request: the first add creates the basket just before it (product rule R4.2).
  adding: (request) =>
    request.method() === 'POST' && /^\/api\/v2\/baskets\/[^/]+\/items$/.test(pathOf(request)),
  syncing: (request) =>
    ['PUT', 'DELETE'].includes(request.method()) &&
    /^\/api\/v2\/baskets\/[^/]+\/items\/[^/]+$/.test(pathOf(request)),
  applyingVoucher: (request) =>
    request.method() === 'POST' && /^\/api\/v2\/baskets\/[^/]+\/vouchers$/.test(pathOf(request)),
  removingVoucher: (request) =>
    request.method() === 'DELETE' &&
    /^\/api\/v2\/baskets\/[^/]+\/vouchers\/[^/]+$/.test(pathOf(request)),
  emptying: (request) =>
    request.method() === 'DELETE' && /^\/api\/v2\/baskets\/[^/]+$/.test(pathOf(request)),
};

const pathOf = (request: Request) => new URL(request.url()).pathname;

/**
 * What the browser had before, on the server (the model's first load answers it): two Tiramisù
 * from Chiswick, for delivery to the stored address, as the page's first add would make it.
 */
async function storedBasketViaApi(page: Page) {
  const { address } = stored;
  const basket = await apiCall(page.request, 'post', '/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: Number(stored.restaurantId),
    fulfillment_type: 'delivery',
    address: {
      address1: address.address1,
      city: address.city,
      zip: address.zip,
      lat: address.lat,
      lon: address.lon,
      country_code: 'GB',
    },
  });
  await apiCall(page.request, 'post', `/baskets/${basket.id}/items`, {
    product_variant_id: DISH.variantId,
    quantity: 2,
  });
}

const basketClick = ({ from }: { from: AnyMachineSnapshot }) =>
  // "Anything else?" is a modal dialog: the basket behind it takes no clicks.
  !contextOf(from).offeringUpsells;

const upsells = (page: Page) => page.getByRole('dialog', { name: 'Anything else?' });

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = holdingCalls<BasketWorld>(CALLS)({
  'item.add': {
    can: basketClick,
    run: async ({ page }) => {
      await page.getByRole('button', { name: `Add ${DISH.title} to basket`, exact: true }).click();
    },
  },
  'item.increment': {
    can: basketClick,
    run: async ({ page }) => {
      await takeawayBasket(page)
        .getByRole('button', { name: `Add one more ${DISH.title}` })
        .click();
    },
  },
  'item.decrement': {
    can: basketClick,
    run: async ({ page }) => {
      await takeawayBasket(page)
        .getByRole('button', { name: `Remove one ${DISH.title}` })
        .click();
    },
  },
  'voucher.apply': {
    can: basketClick,
    run: async ({ page, event }) => {
      const basket = takeawayBasket(page);
      await basket.getByLabel('Voucher code').fill((event as Of<'voucher.apply'>).code);
      await basket.getByRole('button', { name: 'Apply voucher' }).click();
    },
  },
  // Remove shows for a voucher the basket's load or an apply has told; none while it loads.
  'voucher.remove': {
    can: (step) => basketClick(step) && contextOf(step.from).voucher !== null,
    run: async ({ page }) => {
      await takeawayBasket(page).getByRole('button', { name: 'Remove voucher' }).click();
    },
  },
  // Product rule R4.13: it asks first. Shown with dishes in the basket, none while it loads.
  'basket.empty': {
    can: (step) => basketClick(step) && contextOf(step.from).lines.length > 0,
    run: async ({ page }) => {
      await takeawayBasket(page).getByRole('button', { name: 'Empty basket' }).click();
      await page
        .getByRole('dialog', { name: 'Empty your basket?' })
        .getByRole('button', { name: 'Yes, empty my basket' })
        .click();
    },
  },
  'checkout.start': {
    can: basketClick,
    run: async ({ page }) => {
      await takeawayBasket(page).getByRole('button', { name: 'Checkout' }).click();
    },
  },
  // "Back to the menu" is in the upsells dialog: only while it is open.
  'upsell.close': {
    can: ({ from }) => contextOf(from).offeringUpsells,
    run: async ({ page }) => {
      await upsells(page).getByRole('button', { name: 'Back to the menu' }).click();
    },
  },
  'checkout.continue': async ({ page }) => {
    await upsells(page).getByRole('button', { name: 'Continue to checkout' }).click();
  },
  [POLL]: waitOnePoll,
  // The model's load answers the two Tiramisù the browser had before: made on the server while
  // the page's read is held, then the read goes on.
  'xstate.done.actor.loadBasket': async (step) => {
    if (outputOf<{ basketId: string | null }>(step.event)?.basketId != null)
      await storedBasketViaApi(step.page);
    await answer(step);
  },
  'xstate.error.actor.loadBasket': drop,
  'xstate.done.actor.addItem': async (step) => {
    await answer(step);
    // Product rule R4.12: once the server has the dish, a toast says so.
    await expectFlashShown(step.page, `Added ${DISH.title}`);
  },
  'xstate.error.actor.addItem': async (step) => {
    await drop(step);
    await expectFlashShown(step.page, contextOf(step.to).error!);
  },
  'xstate.done.actor.changeItem': answer,
  'xstate.error.actor.changeItem': drop,
  'xstate.done.actor.applyVoucher': answer,
  // Product rule R12.4: any failure but a 400 or a 404 reads as the model's 500 does.
  'xstate.error.actor.applyVoucher': drop,
  'xstate.done.actor.removeVoucher': answer,
  'xstate.error.actor.removeVoucher': drop,
  'xstate.done.actor.deleteBasket': answer,
  'xstate.error.actor.deleteBasket': drop,
} satisfies Record<
  MachineEventType<typeof takeawayBasketMachine> | typeof POLL,
  Executor<BasketWorld>
>);

/**
 * The menu and its basket as the model has it: the dish's count as shown (clicks not yet
 * confirmed included, product rule R4.15), the server's subtotal, a voucher or its field, the
 * basket's error, Checkout and Empty basket as the machine allows them, and whether a call is on
 * its way.
 */
async function expectBasket({ page, snapshot }: { page: Page; snapshot: AnyMachineSnapshot }) {
  const context = contextOf(snapshot);
  await expect(page).toHaveURL(new RegExp(`${MENU}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${stored.restaurantSite} menu`);
  if (context.offeringUpsells) {
    // Product rule R4.8: "Anything else?" before the checkout.
    await expect(upsells(page)).toBeVisible();
    await expect(upsells(page).getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
    return;
  }
  await expect(upsells(page)).toBeHidden();
  const basket = takeawayBasket(page);
  await expect(basket.locator('.takeaway-basket__totals')).toHaveAttribute(
    'aria-busy',
    String(snapshot.hasTag('busy')),
  );
  const quantity = context.lines[0]?.quantity;
  if (quantity === undefined) {
    await expect(basket.getByText('Your basket is empty.', { exact: false })).toBeVisible();
    await expect(basket.getByRole('button', { name: 'Empty basket' })).toHaveCount(0);
  } else {
    await expect(basket.getByText(`Quantity of ${DISH.title}: ${quantity}`)).toBeAttached();
    const empty = basket.getByRole('button', { name: 'Empty basket' });
    if (snapshot.can({ type: 'basket.empty' })) await expect(empty).toBeEnabled();
    else await expect(empty).toBeDisabled();
  }
  await expect(basket.getByRole('definition').first()).toHaveText(
    formatPrice(context.totals.subtotal),
  );
  await expect(basket.getByText(minimumText(context), { exact: true })).toBeVisible();
  // Product rule R4.5: Checkout once the basket has dishes reaching the £10 minimum.
  const checkout = basket.getByRole('button', { name: 'Checkout' });
  if (snapshot.can({ type: 'checkout.start' })) await expect(checkout).toBeEnabled();
  else await expect(checkout).toBeDisabled();
  if (context.error === null) await expect(basket.getByRole('alert')).toHaveCount(0);
  else await expect(basket.getByRole('alert')).toHaveText(context.error);
  await expectVoucher(page, context);
}

/** What the minimum order still needs, from the server's subtotal before any discount (R4.5). */
function minimumText({ lines, totals }: TakeawayBasketContext) {
  const minimum = formatPrice(totals.minimumSpend);
  const left = amountLeftToMinimum(totals.subtotal, totals.minimumSpend);
  if (lines.length === 0) return `The minimum order is ${minimum}.`;
  return left > 0
    ? `Add ${formatPrice(left)} more to reach the ${minimum} minimum order.`
    : `Your order meets the ${minimum} minimum.`;
}

/** The applied code (product rule R12.1: upper-cased), or the field with why a code was refused. */
async function expectVoucher(page: Page, context: TakeawayBasketContext) {
  const basket = takeawayBasket(page);
  if (context.voucher !== null) {
    await expect(basket.getByRole('status')).toHaveText(
      new RegExp(`Voucher ${context.voucher.code} applied`),
    );
    // The seed's PASTA10 takes 10% of the dishes: no discount row on an empty basket.
    await expect(basket.getByRole('term').filter({ hasText: 'Discount' })).toHaveCount(
      context.totals.subtotal > 0 ? 1 : 0,
    );
    return;
  }
  const field = basket.getByLabel('Voucher code');
  await expect(field).toBeVisible();
  if (context.voucherState.status === 'invalid')
    await expect(field).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(context.voucherState.message)),
    );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The basket seen; where the path ends, the call still on its way is dropped. */
const seeBasket: StateCheck<BasketWorld> = async (context) => {
  await expectBasket(context);
  await dropHeldAtTheEnd(context);
};

/** What the customer sees in each state (the machine carries no meta.path: the menu's URL). */
const states = {
  'loading.idle': seeBasket,
  'loading.waiting': seeBasket,
  ready: seeBasket,
  adding: seeBasket,
  syncing: seeBasket,
  applyingVoucher: seeBasket,
  removingVoucher: seeBasket,
  emptying: seeBasket,
  // The menu hands over to the checkout: a signed-in customer's basket without a phone for the
  // rider opens on the delivery details.
  checkingOut: async ({ page }) => {
    await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/address$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery details');
  },
} satisfies Partial<Record<MachineStateKey<typeof takeawayBasketMachine>, StateCheck<BasketWorld>>>;

export const takeawayBasketUi = uiAdapter(takeawayBasketMachine, {
  machine: 'takeaway-basket',
  model: pathModel,
  world: (): BasketWorld => ({ onItsWay: undefined, ending: false }),
  entries: {
    // A customer of the walk's own (their basket is made on the server as the page reads it), the
    // delivery the address search keeps (product rule R3.10), and the menu opened with the
    // basket's first read held, so a click can be made while it loads.
    'on a restaurant menu': async ({ page, world }) => {
      await signUpViaApi(page.request);
      await page.addInitScript((value) => {
        if (localStorage.getItem('sfoglia.delivery') === null)
          localStorage.setItem(
            'sfoglia.delivery',
            JSON.stringify({ value, expiresAt: Date.now() + 60 * 60_000 }),
          );
      }, stored);
      const load = await holdNextCall(page, CALLS.loading!);
      world.onItsWay = load;
      await page.goto(MENU);
      await load.arrived;
      await expect(
        page.getByRole('button', { name: `Add ${DISH.title} to basket`, exact: true }),
      ).toBeVisible();
    },
  },
  executors,
  states,
});
