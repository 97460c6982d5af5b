import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  ORDER_PAYMENT_MESSAGES,
  orderPaymentMachine,
  type OrderPaymentEvent,
} from '../../machines/order-payment/order-payment.machine';
import type {
  OrderPaymentOptions,
  ReturnedOrderPayment,
} from '../../machines/order-payment/order-payment.types';
import { pathModel } from '../../tests/machines/order-payment/events';
import { apiCall, savedSandboxCard } from '../support/api';
import { expect, signUpViaApi } from '../support/fixtures';
import { kitBasket, savedHome } from '../support/kit-checkout';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';
import {
  cardFor,
  digits,
  fillCard,
  payButton,
  SANDBOX_CARDS,
  type PathCards,
} from './card-payments';
import { outputOf, statusOf } from './outcomes';

/**
 * The walk's own order (made through the API), the last four digits of the card it saved, and the
 * calls failing on the network until the customer tries again.
 */
interface PaymentWorld {
  orderId: string | undefined;
  savedLast4: string | undefined;
  failing: RegExp | undefined;
}

type Of<T extends OrderPaymentEvent['type']> = Extract<OrderPaymentEvent, { type: T }>;

const BRANCH = { 'X-Branch': 'web' };

/** Sandbox test cards (docs/payments.md), each chosen for the outcome the path needs. */
const CARDS: PathCards = {
  ...SANDBOX_CARDS,
  // lost_card: a hard decline, "use a different card".
  hardDecline: '4000 0000 0000 9987',
};

/** The real server answers a payment with a decline (402); its provider is not made unreachable. */
const canPayFor = (after: EventObject[]) =>
  !after.some(
    (event) =>
      event.type === 'xstate.error.actor.pay' &&
      (event as { error?: { status?: number } }).error?.status !== 402,
  );

/**
 * A signed-up customer's box ordered through the API: paid with a card that pays, or left
 * awaiting payment by one that declines (the checkouts' "payment failed after the order was
 * written"). Answers its id.
 */
async function boxOrder(page: Page, paid: boolean): Promise<string> {
  const request = page.request;
  await signUpViaApi(request);
  const addressId = await savedHome(request);
  const basketId = await kitBasket(request, undefined, 1);
  const response = await request.post('/api/v2/orders/recipe_kits', {
    headers: BRANCH,
    data: {
      basket_id: basketId,
      payment_method_id: await savedSandboxCard(
        request,
        digits(paid ? CARDS.pays : CARDS.declines),
      ),
      shipping_address_id: addressId,
    },
  });
  if (paid) {
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).data.id as string;
  }
  expect(response.status(), await response.text()).toBe(402);
  const pending = await request.get('/api/v2/orders/pending_payment');
  const [order] = (await pending.json()).data as { id: string }[];
  expect(order).toBeTruthy();
  return order!.id;
}

/**
 * Product rule R9.29: a box left unpaid is dropped when its delivery day comes. The walk's box,
 * its payment declined, is dropped by the billing job run as of that day, for its customer only.
 */
async function droppedBoxOrder(page: Page): Promise<string> {
  const orderId = await boxOrder(page, false);
  const read = async (url: string) => {
    const response = await page.request.get(`/api/v2${url}`, { headers: BRANCH });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).data.attributes;
  };
  const { email } = await read('/me');
  const { delivery_date: deliveryDate } = await read(`/orders/${orderId}`);
  const run = await apiCall(page.request, 'post', '/dev/billing_runs', {
    as_of: `${deliveryDate}T00:05:00Z`,
    customer_email: email,
  });
  expect(run.attributes.dropped).toBe(1);
  return orderId;
}

/** At the page's entry (no payment tried yet); after a return the page reloads the order itself. */
const atEntry = (from: AnyMachineSnapshot) => from.context.attempt === 0;

/**
 * A call that fails on the network: the browser's request is dropped before it leaves (status 0),
 * so it never reaches the server; the page says so as for a server error, until "Try again".
 */
async function failOnTheNetwork(page: Page, world: PaymentWorld, calls: RegExp) {
  world.failing = calls;
  await page.route(calls, (route) => route.abort('failed'));
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  'payment.submit': {
    can: ({ after }) => canPayFor(after),
    run: async ({ page, event, after, world }) => {
      const { choice } = event as Of<'payment.submit'>;
      await expect(payButton(page)).toBeVisible();
      if (choice.kind === 'saved')
        await page.getByRole('radio', { name: new RegExp(`ending ${world.savedLast4}`) }).check();
      else {
        const failsToSave = after[0]?.type === 'xstate.error.actor.saveCard';
        const { cvc } = (choice as { card: { cvc: string } }).card;
        await fillCard(page, failsToSave ? CARDS.incorrect : cardFor(CARDS, after), cvc);
      }
      await payButton(page).click();
    },
  },
  // The call that failed goes through again.
  retry: async ({ page, world }) => {
    await expect(heading(page)).toHaveText('Sorry, something went wrong');
    if (world.failing) await page.unroute(world.failing);
    world.failing = undefined;
    await page.getByRole('button', { name: 'Try again' }).click();
  },
  // The walk makes orders awaiting payment, paid ones and dropped ones (R9.29).
  'xstate.done.actor.loadOrder': async ({ page, event, from, after, world }) => {
    if (!atEntry(from)) return;
    const { order } = outputOf<OrderPaymentOptions>(event)!;
    world.orderId =
      order.state === 'dropped'
        ? await droppedBoxOrder(page)
        : await boxOrder(page, order.paidAt !== null);
    // A saved card for a payment with a saved method, the one that brings about its outcome.
    if (after.some((later) => (later as Of<'payment.submit'>).choice?.kind === 'saved')) {
      const number = digits(cardFor(CARDS, after));
      await savedSandboxCard(page.request, number);
      world.savedLast4 = number.slice(-4);
    }
    await page.goto(`/payment/${world.orderId}`);
  },
  // Another customer's order, or one never written, is not found (404); the walk's own order
  // read failing on the network stands for the server failing (500).
  'xstate.error.actor.loadOrder': {
    can: ({ event, from }) => atEntry(from) && [404, 500].includes(statusOf(event) ?? 0),
    run: async ({ page, event, world }) => {
      if (statusOf(event) === 404) {
        await signUpViaApi(page.request);
        await page.goto('/payment/999999999');
        return;
      }
      world.orderId = await boxOrder(page, false);
      await failOnTheNetwork(page, world, new RegExp(`/api/v2/orders/${world.orderId}(\\?|$)`));
      await page.goto(`/payment/${world.orderId}`);
    },
  },
  'xstate.done.actor.saveCard': async () => {},
  'xstate.error.actor.saveCard': async () => {},
  'xstate.done.actor.pay': async () => {},
  'xstate.error.actor.pay': {
    can: ({ event }) => (event as { error?: { status?: number } }).error?.status === 402,
  },
  // A real return from the sandbox's 3-D Secure page, completed or failed, for this order.
  'xstate.done.actor.confirmPayment': {
    can: ({ event }) => {
      const output = outputOf<ReturnedOrderPayment>(event);
      return output?.orderId === '42' && ['succeeded', 'failed'].includes(output.status);
    },
    run: async ({ page, event, world }) => {
      const output = outputOf<ReturnedOrderPayment>(event)!;
      world.orderId = await boxOrder(page, false);
      await page.goto(`/payment/${world.orderId}`);
      await fillCard(page, CARDS.challenge, '123');
      await payButton(page).click();
      await expect(page).toHaveURL(/\/sandbox\/challenge\//);
      await page
        .getByRole('button', {
          name: output.status === 'succeeded' ? 'Complete authentication' : 'Fail authentication',
        })
        .click();
    },
  },
  // Back from a completed 3-D Secure challenge, the payment's read fails on the network.
  'xstate.error.actor.confirmPayment': {
    can: ({ event }) => statusOf(event) === 500,
    run: async ({ page, world }) => {
      world.orderId = await boxOrder(page, false);
      await page.goto(`/payment/${world.orderId}`);
      await fillCard(page, CARDS.challenge, '123');
      await payButton(page).click();
      await expect(page).toHaveURL(/\/sandbox\/challenge\//);
      await failOnTheNetwork(page, world, /\/api\/v2\/payment_details\//);
      await page.getByRole('button', { name: 'Complete authentication' }).click();
    },
  },
} satisfies Record<MachineEventType<typeof orderPaymentMachine>, Executor<PaymentWorld>>;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The model's errors are in the error summary; the machine's own messages word for word. */
async function expectErrors(page: Page, snapshot: AnyMachineSnapshot) {
  const errors = (snapshot.context as { errors: { message: string }[] }).errors;
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  if (errors.length === 0) await expect(summary).toHaveCount(0);
  const own = Object.values(ORDER_PAYMENT_MESSAGES) as string[];
  for (const { message } of errors)
    await expect(summary).toContainText(own.includes(message) ? message : /\S/);
}

/** What the customer sees in each state (the machine carries no meta.path: its URLs here). */
const states = {
  loading: 'transient',
  confirmingPayment: 'transient',
  savingCard: 'transient',
  paying: 'transient',
  choosing: async ({ page, snapshot, world }) => {
    await expect(page).toHaveURL(new RegExp(`/payment/${world.orderId}$`));
    await expect(heading(page)).toHaveText('Pay for your order');
    await expectErrors(page, snapshot);
  },
  // The bank's 3-D Secure page.
  redirecting: async ({ page }) => {
    await expect(page).toHaveURL(/\/sandbox\/challenge\//);
    await expect(page.getByRole('button', { name: 'Complete authentication' })).toBeVisible();
  },
  paid: async ({ page }) => {
    await expect(page).toHaveURL(/\/payment\/success$/);
    await expect(heading(page)).toHaveText('Thank you, your payment was successful');
  },
  // Product rule R9.29: the box dropped on its delivery day can no longer be paid.
  nothingToPay: async ({ page, world }) => {
    await expect(page).toHaveURL(new RegExp(`/payment/${world.orderId}$`));
    await expect(heading(page)).toHaveText('Nothing to pay');
    await expect(page.getByRole('main')).toContainText(
      /is not waiting for a payment: its status is Unable to process\./,
    );
    await expect(page.getByRole('main')).toContainText(
      'It was not paid in time, so it will not be delivered, and nothing was charged for it.',
    );
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  },
  failed: async ({ page, world }) => {
    await expect(page).toHaveURL(new RegExp(`/payment/${world.orderId}(\\?|$)`));
    await expect(heading(page)).toHaveText('Sorry, something went wrong');
    await expect(page.getByRole('alert')).toHaveText(/\S/);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  notFound: async ({ page }) => {
    await expect(page).toHaveURL(/\/payment\/999999999$/);
    await expect(heading(page)).toHaveText('Order not found');
  },
} satisfies Partial<Record<MachineStateKey<typeof orderPaymentMachine>, StateCheck<PaymentWorld>>>;

export const orderPaymentUi = uiAdapter(orderPaymentMachine, {
  machine: 'order-payment',
  model: pathModel,
  world: () => ({ orderId: undefined, savedLast4: undefined, failing: undefined }),
  entries: {
    // The order's outcome is the walk's order: made, then opened, by the load's executor.
    'opened at /payment/42': async () => {},
    // The return is a real one, from the sandbox's 3-D Secure page, made by the confirm's executor.
    'back from the bank at /payment/42?payment_id=9': async () => {},
  },
  executors,
  states,
});
