import type { APIRequestContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  KIT_CHECKOUT_EXITS,
  KIT_CHECKOUT_MESSAGES,
  KIT_CHECKOUT_PATHS,
  kitCheckoutMachine,
  type KitCheckoutEvent,
} from '../../machines/kit-checkout/kit-checkout.machine';
import type {
  KitBasket,
  KitPaymentOptions,
  SavedAddress,
} from '../../machines/kit-checkout/kit-checkout.types';
import { pathModel } from '../../tests/machines/kit-checkout/events';
import { apiCall, savedSandboxCard } from '../support/api';
import { expect, signUpViaApi, type NewCustomer } from '../support/fixtures';
import { HOME, kitBasket } from '../support/kit-checkout';
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
import { dropNextCall, isType, outputOf, statusOf } from './outcomes';
import { checkoutSignUpExecutor, signInExecutor } from './sign-in-forms';

/**
 * The walk's own customer, made through the API; the card it saved; and, where the real server
 * or bank words an outcome other than the model does, those words by the model's.
 */
interface KitWorld {
  /** A customer of the walk's own, for the sign-in form: made without signing the page in. */
  customer: () => Promise<NewCustomer>;
  savedLast4: string | undefined;
  opened: boolean;
  words: Map<string, string>;
}

type Ctx = UiContext<KitWorld>;
type Of<T extends KitCheckoutEvent['type']> = Extract<KitCheckoutEvent, { type: T }>;

const PATHS = KIT_CHECKOUT_PATHS;

/** Sandbox test cards (docs/payments.md), each chosen for the outcome the path needs. */
const CARDS: PathCards = {
  ...SANDBOX_CARDS,
  // stolen_card: a hard decline, "use a different card".
  hardDecline: '4000 0000 0000 9979',
};

/** The sandbox bank's words for a failed 3-D Secure, then what to do next (product rule R11.6). */
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Try another card or contact your bank.';

/** A store credit voucher (not a new customer's) worth more than the walk's box. */
const CREDIT_VOUCHER = 'GIFT25';

/** What a basket the model loads stands for: the routing reads no more of it. */
type BasketKind = 'empty' | 'belowMinimum' | 'box';
const kindOf = (basket: KitBasket | null | undefined): BasketKind => {
  if (!basket || basket.itemCount === 0) return 'empty';
  return basket.valid ? 'box' : 'belowMinimum';
};

/**
 * The walk's basket, for whoever `request` is (a visitor's before sign-in): a fortnightly box of
 * the two core dishes, or one dish alone (below the minimum); none for an empty one.
 */
async function basketOfKind(request: APIRequestContext, kind: BasketKind) {
  if (kind === 'box') await kitBasket(request);
  if (kind === 'belowMinimum') await kitBasket(request, ['11']);
}

/** The first list of saved addresses the path loads: some listable, or none. */
const addressesToCome = (after: EventObject[]) =>
  outputOf<SavedAddress[]>(after.find((event) => event.type === 'xstate.done.actor.loadAddresses'));
const listable = (addresses: SavedAddress[] | undefined) =>
  (addresses ?? []).some((address) => address.phone !== null);

/**
 * The customer's addresses as the path's first load lists them: HOME (the default) and an office,
 * both listable; or none saved (the model's lists only an address without a phone, which the
 * server refuses to save and the checkout would leave out: the same routing).
 */
async function saveAddressesFor(request: APIRequestContext, after: EventObject[]) {
  if (!listable(addressesToCome(after))) return;
  await apiCall(request, 'post', '/addresses', HOME);
  await apiCall(request, 'post', '/addresses', {
    ...HOME,
    address1: '2 Hatton Garden',
    city: 'London',
    zip: 'EC1N 8AT',
  });
}

/** Store credit that covers the box, when the path's payment step is the one by credit. */
async function creditFor(request: APIRequestContext, after: EventObject[]) {
  const options = outputOf<KitPaymentOptions>(
    after.find((event) => event.type === 'xstate.done.actor.loadPayment'),
  );
  if (!options || options.preview.storeCredit < options.preview.total) return;
  await apiCall(request, 'post', '/customers/credit_voucher', { code: CREDIT_VOUCHER });
}

/** A saved card that brings about the path's payment outcome, when the path pays with one. */
async function saveCardFor(request: APIRequestContext, world: KitWorld, after: EventObject[]) {
  const paysSaved = after.some((later) => (later as Of<'payment.submit'>).choice?.kind === 'saved');
  if (!paysSaved) return;
  const number = digits(cardFor(CARDS, after, 'placeOrder'));
  await savedSandboxCard(request, number);
  world.savedLast4 = number.slice(-4);
}

/** Everything the signed-in customer has before the path starts: addresses, credit, a card. */
const customerSetUp = (request: APIRequestContext, world: KitWorld, after: EventObject[]) =>
  Promise.all([
    saveAddressesFor(request, after),
    creditFor(request, after),
    saveCardFor(request, world, after),
  ]);

/**
 * A call that fails before the server answers (status 0), as a dropped connection fails it: the
 * one request the path's next outcome needs, failed on the network once. The browser offline
 * would fail the call before it in a chain (the basket before the addresses, the saved address
 * before the delivery days, the saved day before the total).
 */
const CALLS = {
  loadBasket: ['GET', '**/api/v2/baskets'],
  loadAddresses: ['GET', '**/api/v2/addresses'],
  lookupAddresses: ['GET', '**/api/v2/postcodes/*/addresses'],
  saveAddress: ['POST', '**/api/v2/addresses'],
  saveBillingAddress: ['POST', '**/api/v2/addresses'],
  loadInstructions: ['GET', '**/api/v2/session_client/courier_delivery_instructions'],
  saveInstructions: ['PUT', '**/api/v2/baskets/*'],
  loadPayment: ['POST', '**/api/v2/preview_order'],
  placeOrder: ['POST', '**/api/v2/orders/recipe_kits'],
} as const;

/** The call fails as if the connection dropped (the page says so as for a server error). */
async function failOnTheNetwork(page: Page, call: keyof typeof CALLS) {
  const [method, url] = CALLS[call];
  await dropNextCall(page, url, { method, reason: 'internetdisconnected' });
}

/**
 * The calls this step sets off, one after another, before the customer's next move: when one of
 * them is to fail before the server answers, it is failed as it is made. A refusal (a decline,
 * an unknown postcode, a card that cannot be saved, a wrong password) is the real server's.
 */
async function failIfAsked(page: Page, after: EventObject[]) {
  const stop = after.findIndex((event) => !event.type.startsWith('xstate.'));
  const chain = stop === -1 ? after : after.slice(0, stop);
  const failure = chain.find((event) => event.type.startsWith('xstate.error.actor.'));
  const call = failure?.type.replace('xstate.error.actor.', '') ?? '';
  if (!(call in CALLS) || statusOf(failure) === 402) return;
  if (call === 'lookupAddresses' && statusOf(failure) !== 0) return;
  await failOnTheNetwork(page, call as keyof typeof CALLS);
}

/** The links each step shows to the others. */
const linkTo: Record<string, Record<string, string>> = {
  [PATHS.continue]: { [PATHS.login]: 'Sign in', [PATHS.signup]: 'Create an account' },
  [PATHS.login]: { [PATHS.signup]: 'Create an account' },
  [PATHS.signup]: { [PATHS.login]: 'Sign in' },
  [PATHS.instructions]: { [PATHS.address]: 'Change the delivery address' },
};

/**
 * How the customer reaches a step's URL: its link on the page; the browser's Back to the step
 * before (the bridge pushed each step forward), and Forward again to the payment step just left
 * (its total still known); else typing it, a fresh page load, which routes as the machine does
 * for the steps before payment (a typed /checkout/payment routes to the step before it, and once
 * the box is ordered the basket is spent).
 */
const wayTo = (from: AnyMachineSnapshot, path: string, visited: string[]) => {
  const here = visited.at(-1) ?? '';
  if (linkTo[here]?.[path]) return 'link';
  // The bridge offers the machine only a URL other than the step's own.
  if (path === here) return undefined;
  const back = path === visited.at(-2);
  // The box is ordered: only the way back to the step it was ordered from.
  if (from.context.order !== null) return back ? 'back' : undefined;
  // Payment was left by Back: Forward returns to it.
  if (path === PATHS.payment)
    return visited.at(-2) === PATHS.payment && visited.at(-3) === here ? 'forward' : undefined;
  if (here === PATHS.payment && back) return 'back';
  return 'type';
};

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  'url.changed': {
    can: ({ event, from, visited }) =>
      wayTo(from, (event as Of<'url.changed'>).path, visited) !== undefined,
    run: async ({ page, event, from, visited }) => {
      const { path } = event as Of<'url.changed'>;
      const way = wayTo(from, path, visited);
      if (way === 'link')
        await page
          .getByRole('main')
          .getByRole('link', { name: linkTo[visited.at(-1)!]![path]!, exact: true })
          .click();
      else if (way === 'back') await page.goBack();
      else if (way === 'forward') await page.goForward();
      else await page.goto(path);
    },
  },
  'login.submit': signInExecutor<KitWorld>(async ({ request, world, after }) => {
    await customerSetUp(request, world, after);
  }),
  'signup.submit': checkoutSignUpExecutor<KitWorld>(),
  'address.choose': async ({ page, after }) => {
    // The first saved address (the default, chosen already unless a new one was).
    await page
      .getByRole('group', { name: 'Where should we deliver your box?' })
      .getByRole('radio')
      .first()
      .check();
    await failIfAsked(page, after);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  },
  'address.submit': async ({ page, event, after }) => {
    const { form } = event as Of<'address.submit'>;
    const newAddress = page.getByRole('radio', { name: 'A new address' });
    if (await newAddress.count()) await newAddress.check();
    await page.getByLabel('First name').fill(form.firstName);
    await page.getByLabel('Last name').fill(form.lastName);
    await page.getByLabel('Phone number').fill(form.phone);
    await page.getByLabel('Address line 1').fill(form.address1);
    await page.getByLabel('Town or city').fill(form.city);
    await page.getByLabel('Postcode', { exact: true }).fill(form.zip);
    // Saved, then the delivery days loaded: whichever of them the path has fail does.
    await failIfAsked(page, after);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  },
  'address.find': async ({ page, event, next, after }) => {
    const { postcode } = event as Of<'address.find'>;
    const newAddress = page.getByRole('radio', { name: 'A new address' });
    if (await newAddress.count()) await newAddress.check();
    // Postcodes of the seeded directory, each chosen for the outcome the path needs.
    const typed = isType(next, 'xstate.done.actor.lookupAddresses')
      ? (outputOf<unknown[]>(next)?.length ?? 0) > 0
        ? postcode
        : // Placed at its district's centre, with no address list (R3.13).
          'SW1A 1AA'
      : isType(next, 'xstate.error.actor.lookupAddresses') && statusOf(next) !== 0
        ? // Unknown to the directory: the server's 404 names it.
          'ZZ9 9ZZ'
        : postcode;
    await failIfAsked(page, after);
    await page.getByLabel('Find your address').fill(typed);
    await page.getByRole('button', { name: 'Find address' }).click();
  },
  'foundAddress.choose': async ({ page }) => {
    // The second address listed, as the model chooses its second.
    await page.getByLabel('Choose your address').selectOption({ index: 2 });
  },
  'billing.choose': async ({ page, after }) => {
    await page.getByRole('radio', { name: /2 Hatton Garden/ }).check();
    await failIfAsked(page, after);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  },
  'billing.submit': async ({ page, event, after }) => {
    const { form } = event as Of<'billing.submit'>;
    await page.getByRole('radio', { name: 'A new address' }).check();
    await page.getByLabel('First name').fill(form.firstName);
    await page.getByLabel('Last name').fill(form.lastName);
    await page.getByLabel('Phone number').fill(form.phone);
    await page.getByLabel('Address line 1').fill(form.address1);
    await page.getByLabel('Town or city').fill(form.city);
    await page.getByLabel('Postcode', { exact: true }).fill(form.zip);
    await failIfAsked(page, after);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  },
  'instructions.submit': {
    // The step always has a day chosen (the box's, else the first offered) and a chosen radio
    // cannot be unchosen: no day is never sent, so its error is not walked (the transition is
    // still taken, by a good day).
    can: ({ event }) => (event as Of<'instructions.submit'>).instructions.deliveryDate !== '',
    run: async ({ page, event, after }) => {
      const { instructions } = event as Of<'instructions.submit'>;
      await page
        .getByLabel('If you are not in (optional)')
        .selectOption(instructions.courierInstruction);
      await page.getByLabel('A note for the courier (optional)').fill(instructions.note);
      await failIfAsked(page, after);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
    },
  },
  'payment.submit': async ({ page, event, from, after, next, world }) => {
    const { choice } = event as Of<'payment.submit'>;
    await failIfAsked(page, after);
    // Store credit covers the box: whatever the choice, the step places the order by credit.
    if (from.matches({ steps: 'paymentWithCredits' })) {
      await page.getByRole('button', { name: 'Place order' }).click();
      return;
    }
    await expect(payButton(page)).toBeVisible();
    if (choice.kind === 'saved')
      await page.getByRole('radio', { name: new RegExp(`ending ${world.savedLast4}`) }).check();
    else {
      const { cvc } = (choice as { card: { cvc: string } }).card;
      const failsToSave = isType(next, 'xstate.error.actor.saveCard');
      await fillCard(
        page,
        failsToSave ? CARDS.incorrect : cardFor(CARDS, after, 'placeOrder'),
        cvc,
      );
    }
    await payButton(page).click();
  },
  retry: async ({ page, from, after }) => {
    await failIfAsked(page, after);
    const label =
      from.matches({ steps: 'error' }) && from.context.unpaidOrderId !== null
        ? 'Pay with another card'
        : 'Try again';
    await page.getByRole('button', { name: label }).click();
  },
  'xstate.done.actor.loadBasket': {
    // After signing in the visitor's box is the customer's: the same box again.
    can: ({ event, from }) =>
      from.context.basket === null ||
      kindOf(from.context.basket) === kindOf(outputOf<KitBasket>(event)),
    run: async ({ page, event, from, after, world }) => {
      if (world.opened) return;
      world.opened = true;
      await basketOfKind(page.request, kindOf(outputOf<KitBasket>(event)));
      if (from.context.customer !== null) await customerSetUp(page.request, world, after);
      await failIfAsked(page, after);
      await page.goto(from.context.path);
    },
  },
  'xstate.error.actor.loadBasket': async ({ page, from, world }) => {
    world.opened = true;
    await basketOfKind(page.request, 'box');
    await failOnTheNetwork(page, 'loadBasket');
    await page.goto(from.context.path);
  },
  'xstate.done.actor.signIn': async ({ page }) => {
    await expect(page).not.toHaveURL(new RegExp(`${PATHS.login}$`));
  },
  'xstate.error.actor.signIn': async () => {},
  'xstate.done.actor.signUp': async ({ page }) => {
    await expect(page).not.toHaveURL(new RegExp(`${PATHS.signup}$`));
  },
  'xstate.error.actor.signUp': async () => {},
  'xstate.done.actor.loadAddresses': {
    // An account made in this checkout has no address saved yet.
    can: ({ event, visited }) =>
      visited.at(-1) !== PATHS.signup || !listable(outputOf<SavedAddress[]>(event)),
  },
  'xstate.error.actor.loadAddresses': async () => {},
  'xstate.done.actor.lookupAddresses': async () => {},
  'xstate.error.actor.lookupAddresses': async () => {},
  'xstate.done.actor.saveAddress': async () => {},
  'xstate.error.actor.saveAddress': async ({ world }) => {
    world.words.set('x', KIT_CHECKOUT_MESSAGES.addressSaveFailed);
  },
  'xstate.done.actor.saveBillingAddress': async () => {},
  'xstate.error.actor.saveBillingAddress': async () => {},
  'xstate.done.actor.loadInstructions': async () => {},
  'xstate.error.actor.loadInstructions': async () => {},
  'xstate.done.actor.saveInstructions': async () => {},
  'xstate.error.actor.saveInstructions': async () => {},
  'xstate.done.actor.loadPayment': async () => {},
  'xstate.error.actor.loadPayment': async () => {},
  'xstate.done.actor.saveCard': async () => {},
  'xstate.error.actor.saveCard': async () => {},
  'xstate.done.actor.placeOrder': async () => {},
  'xstate.error.actor.placeOrder': async () => {},
  // A real return from the sandbox's 3-D Secure page, completed or failed: the walk's box paid
  // at the checkout with a saved card that asks for it, then the bank's page answered.
  'xstate.done.actor.confirmPayment': {
    can: ({ event }) =>
      ['succeeded', 'failed'].includes(outputOf<{ status: string }>(event)?.status ?? ''),
    run: async ({ page, event, to, world }) => {
      const { status } = outputOf<{ status: string }>(event)!;
      // Product rule R11.6: a failed 3-D Secure reads as a decline does, in the bank's words.
      const modelSaid = (to.context as { errors: { message: string }[] }).errors[0]?.message;
      if (modelSaid) world.words.set(modelSaid, AUTHENTICATION_FAILED);
      await signUpViaApi(page.request);
      await Promise.all([
        apiCall(page.request, 'post', '/addresses', HOME),
        savedSandboxCard(page.request, digits(CARDS.challenge)),
        kitBasket(page.request),
      ]);
      await page.goto(PATHS.entry);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByRole('radio', { name: /ending 3184/ }).check();
      await payButton(page).click();
      await expect(page).toHaveURL(/\/sandbox\/challenge\//);
      await page
        .getByRole('button', {
          name: status === 'succeeded' ? 'Complete authentication' : 'Fail authentication',
        })
        .click();
    },
  },
  // A return for a payment the server does not know: it cannot be read (404, in its words).
  'xstate.error.actor.confirmPayment': async ({ page, world }) => {
    await signUpViaApi(page.request);
    world.words.set(KIT_CHECKOUT_MESSAGES.paymentDetailsFailed, 'Payment not found');
    await page.goto(`${PATHS.payment}?payment_id=999999999`);
  },
} satisfies Record<MachineEventType<typeof kitCheckoutMachine>, Executor<KitWorld>>;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * The model's errors are in the error summary, word for word: the machine's own messages, the
 * form checks', and the server's or the bank's where the walk brought about those the model
 * names. Where the real words differ from the model's, the walk's record.
 */
async function expectErrors(page: Page, snapshot: AnyMachineSnapshot, world: KitWorld) {
  const errors = (snapshot.context as { errors: { field: string; message: string }[] }).errors;
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  if (errors.length === 0) await expect(summary).toHaveCount(0);
  for (const { message } of errors)
    await expect(summary).toContainText(world.words.get(message) ?? message);
}

/**
 * The postcode finder's error, in the summary: the model's postcode is W4 2HD, the walk's the one
 * it typed (an unknown one where the directory must not know it).
 */
async function expectFinderError(page: Page, snapshot: AnyMachineSnapshot) {
  const [error] = (snapshot.context as { errors: { message: string }[] }).errors;
  const typed = /couldn't find/.test(error!.message) ? 'ZZ9 9ZZ' : 'W4 2HD';
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
    error!.message.replace('W4 2HD', typed),
  );
}

/** Where each exit of the checkout lands, as the app routes it. */
const exitLanding = (redirectTo: string) => {
  if (redirectTo === KIT_CHECKOUT_EXITS.menu) return { url: /\/menu$/, heading: /./ };
  if (redirectTo.startsWith('/payment/'))
    return { url: /\/payment\/\d+$/, heading: 'Pay for your order' };
  // The home page needs a delivery address first: the address search.
  return { url: /\/pasta-now-search-address$/, heading: /./ };
};

const addressStep = async ({ page, snapshot, world }: Ctx & { snapshot: AnyMachineSnapshot }) => {
  await expect(heading(page)).toHaveText('Delivery address');
  await expectErrors(page, snapshot, world);
};

/** What the customer sees in each state (the URL, meta.path, is checked by the walk). */
const states = {
  loadingBasket: 'transient',
  loadingAddresses: 'transient',
  signingIn: 'transient',
  signingUp: 'transient',
  savingAddress: 'transient',
  savingBilling: 'transient',
  savingInstructions: 'transient',
  loadingPayment: 'transient',
  savingCard: 'transient',
  placingOrder: 'transient',
  confirmingPayment: 'transient',
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
  'steps.address.postcode': async (context) => {
    await addressStep(context);
    // The finder is for a new address: shown at once when none is saved.
    if (context.snapshot.context.addresses.length === 0)
      await expect(context.page.getByLabel('Find your address')).toBeVisible();
  },
  'steps.address.findingAddress': 'transient',
  'steps.address.foundAddresses': async (context) => {
    await addressStep(context);
    await expect(context.page.getByLabel('Choose your address')).toBeVisible();
  },
  'steps.address.districtOnly': async (context) => {
    await addressStep(context);
    await expect(context.page.getByText(/^We found SW1A 1AA but not its addresses/)).toBeVisible();
  },
  'steps.address.unknownPostcode': async (context) => {
    await expect(heading(context.page)).toHaveText('Delivery address');
    await expectFinderError(context.page, context.snapshot);
  },
  'steps.address.lookupFailed': async (context) => {
    await expect(heading(context.page)).toHaveText('Delivery address');
    await expectFinderError(context.page, context.snapshot);
  },
  'steps.billing': async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Billing address');
    await expectErrors(page, snapshot, world);
  },
  'steps.instructions.loading': 'transient',
  'steps.instructions.unavailable': async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Delivery instructions');
    await expectErrors(page, snapshot, world);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  'steps.instructions.ready': async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Delivery instructions');
    await expect(page.getByRole('group', { name: 'Delivery day' })).toBeVisible();
    await expectErrors(page, snapshot, world);
  },
  'steps.payment': async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Payment');
    await expect(payButton(page)).toBeVisible();
    await expectErrors(page, snapshot, world);
  },
  'steps.paymentWithCredits': async ({ page }) => {
    await expect(heading(page)).toHaveText('Your store credit covers this box');
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  },
  'steps.confirmation': async ({ page, snapshot }) => {
    await expect(heading(page)).toHaveText('Grazie! Your box is ordered');
    await expect(page.getByText(/^Your order reference is/)).toBeVisible();
    // A plan's first box says how often the next come, also back from the bank's page.
    const { frequency } = snapshot.context.order!;
    await expect(page.getByText(`Then a box every ${frequency} weeks`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'See your upcoming boxes' })).toBeVisible();
  },
  'steps.error': async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Sorry, something went wrong');
    const message = snapshot.context.errors[0]!.message;
    await expect(page.getByRole('alert')).toHaveText(world.words.get(message) ?? message);
    const unpaid = snapshot.context.unpaidOrderId !== null;
    if (unpaid) await expect(page.getByText('Your box is ordered but not paid yet')).toBeVisible();
    await expect(
      page.getByRole('button', { name: unpaid ? 'Pay with another card' : 'Try again' }),
    ).toBeVisible();
  },
  // The bank's 3-D Secure page.
  redirecting: async ({ page }) => {
    await expect(page).toHaveURL(/\/sandbox\/challenge\//);
    await expect(page.getByRole('button', { name: 'Complete authentication' })).toBeVisible();
  },
  failed: async ({ page, snapshot, world }) => {
    await expect(heading(page)).toHaveText('Sorry, something went wrong');
    const message = snapshot.context.errors[0]!.message;
    await expect(page.getByRole('alert')).toHaveText(world.words.get(message) ?? message);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  leaving: async ({ page, snapshot }) => {
    const landing = exitLanding(snapshot.context.redirectTo);
    await expect(page).toHaveURL(landing.url);
    await expect(heading(page)).toHaveText(landing.heading);
  },
} satisfies Partial<Record<MachineStateKey<typeof kitCheckoutMachine>, StateCheck<KitWorld>>>;

export const kitCheckoutUi = uiAdapter(kitCheckoutMachine, {
  machine: 'kit-checkout',
  model: pathModel,
  world: ({ request }): KitWorld => ({
    // The test's own API context, not the page's: the page stays signed out until the form.
    customer: once(() => signUpViaApi(request)),
    savedLast4: undefined,
    opened: false,
    words: new Map(),
  }),
  entries: {
    // The box's kind is the first load's: made, then the checkout opened, by its executor.
    'signed out at /checkout': async () => {},
    'signed out at /checkout/login': async () => {},
    'signed out at /checkout/signup': async () => {},
    'signed in at /checkout': async ({ page }) => {
      await signUpViaApi(page.request);
    },
    'signed in, deep link to the payment step': async ({ page }) => {
      await signUpViaApi(page.request);
    },
    'signed in, deep link to the billing addresses': async ({ page }) => {
      await signUpViaApi(page.request);
    },
    // The return is a real one, from the sandbox's bank page, made by the call's executors.
    'back from a 3-D Secure challenge': async () => {},
  },
  executors,
  states,
});
