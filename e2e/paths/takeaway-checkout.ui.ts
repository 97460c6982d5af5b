import type { APIRequestContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  TAKEAWAY_CHECKOUT_MESSAGES,
  TAKEAWAY_CHECKOUT_PATHS,
  takeawayCheckoutMachine,
  type TakeawayCheckoutEvent,
} from '../../machines/takeaway-checkout/takeaway-checkout.machine';
import type { TakeawayCheckoutBasket } from '../../machines/takeaway-checkout/takeaway-checkout.types';
import { pathModel } from '../../tests/machines/takeaway-checkout/events';
import { apiCall, savedSandboxCard } from '../support/api';
import { expect, signUpViaApi, type NewCustomer } from '../support/fixtures';
import { takeawayBasketViaApi } from '../support/paid-takeaway-order';
import {
  once,
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
  type UiContext,
} from './ui-adapter';
import {
  cardFor,
  digits,
  fillCard,
  payButton,
  SANDBOX_CARDS,
  type PathCards,
} from './card-payments';
import { isType, outputOf } from './outcomes';
import { checkoutSignUpExecutor, signInExecutor } from './sign-in-forms';

/**
 * The walk's own customer and basket, made through the API; the card it saved; and, where the
 * real server or bank words an outcome other than the model does, those words by the model's.
 */
interface TakeawayWorld {
  /** A customer of the walk's own, for the sign-in form: made without signing the page in. */
  customer: () => Promise<NewCustomer>;
  basketId: string | undefined;
  savedLast4: string | undefined;
  opened: boolean;
  offline: boolean;
  words: Map<string, string>;
}

type Ctx = UiContext<TakeawayWorld>;
type Of<T extends TakeawayCheckoutEvent['type']> = Extract<TakeawayCheckoutEvent, { type: T }>;

const PATHS = TAKEAWAY_CHECKOUT_PATHS;

/** Sandbox test cards (docs/payments.md), each chosen for the outcome the path needs. */
const CARDS: PathCards = {
  ...SANDBOX_CARDS,
  // stolen_card: a hard decline, "use a different card".
  hardDecline: '4000 0000 0000 9979',
};

/** The sandbox bank's words for a failed 3-D Secure, then what to do next (product rule R11.6). */
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Try another card or contact your bank.';

/** What a basket the model loads stands for: the routing reads no more of it. */
type BasketKind = 'empty' | 'pickup' | 'ready' | 'noDetails';

const kindOf = (basket: TakeawayCheckoutBasket | null | undefined): BasketKind => {
  if (!basket || basket.itemCount === 0) return 'empty';
  if (basket.fulfillmentType !== 'delivery') return 'pickup';
  return basket.address?.phone ? 'ready' : 'noDetails';
};

/**
 * A basket of the kind, for whoever `request` is (a visitor's before sign-in): two dishes from
 * Chiswick to 12 Devonshire Road, with a phone for the rider when the details are to be complete
 * (the account gives the names), or for pickup. None for an empty one.
 */
async function basketOfKind(request: APIRequestContext, kind: BasketKind) {
  if (kind === 'empty') return undefined;
  if (kind === 'ready') return takeawayBasketViaApi(request);
  const basket = await apiCall(request, 'post', '/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: 16,
    fulfillment_type: kind === 'pickup' ? 'pickup' : 'delivery',
    ...(kind === 'noDetails' && {
      address: {
        address1: '12 Devonshire Road',
        city: 'London',
        zip: 'W4 2HD',
        lat: 51.4916,
        lon: -0.2555,
      },
    }),
  });
  await apiCall(request, 'post', `/baskets/${basket.id}/items`, {
    product_variant_id: '102',
    quantity: 2,
    sub_items: [{ product_variant_id: '901' }],
  });
  return basket.id as string;
}

/** A saved card that brings about the path's payment outcome, when the path pays with one. */
async function saveCardFor(page: Page, world: TakeawayWorld, after: EventObject[]) {
  const paysSaved = after.some((later) => (later as Of<'payment.submit'>).choice?.kind === 'saved');
  if (!paysSaved) return;
  const number = digits(cardFor(CARDS, after));
  await savedSandboxCard(page.request, number);
  world.savedLast4 = number.slice(-4);
}

/** The signed-in customer's basket written as an order awaiting payment, through the API. */
async function orderAwaitingPayment(page: Page, world: TakeawayWorld) {
  world.basketId = await takeawayBasketViaApi(page.request);
  const order = await apiCall(page.request, 'post', '/orders/takeaway', {
    basket_id: world.basketId,
  });
  return order.id as string;
}

/**
 * A sandbox bank's or wallet's page answered as its form posts (no page to draw), and the
 * customer back where it sends them.
 */
async function answerSandboxPage(page: Page, actionUrl: string, answer: Record<string, string>) {
  const url = new URL(actionUrl, 'http://sandbox.invalid');
  const answered = await page.request.post(url.pathname, {
    form: { return_url: url.searchParams.get('return_url') ?? '', ...answer },
    maxRedirects: 0,
  });
  expect(answered.status()).toBe(303);
  await page.goto(answered.headers().location!);
}

/**
 * A call that fails before the server answers (status 0): the browser offline as it is made.
 * Only where the customer's click makes that one call (the order written, the wallet set up, the
 * address saved), so nothing before it fails instead.
 */
async function goOffline({ page, world }: Ctx) {
  world.offline = true;
  await page.context().setOffline(true);
}

async function backOnline({ page, world }: Ctx) {
  await expect(page.getByRole('alert').first()).toBeVisible();
  world.offline = false;
  await page.context().setOffline(false);
}

/** The links each step shows to the others. */
const linkTo: Record<string, Record<string, string>> = {
  [PATHS.continue]: { [PATHS.login]: 'Sign in', [PATHS.signup]: 'Create an account' },
  [PATHS.login]: { [PATHS.signup]: 'Create an account' },
  [PATHS.signup]: { [PATHS.login]: 'Sign in' },
  [PATHS.instructions]: { [PATHS.address]: 'Change delivery details' },
};

/**
 * How the customer reaches a step's URL: its link on the page, else typing it (a fresh page
 * load, which routes as the machine does while the basket is not yet an order: once it is, the
 * basket is spent and a reload goes to the menu). Forward to the payment page from instructions
 * (the machine stays) is the browser's Forward button, which this walk does not use.
 */
const wayTo = (from: AnyMachineSnapshot, path: string, visited: string[]) => {
  const here = visited.at(-1) ?? '';
  if (linkTo[here]?.[path]) return 'link';
  // The bridge offers the machine only a URL other than the step's own: a reload starts afresh.
  if (path === here) return undefined;
  if (path === PATHS.confirmation) return 'type';
  if (from.context.order !== null) return undefined;
  if (path === PATHS.payment && from.matches({ steps: 'instructions' })) return undefined;
  return 'type';
};

/** The first payment outcome to come: the card, the wallet and offline each bring about some. */
const firstOutcome = (after: EventObject[]) =>
  after.find((event) =>
    /^xstate\.(done|error)\.actor\.(pay|placeOrder|setupWallet)$/.test(event.type),
  );

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  'url.changed': {
    can: ({ event, from, visited }) =>
      wayTo(from, (event as Of<'url.changed'>).path, visited) !== undefined,
    run: async ({ page, event, from, visited }) => {
      const { path } = event as Of<'url.changed'>;
      if (wayTo(from, path, visited) === 'link')
        await page
          .getByRole('main')
          .getByRole('link', { name: linkTo[visited.at(-1)!]![path]!, exact: true })
          .click();
      else await page.goto(path);
    },
  },
  'login.submit': signInExecutor<TakeawayWorld>(),
  'signup.submit': checkoutSignUpExecutor<TakeawayWorld>(),
  'address.submit': async (step) => {
    const { page, event, next } = step;
    const { form } = event as Of<'address.submit'>;
    // The page fills in the basket's address and the account's names: the rider's phone is asked.
    await page.getByLabel('Phone number').fill(form.phone);
    if (isType(next, 'xstate.error.actor.saveAddress')) await goOffline(step);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  },
  'instructions.submit': async ({ page, event, next, world }) => {
    const { note } = event as Of<'instructions.submit'>;
    if (isType(next, 'xstate.error.actor.saveInstructions')) {
      // The kitchen has run out of a dish in the basket (gnocchi, snoozed at Chiswick by the seed):
      // put there from Farringdon, which has it, then the basket moved back to Chiswick.
      const id = world.basketId!;
      await apiCall(page.request, 'put', `/baskets/${id}`, { restaurant_id: 19 });
      await apiCall(page.request, 'post', `/baskets/${id}/items`, {
        product_variant_id: '106',
        quantity: 1,
      });
      await apiCall(page.request, 'put', `/baskets/${id}`, { restaurant_id: 16 });
      const refused = await page.request.get(`/api/v2/baskets/${id}/validate?validate_fully=true`);
      expect(refused.status()).toBe(400);
      world.words.set('saveInstructions', (await refused.json()).errors[0].detail as string);
    }
    await page.getByLabel(/\(optional\)$/).fill(note);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
  },
  'payment.submit': {
    can: ({ event, from, after }) => {
      const { choice } = event as Of<'payment.submit'>;
      const outcome = firstOutcome(after);
      // Offline fails the order's call only when the click makes it first (no card to save).
      if (isType(outcome, 'xstate.error.actor.placeOrder') && choice.kind === 'newCard')
        return false;
      // The walk saves a card before the page opens, for a customer signed in from the start.
      if (choice.kind === 'saved' && from.context.signedInCustomer !== null) return false;
      // The wallet's payment always goes by its page.
      if (choice.kind === 'wallet')
        return (
          outputOf<{ status: string }>(
            after.find((later) => later.type === 'xstate.done.actor.pay'),
          )?.status === 'requires_action' &&
          !after.some((later) => later.type === 'xstate.error.actor.pay')
        );
      return true;
    },
    run: async (step) => {
      const { page, event, after, next, world } = step;
      const { choice } = event as Of<'payment.submit'>;
      await expect(payButton(page)).toBeVisible();
      if (isType(firstOutcome(after), 'xstate.error.actor.placeOrder')) await goOffline(step);
      if (choice.kind === 'wallet') {
        await page.getByRole('button', { name: 'Pay with PayPal' }).click();
        return;
      }
      if (choice.kind === 'saved')
        await page.getByRole('radio', { name: new RegExp(`ending ${world.savedLast4}`) }).check();
      else {
        const { cvc } = (choice as { card: { cvc: string } }).card;
        const failsToSave = isType(next, 'xstate.error.actor.saveCard');
        await fillCard(page, failsToSave ? CARDS.incorrect : cardFor(CARDS, after), cvc);
      }
      await payButton(page).click();
    },
  },
  'wallet.setup': {
    // Offline fails the wallet's set-up only when the click makes that call first.
    can: ({ from, after }) =>
      !after.some((later) => later.type === 'xstate.error.actor.setupWallet') ||
      from.context.order !== null,
    run: async (step) => {
      const outcome = firstOutcome(step.after);
      if (
        isType(outcome, 'xstate.error.actor.placeOrder') ||
        isType(outcome, 'xstate.error.actor.setupWallet')
      )
        await goOffline(step);
      await step.page.getByRole('button', { name: 'Save PayPal for next time' }).click();
    },
  },
  retry: async ({ page, world }) => {
    if (world.offline) {
      world.offline = false;
      await page.context().setOffline(false);
    }
    await page.getByRole('button', { name: 'Try again' }).click();
  },
  'xstate.done.actor.loadBasket': {
    // After signing in the visitor's basket is the customer's: the same basket again.
    can: ({ event, from }) =>
      from.context.basket === null ||
      kindOf(from.context.basket) === kindOf(outputOf<TakeawayCheckoutBasket>(event)),
    run: async ({ page, event, from, after, world }) => {
      if (world.opened) return;
      world.opened = true;
      // The payment step's read of the saved methods dropped on the network: the one call, never
      // reaching the server (offline would fail the calls before it instead).
      if (after.some((later) => later.type === 'xstate.error.actor.loadPaymentMethods'))
        await page.route(
          (url) => url.pathname === '/api/v2/payment_methods',
          (route) => route.abort('failed'),
          { times: 1 },
        );
      [world.basketId] = await Promise.all([
        basketOfKind(page.request, kindOf(outputOf<TakeawayCheckoutBasket>(event))),
        saveCardFor(page, world, after),
      ]);
      await page.goto(from.context.path);
    },
  },
  // The request never reaching the server (status 0): the customer comes back to the checkout
  // (Back, from the help page) with the browser offline.
  'xstate.error.actor.loadBasket': async ({ page, from, world }) => {
    world.opened = true;
    world.basketId = await basketOfKind(page.request, 'ready');
    await page.goto(from.context.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Help and support' }).click();
    // The help page drawn, so the checkout has left the screen (its chunk loads first).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help and support');
    world.offline = true;
    await page.context().setOffline(true);
    await page.goBack();
  },
  'xstate.done.actor.signIn': async ({ page }) => {
    await expect(page).not.toHaveURL(new RegExp(`${PATHS.login}$`));
  },
  'xstate.error.actor.signIn': async () => {},
  'xstate.done.actor.signUp': async ({ page }) => {
    await expect(page).not.toHaveURL(new RegExp(`${PATHS.signup}$`));
  },
  'xstate.error.actor.signUp': async () => {},
  'xstate.done.actor.saveAddress': async () => {},
  'xstate.error.actor.saveAddress': backOnline,
  'xstate.done.actor.saveInstructions': async () => {},
  'xstate.error.actor.saveInstructions': async () => {},
  'xstate.done.actor.loadPaymentMethods': async () => {},
  // Dropped on the network as the page opened (the basket's executor).
  'xstate.error.actor.loadPaymentMethods': async () => {},
  'xstate.done.actor.saveCard': {
    can: ({ next }) => !isType(next, 'xstate.error.actor.placeOrder'),
  },
  'xstate.error.actor.saveCard': async () => {},
  'xstate.done.actor.placeOrder': {
    can: ({ next }) => !isType(next, 'xstate.error.actor.setupWallet'),
  },
  'xstate.error.actor.placeOrder': backOnline,
  'xstate.done.actor.pay': async () => {},
  'xstate.error.actor.pay': {
    can: ({ event }) => (event as { error?: { status?: number } }).error?.status === 402,
  },
  'xstate.done.actor.setupWallet': async () => {},
  'xstate.error.actor.setupWallet': backOnline,
  // A real return from the sandbox's 3-D Secure page, completed or failed, for the walk's order.
  'xstate.done.actor.confirmPayment': {
    can: ({ event, from }) =>
      from.context.attempt === 0 &&
      ['succeeded', 'failed'].includes(outputOf<{ status: string }>(event)?.status ?? ''),
    run: async ({ page, event, after, world, to }) => {
      const { status } = outputOf<{ status: string }>(event)!;
      // Product rule R11.6: a failed 3-D Secure reads as a decline does, in the bank's words.
      const modelSaid = (to.context as { errors: { message: string }[] }).errors[0]?.message;
      if (modelSaid) world.words.set(modelSaid, AUTHENTICATION_FAILED);
      await signUpViaApi(page.request);
      const [orderId, card] = await Promise.all([
        orderAwaitingPayment(page, world),
        savedSandboxCard(page.request, digits(CARDS.challenge)),
        saveCardFor(page, world, after),
      ]);
      const payment = await apiCall(page.request, 'post', '/payments', {
        order_id: orderId,
        payment_method_id: card,
        return_url: PATHS.payment,
      });
      const actionUrl = payment.attributes.action_url as string;
      if (status === 'succeeded') {
        await page.goto(actionUrl);
        await page.getByRole('button', { name: 'Complete authentication' }).click();
        return;
      }
      // The bank's page answered as its form does (checkout-look.spec.ts clicks its "Fail
      // authentication" at each size).
      await answerSandboxPage(page, actionUrl, { outcome: 'fail' });
    },
  },
  // A return for a payment the server does not know: it cannot be read (404, in its words).
  'xstate.error.actor.confirmPayment': async ({ page, world }) => {
    await signUpViaApi(page.request);
    world.words.set(TAKEAWAY_CHECKOUT_MESSAGES.paymentDetailsFailed, 'Payment not found');
    await page.goto(`${PATHS.payment}?payment_id=999999999`);
  },
  // A real return from the sandbox wallet's set-up page, approved, for the walk's order.
  'xstate.done.actor.saveWallet': {
    can: ({ event }) => outputOf<{ cancelled: boolean }>(event)?.cancelled === false,
    run: async ({ page, after, world }) => {
      await signUpViaApi(page.request);
      const [orderId] = await Promise.all([
        orderAwaitingPayment(page, world),
        saveCardFor(page, world, after),
      ]);
      const setup = await apiCall(page.request, 'post', '/payment_methods/setup', {
        type: 'PaypalAccount',
        payment_processor_name: 'sandbox',
        return_url: `/paypal-setup-confirmation?order_id=${orderId}`,
      });
      // The wallet's page answered as its form does (takeaway-checkout.spec.ts clicks its Approve).
      await answerSandboxPage(page, setup.attributes.action_url, { decision: 'approve' });
    },
  },
  // A return from the wallet for an order the server does not know.
  'xstate.error.actor.saveWallet': async ({ page }) => {
    await signUpViaApi(page.request);
    await page.goto(
      '/paypal-setup-confirmation?setup_intent=seti_never_issued&order_id=999999999&redirect_status=succeeded',
    );
  },
} satisfies Record<MachineEventType<typeof takeawayCheckoutMachine>, Executor<TakeawayWorld>>;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * The model's errors are in the error summary, word for word: the machine's own messages, the
 * form checks', and the server's or the bank's where the walk brought about those the model
 * names. Where the real words differ from the model's (a 404 for its 500), the walk's record.
 */
async function expectErrors(page: Page, snapshot: AnyMachineSnapshot, world: TakeawayWorld) {
  const errors = (snapshot.context as { errors: { field: string; message: string }[] }).errors;
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  if (errors.length === 0) await expect(summary).toHaveCount(0);
  for (const { field, message } of errors) {
    const said =
      field === 'deliveryNote' ? world.words.get('saveInstructions') : world.words.get(message);
    await expect(summary).toContainText(said ?? message);
  }
}

/** Where each exit of the checkout lands, as the app routes it. */
const exitLanding = (redirectTo: string, signedIn: boolean) => {
  if (redirectTo === '/account/dashboard')
    return signedIn
      ? { url: /\/account\/dashboard$/, heading: /^Ciao / }
      : { url: /\/login\?returnTo=%2Faccount%2Fdashboard$/, heading: 'Sign in' };
  // The menu and the home page need a delivery address first: the address search.
  return { url: /\/pasta-now-search-address$/, heading: /./ };
};

/** What the customer sees in each state (the URL, meta.path, is checked by the walk). */
const states = {
  loadingBasket: 'transient',
  signingIn: 'transient',
  signingUp: 'transient',
  savingAddress: 'transient',
  savingInstructions: 'transient',
  savingCard: 'transient',
  placingOrder: 'transient',
  paying: 'transient',
  settingUpWallet: 'transient',
  confirmingPayment: 'transient',
  savingWallet: 'transient',
  'steps.continue': async ({ page }) => {
    await expect(heading(page)).toHaveText('Almost there');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  },
  'steps.login': async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Sign in');
    await expectErrors(page, snapshot, world);
  },
  'steps.signup': async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Create an account');
    await expectErrors(page, snapshot, world);
    if (snapshot.context.emailTaken)
      await expect(page.getByRole('link', { name: 'reset your password' })).toBeVisible();
  },
  'steps.address': async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Delivery details');
    // The basket's address and the account's names, for the rider.
    await expect(page.getByLabel('Address line 1')).toHaveValue('12 Devonshire Road');
    await expect(page.getByLabel('First name')).not.toHaveValue('');
    await expectErrors(page, snapshot, world);
  },
  'steps.instructions': async ({ page, snapshot, world }) => {
    const delivery = snapshot.context.basket?.fulfillmentType === 'delivery';
    await expect(heading(page)).toHaveText(delivery ? 'Delivery instructions' : 'Your order');
    if (delivery)
      await expect(page.getByRole('definition').filter({ hasText: 'Devonshire Road' })).toHaveText(
        /12 Devonshire Road, London, W4 2HD/,
      );
    await expectErrors(page, snapshot, world);
  },
  'steps.payment.loading': async ({ page }) => {
    await expect(heading(page)).toHaveText('Payment');
  },
  'steps.payment.ready': async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Payment');
    await expect(payButton(page)).toBeVisible();
    // Product rule R5.10: with no saved method, the card form and no one-option choice.
    if (world.savedLast4 === undefined && snapshot.context.choice?.kind !== 'saved')
      await expect(page.getByRole('radio')).toHaveCount(0);
    await expectErrors(page, snapshot, world);
  },
  'steps.confirmation': async ({ page }) => {
    await expect(heading(page)).toHaveText('Grazie! Your order is placed');
    await expect(page.getByRole('link', { name: 'Follow your order' })).toHaveAttribute(
      'href',
      /\/takeaway\/track\/\d+$/,
    );
  },
  // The bank's 3-D Secure page, or the wallet's.
  redirecting: async ({ page }) => {
    await expect(page).toHaveURL(/\/sandbox\/(challenge|wallet)\//);
    await expect(
      page.getByRole('button', { name: /^(Complete authentication|Approve)$/ }),
    ).toBeVisible();
  },
  failed: async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Sorry, something went wrong');
    const message = snapshot.context.errors[0]!.message;
    await expect(page.getByRole('alert')).toHaveText(world.words.get(message) ?? message);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  leaving: async ({ page, snapshot }) => {
    const landing = exitLanding(snapshot.context.redirectTo, snapshot.context.customer !== null);
    await expect(page).toHaveURL(landing.url);
    await expect(heading(page)).toHaveText(landing.heading);
  },
} satisfies Partial<
  Record<MachineStateKey<typeof takeawayCheckoutMachine>, StateCheck<TakeawayWorld>>
>;

export const takeawayCheckoutUi = uiAdapter(takeawayCheckoutMachine, {
  machine: 'takeaway-checkout',
  model: pathModel,
  world: ({ request }): TakeawayWorld => ({
    // The test's own API context, not the page's: the page stays signed out until the form.
    customer: once(() => signUpViaApi(request)),
    basketId: undefined,
    savedLast4: undefined,
    opened: false,
    offline: false,
    words: new Map(),
  }),
  entries: {
    // The basket's kind is the first load's: made, then the checkout opened, by its executor.
    'signed out at /pasta-now-checkout': async () => {},
    'signed in at /pasta-now-checkout': async ({ page }) => {
      await signUpViaApi(page.request);
    },
    'signed in, deep link to the payment step': async ({ page }) => {
      await signUpViaApi(page.request);
    },
    // The returns are real ones, from the sandbox's pages, made by the calls' executors.
    'back from a 3-D Secure challenge': async () => {},
    'back from the wallet set-up page': async () => {},
  },
  executors,
  states,
});
