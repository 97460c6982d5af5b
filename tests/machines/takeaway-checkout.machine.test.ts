import { describe, expect, it } from 'vitest';
import {
  createActor,
  type Snapshot as PersistedSnapshot,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import {
  cachedSerializer,
  memoByInput,
  simplePathsFrom,
  transitionPaths,
  walkPaths,
  WALK_TIMEOUT_MS,
} from './support/model-paths';
import { claimStarts, describeStatesAndTransitions } from './support/checkout-model';
import { pendingCalls } from './support/pending-calls';
import {
  base,
  card,
  customer,
  deliveryNoNames,
  deliveryReady,
  entries,
  goodCard,
  inPayment,
  modelEvents,
  order,
  pickup,
  sandboxOptions,
  serialize,
} from './takeaway-checkout/events';
import type { StateKeys } from '../../src/flows/flow-types';
import {
  TAKEAWAY_CHECKOUT_EXITS,
  TAKEAWAY_CHECKOUT_MESSAGES,
  TAKEAWAY_CHECKOUT_PATHS,
  takeawayCheckoutMachine,
  type TakeawayCheckoutEvent,
  type TakeawayCheckoutInput,
} from '../../machines/takeaway-checkout/takeaway-checkout.machine';
import type { CheckoutFailure } from '../../machines/checkout-shared/checkout-shared.types';
import type { TakeawayCheckoutBasket } from '../../machines/takeaway-checkout/takeaway-checkout.types';

type Snapshot = SnapshotFrom<typeof takeawayCheckoutMachine>;
type TakeawayPath = TestPath<Snapshot, TakeawayCheckoutEvent>;
type Executor = (step: { event: { type: string } }) => Promise<void>;
type ActorName =
  | 'loadBasket'
  | 'signIn'
  | 'signUp'
  | 'saveAddress'
  | 'saveInstructions'
  | 'loadPaymentMethods'
  | 'saveCard'
  | 'placeOrder'
  | 'pay'
  | 'setupWallet'
  | 'confirmPayment'
  | 'saveWallet';
type CallOutcome = `xstate.${'done' | 'error'}.actor.${ActorName}`;

const pathOf = (s: Snapshot, key: string) =>
  (s.getMeta() as Record<string, { path?: string } | undefined>)[`takeawayCheckout.steps.${key}`]
    ?.path;

/** What must hold in each state, whatever path led there. */
const stateAssertions = {
  loadingBasket: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  'steps.continue': (s: Snapshot) => {
    expect(pathOf(s, 'continue')).toBe(TAKEAWAY_CHECKOUT_PATHS.continue);
    expect(s.context.customer).toBeNull();
  },
  'steps.login': (s: Snapshot) => expect(s.context.customer).toBeNull(),
  'steps.signup': (s: Snapshot) => expect(s.context.customer).toBeNull(),
  'steps.address': (s: Snapshot) => {
    expect(pathOf(s, 'address')).toBe(TAKEAWAY_CHECKOUT_PATHS.address);
    // Pickup and eat-in skip the delivery address.
    expect(s.context.basket?.fulfillmentType).toBe('delivery');
    expect(s.context.customer).not.toBeNull();
  },
  'steps.instructions': (s: Snapshot) => {
    expect(pathOf(s, 'instructions')).toBe(TAKEAWAY_CHECKOUT_PATHS.instructions);
    // Instructions wait for the basket and need a valid address for delivery.
    expect(s.context.basket).not.toBeNull();
    if (s.context.basket?.fulfillmentType === 'delivery')
      expect(s.context.basket.address?.firstName).toBeTruthy();
  },
  'steps.payment': () => {},
  'steps.payment.loading': (s: Snapshot) =>
    expect(s.getMeta()['takeawayCheckout.steps.payment']).toEqual({
      path: TAKEAWAY_CHECKOUT_PATHS.payment,
    }),
  'steps.payment.ready': (s: Snapshot) =>
    expect(s.context.basket !== null || s.context.order !== null).toBe(true),
  'steps.confirmation': (s: Snapshot) => {
    expect(pathOf(s, 'confirmation')).toBe(TAKEAWAY_CHECKOUT_PATHS.confirmation);
    expect(s.context.order).toEqual(order);
  },
  signingIn: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  signingUp: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  savingAddress: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  savingInstructions: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  savingCard: (s: Snapshot) => expect(s.context.choice?.kind).toBe('newCard'),
  placingOrder: (s: Snapshot) => expect(s.context.order).toBeNull(),
  paying: (s: Snapshot) => expect(s.context.order).not.toBeNull(),
  settingUpWallet: (s: Snapshot) => expect(s.context.choice?.kind).toBe('walletSetup'),
  redirecting: (s: Snapshot) => expect(s.context.actionUrl).toMatch(/^\/sandbox\//),
  confirmingPayment: (s: Snapshot) => expect(s.context.returnedPaymentId).not.toBeNull(),
  savingWallet: (s: Snapshot) => expect(s.context.returnedSetupIntent).not.toBeNull(),
  failed: (s: Snapshot) => expect(s.context.errors).toHaveLength(1),
  leaving: (s: Snapshot) => {
    expect(s.status).toBe('done');
    expect(Object.values(TAKEAWAY_CHECKOUT_EXITS)).toContain(s.output?.redirectTo);
  },
} satisfies Record<
  // Parents and routing states (always transitions) are never rested in.
  Exclude<
    StateKeys<StateValueFrom<typeof takeawayCheckoutMachine>>,
    'steps' | 'routing' | 'entering'
  >,
  (snapshot: Snapshot) => void
>;

/** The actor under test with fake calls; from a persisted snapshot to walk another branch. */
function createHarness(input: TakeawayCheckoutInput, snapshot?: PersistedSnapshot<unknown>) {
  const { fake, settle } = pendingCalls();
  const opened: string[] = [];
  const actor = createActor(
    takeawayCheckoutMachine.provide({
      actors: {
        loadBasket: fake('loadBasket'),
        signIn: fake('signIn'),
        signUp: fake('signUp'),
        saveAddress: fake('saveAddress'),
        saveInstructions: fake('saveInstructions'),
        loadPaymentMethods: fake('loadPaymentMethods'),
        saveCard: fake('saveCard'),
        placeOrder: fake('placeOrder'),
        pay: fake('pay'),
        setupWallet: fake('setupWallet'),
        confirmPayment: fake('confirmPayment'),
        saveWallet: fake('saveWallet'),
      },
      actions: { openActionUrl: (_, url: string) => void opened.push(url) },
    }),
    { input, snapshot },
  ).start();
  const send: Executor = async ({ event }) => void actor.send(event as TakeawayCheckoutEvent);
  const outcome: Executor = async ({ event }) => settle(event);
  // A new event or call fails to compile until it has an executor here.
  const events = {
    'url.changed': send,
    'login.submit': send,
    'signup.submit': send,
    'address.submit': send,
    'instructions.submit': send,
    'payment.submit': send,
    'wallet.setup': send,
    retry: send,
    'xstate.done.actor.loadBasket': outcome,
    'xstate.error.actor.loadBasket': outcome,
    'xstate.done.actor.signIn': outcome,
    'xstate.error.actor.signIn': outcome,
    'xstate.done.actor.signUp': outcome,
    'xstate.error.actor.signUp': outcome,
    'xstate.done.actor.saveAddress': outcome,
    'xstate.error.actor.saveAddress': outcome,
    'xstate.done.actor.saveInstructions': outcome,
    'xstate.error.actor.saveInstructions': outcome,
    'xstate.done.actor.loadPaymentMethods': outcome,
    'xstate.error.actor.loadPaymentMethods': outcome,
    'xstate.done.actor.saveCard': outcome,
    'xstate.error.actor.saveCard': outcome,
    'xstate.done.actor.placeOrder': outcome,
    'xstate.error.actor.placeOrder': outcome,
    'xstate.done.actor.pay': outcome,
    'xstate.error.actor.pay': outcome,
    'xstate.done.actor.setupWallet': outcome,
    'xstate.error.actor.setupWallet': outcome,
    'xstate.done.actor.confirmPayment': outcome,
    'xstate.error.actor.confirmPayment': outcome,
    'xstate.done.actor.saveWallet': outcome,
    'xstate.error.actor.saveWallet': outcome,
  } satisfies Record<TakeawayCheckoutEvent['type'] | CallOutcome, Executor>;
  return { actor, settle, events, opened };
}

/** Walks an entry's paths on the actor, each shared step once (see `walkPaths`). */
const walk = (input: TakeawayCheckoutInput, paths: TakeawayPath[]) =>
  walkPaths(paths, (persisted) => createHarness(input, persisted), stateAssertions);

const modelFor = memoByInput(
  (input: TakeawayCheckoutInput) =>
    new TestModel(takeawayCheckoutMachine, {
      input,
      events: modelEvents,
      serializeState: serialize,
    }),
);
const shortestPaths = memoByInput((input: TakeawayCheckoutInput) =>
  modelFor(input).getShortestPaths(),
);

/**
 * The payment region is the same from every entry that reaches the same payment state and URL:
 * a retry in it loads the basket and routes by the entry's URL again.
 */
const claimPaymentStart = claimStarts<TakeawayPath>({ routesAgain: true });

/**
 * Every simple path, in two regions: its whole graph has too many (the payment step can fail and
 * return in many orders). First every simple path from each entry to the payment step; then,
 * from where each entry reaches payment, every simple path on, with states told apart by where
 * they are and whether the order is written (what the payment guards read). An entry that
 * reaches the same payment state as one before it leaves the paths on to that one.
 */
describe('takeaway checkout machine: every simple path to the payment step', () => {
  for (const entry of entries) {
    const paths = modelFor(entry.input).getSimplePaths({ stopWhen: inPayment });
    it(
      `${entry.name}: walks its ${paths.length} simple paths`,
      () => walk(entry.input, paths),
      WALK_TIMEOUT_MS,
    );
  }
});

describe('takeaway checkout machine: every simple path from the payment step', () => {
  for (const entry of entries) {
    const starts = claimPaymentStart(
      shortestPaths(entry.input)
        .filter((path) => path.state.matches({ steps: { payment: 'loading' } }))
        .slice(0, 1),
    );
    if (starts.length === 0) continue;
    const paymentModel = new TestModel(takeawayCheckoutMachine, {
      input: entry.input,
      events: modelEvents,
      serializeState: cachedSerializer((s: Snapshot) =>
        JSON.stringify([s.value, s.context.order !== null]),
      ),
    });
    const paths = simplePathsFrom(paymentModel, starts);
    it(
      `${entry.name}: walks the ${paths.length} simple paths from the payment step`,
      () => walk(entry.input, paths),
      WALK_TIMEOUT_MS,
    );
  }
});

describeStatesAndTransitions({
  name: 'takeaway checkout machine',
  machine: takeawayCheckoutMachine,
  entries,
  shortestPaths,
  transitionPaths: (input) => transitionPaths(modelFor(input), modelEvents),
  walk,
  stateKeys: Object.keys(stateAssertions),
  // 'steps.payment' is only ever rested in through its children.
  notRestedIn: { routing: ['routing', 'entering'], parents: ['steps.payment'] },
});

describe('takeaway checkout machine: the product rules', () => {
  const start = (input: Partial<TakeawayCheckoutInput>) => createHarness({ ...base, ...input });
  const failure = (error: CheckoutFailure) => error;

  /** A signed-in customer on the payment step with these saved methods. */
  async function toPayment(basket: TakeawayCheckoutBasket, options = sandboxOptions) {
    const harness = start({ customer });
    await harness.settle({ type: 'xstate.done.actor.loadBasket', output: basket });
    harness.actor.send({ type: 'instructions.submit', note: '' });
    await harness.settle({ type: 'xstate.done.actor.saveInstructions', output: basket });
    await harness.settle({ type: 'xstate.done.actor.loadPaymentMethods', output: options });
    return harness;
  }

  it('sends a confirmation reached from the wrong origin to /', () => {
    const { actor } = start({ customer, path: TAKEAWAY_CHECKOUT_PATHS.confirmation });
    expect(actor.getSnapshot().output).toEqual({ redirectTo: '/' });
  });

  it('sends a deep link to payment to the account dashboard', async () => {
    const { actor, settle } = start({ customer, path: TAKEAWAY_CHECKOUT_PATHS.payment });
    await settle({ type: 'xstate.done.actor.loadBasket', output: deliveryReady });
    expect(actor.getSnapshot().output).toEqual({ redirectTo: '/account/dashboard' });
  });

  it('goes to the address step when no names are known, else to instructions', async () => {
    const withoutNames = start({ customer });
    await withoutNames.settle({ type: 'xstate.done.actor.loadBasket', output: deliveryNoNames });
    expect(withoutNames.actor.getSnapshot().matches({ steps: 'address' })).toBe(true);
    const ready = start({ customer });
    await ready.settle({ type: 'xstate.done.actor.loadBasket', output: deliveryReady });
    expect(ready.actor.getSnapshot().matches({ steps: 'instructions' })).toBe(true);
  });

  it('skips the delivery address for pickup, even when asked for it', async () => {
    const { actor, settle } = start({ customer, path: TAKEAWAY_CHECKOUT_PATHS.address });
    await settle({ type: 'xstate.done.actor.loadBasket', output: pickup });
    expect(actor.getSnapshot().matches({ steps: 'instructions' })).toBe(true);
    actor.send({ type: 'url.changed', path: TAKEAWAY_CHECKOUT_PATHS.address, search: '' });
    expect(actor.getSnapshot().matches({ steps: 'instructions' })).toBe(true);
  });

  it('sends instructions without a valid address to the address step', async () => {
    const { actor, settle } = start({ customer, path: TAKEAWAY_CHECKOUT_PATHS.instructions });
    await settle({ type: 'xstate.done.actor.loadBasket', output: deliveryNoNames });
    expect(actor.getSnapshot().matches({ steps: 'address' })).toBe(true);
    actor.send({ type: 'url.changed', path: TAKEAWAY_CHECKOUT_PATHS.instructions, search: '' });
    expect(actor.getSnapshot().matches({ steps: 'address' })).toBe(true);
  });

  it("shows 'Failed while trying to create order' unless the server says why (400)", async () => {
    const { actor, settle } = await toPayment(deliveryReady);
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({ type: 'xstate.error.actor.placeOrder', error: failure({ status: 500 }) });
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(
      'Failed while trying to create order',
    );
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({
      type: 'xstate.error.actor.placeOrder',
      error: failure({ status: 400, message: 'Your basket is empty' }),
    });
    expect(actor.getSnapshot().context.errors[0]?.message).toBe('Your basket is empty');
  });

  it('writes the order once: a declined payment is paid again with the same order and a new attempt', async () => {
    const { actor, settle } = await toPayment(deliveryReady);
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({ type: 'xstate.done.actor.placeOrder', output: order });
    await settle({
      type: 'xstate.error.actor.pay',
      error: failure({ status: 402, message: 'Your card was declined.' }),
    });
    expect(actor.getSnapshot().context.attempt).toBe(1);
    actor.send({ type: 'payment.submit', choice: { kind: 'newCard', card: goodCard } });
    await settle({ type: 'xstate.done.actor.saveCard', output: { ...card, id: '9' } });
    expect(actor.getSnapshot().value).toBe('paying');
    expect(actor.getSnapshot().context.choice).toEqual({ kind: 'saved', methodId: '9' });
  });

  it('asks for another card after a hard decline', async () => {
    const { actor, settle } = await toPayment(pickup);
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({ type: 'xstate.done.actor.placeOrder', output: order });
    await settle({
      type: 'xstate.error.actor.pay',
      error: failure({ status: 402, message: 'Your card was declined.', hardDecline: true }),
    });
    expect(actor.getSnapshot().context.choice).toBeNull();
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(
      `Your card was declined. ${TAKEAWAY_CHECKOUT_MESSAGES.hardDecline}`,
    );
  });

  it('opens the bank challenge page and confirms the payment on return', async () => {
    const { actor, settle, opened } = await toPayment(pickup);
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({ type: 'xstate.done.actor.placeOrder', output: order });
    await settle({
      type: 'xstate.done.actor.pay',
      output: { status: 'requires_action', actionUrl: '/sandbox/challenge/pi_1' },
    });
    expect(opened).toEqual(['/sandbox/challenge/pi_1']);

    const back = start({
      customer,
      path: TAKEAWAY_CHECKOUT_PATHS.payment,
      returnedPaymentId: '12',
    });
    await back.settle({
      type: 'xstate.done.actor.confirmPayment',
      output: { status: 'succeeded', order, message: null },
    });
    expect(back.actor.getSnapshot().matches({ steps: 'confirmation' })).toBe(true);
  });

  it("says 'Something went wrong' when the payment details cannot be read", async () => {
    const { actor, settle } = start({ customer, returnedPaymentId: '12' });
    await settle({ type: 'xstate.error.actor.confirmPayment', error: failure({ status: 500 }) });
    expect(actor.getSnapshot().context.errors[0]?.message).toBe('Something went wrong');
  });

  it("says 'Request failed' when setting up a payment method fails", async () => {
    const { actor, settle } = await toPayment(pickup, {
      methods: [],
      gateway: { name: 'sandbox' },
    });
    actor.send({ type: 'payment.submit', choice: { kind: 'newCard', card: goodCard } });
    await settle({ type: 'xstate.error.actor.saveCard', error: failure({ status: 500 }) });
    expect(actor.getSnapshot().context.errors[0]).toEqual({
      field: 'cardNumber',
      message: 'Request failed',
    });
  });

  it('reloads the basket after signing in (the customer may already have one)', async () => {
    const { actor, settle } = start({});
    await settle({ type: 'xstate.done.actor.loadBasket', output: deliveryReady });
    actor.send({ type: 'url.changed', path: TAKEAWAY_CHECKOUT_PATHS.login, search: '' });
    actor.send({
      type: 'login.submit',
      form: { email: 'ada@example.com', password: 'secret-secret' },
    });
    await settle({ type: 'xstate.done.actor.signIn', output: customer });
    expect(actor.getSnapshot().value).toBe('loadingBasket');
    expect(actor.getSnapshot().context.signedInCustomer).toEqual(customer);
  });
});
