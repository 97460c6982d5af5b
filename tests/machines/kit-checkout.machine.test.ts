import { orderPaymentPath } from '../../machines/shared/order-paths';
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
  distinctPaths,
  firstOfEach,
  memoByInput,
  simplePathsFrom,
  stateKey,
  transitionPaths,
  walkPaths,
  WALK_TIMEOUT_MS,
} from './support/model-paths';
import { claimStarts, describeStatesAndTransitions } from './support/checkout-model';
import { pendingCalls } from './support/pending-calls';
import {
  atPayment,
  base,
  belowMinimum,
  box,
  covered,
  customer,
  devonshire,
  entries,
  eventsAt,
  flat,
  flowEvents,
  isFinderEvent,
  home,
  instructionOptions,
  instructions,
  lookupDown,
  noPhone,
  office,
  order,
  serialize,
  serializeFlow,
  typedAddress,
  unknownPostcode,
  withCard,
  withCredits,
} from './kit-checkout/events';
import type { StateKeys } from '../../src/flows/flow-types';
import {
  KIT_CHECKOUT_EXITS,
  KIT_CHECKOUT_MESSAGES,
  KIT_CHECKOUT_PATHS,
  POSTCODE_FINDER_FIELD,
  kitCheckoutMachine,
  type KitCheckoutEvent,
  type KitCheckoutInput,
} from '../../machines/kit-checkout/kit-checkout.machine';
import { POSTCODE_MESSAGES } from '../../machines/shared/postcode-lookup';
import type {
  CheckoutFailure,
  KitPaymentOptions,
} from '../../machines/kit-checkout/kit-checkout.types';

type Snapshot = SnapshotFrom<typeof kitCheckoutMachine>;
type KitPath = TestPath<Snapshot, KitCheckoutEvent>;
type Executor = (step: { event: { type: string } }) => Promise<void>;
type ActorName =
  | 'loadBasket'
  | 'signIn'
  | 'signUp'
  | 'loadAddresses'
  | 'lookupAddresses'
  | 'saveAddress'
  | 'saveBillingAddress'
  | 'loadInstructions'
  | 'saveInstructions'
  | 'loadPayment'
  | 'saveCard'
  | 'placeOrder'
  | 'confirmPayment';
type CallOutcome = `xstate.${'done' | 'error'}.actor.${ActorName}`;

const pathOf = (s: Snapshot, key: string) =>
  (s.getMeta() as Record<string, { path?: string } | undefined>)[`kitCheckout.steps.${key}`]?.path;
const busy = (s: Snapshot) => expect(s.hasTag('busy')).toBe(true);
const signedIn = (s: Snapshot) => expect(s.context.customer).not.toBeNull();
/** The finder's message, when the step shows one (a form's errors may have replaced it). */
const finderMessage = (s: Snapshot) =>
  s.context.errors.find((error) => error.field === POSTCODE_FINDER_FIELD)?.message;
const shippingReady = (s: Snapshot) => {
  const shipping = s.context.addresses.find((a) => a.id === s.context.shippingAddressId);
  expect(shipping?.address1).toBeTruthy();
};

/** What must hold in each state, whatever path led there. */
const stateAssertions = {
  loadingBasket: busy,
  loadingAddresses: (s: Snapshot) => {
    busy(s);
    signedIn(s);
    expect(s.context.basket?.valid).toBe(true);
  },
  'steps.continue': (s: Snapshot) => {
    expect(pathOf(s, 'continue')).toBe(KIT_CHECKOUT_PATHS.continue);
    expect(s.context.customer).toBeNull();
  },
  'steps.login': (s: Snapshot) => expect(s.context.customer).toBeNull(),
  'steps.signup': (s: Snapshot) => expect(s.context.customer).toBeNull(),
  'steps.address': (s: Snapshot) => {
    expect(pathOf(s, 'address')).toBe(KIT_CHECKOUT_PATHS.address);
    signedIn(s);
    // Only listable addresses are offered.
    expect(s.context.addresses.every((a) => a.phone)).toBe(true);
  },
  'steps.address.postcode': (s: Snapshot) =>
    expect([undefined, POSTCODE_MESSAGES.enterPostcode, POSTCODE_MESSAGES.realPostcode]).toContain(
      finderMessage(s),
    ),
  'steps.address.findingAddress': (s: Snapshot) => {
    // Looked up as the takeaway asks for it, whatever the spacing and case typed.
    expect(s.context.postcodeLookup.postcode).toBe('W4 2HD');
    expect(s.children.lookupAddresses).toBeDefined();
    expect(finderMessage(s)).toBeUndefined();
  },
  'steps.address.foundAddresses': (s: Snapshot) => {
    expect(s.context.postcodeLookup.addresses).toEqual([devonshire, flat]);
    // A chosen address fills the form; before a choice the form keeps what it had.
    if (s.context.foundAddress?.address1)
      expect(s.context.foundAddress).toEqual({
        address1: flat.address1,
        address2: '',
        city: 'London',
        zip: 'W4 2HD',
        lat: flat.lat,
        lon: flat.lon,
      });
  },
  'steps.address.districtOnly': (s: Snapshot) =>
    expect(s.context.foundAddress).toEqual({
      address1: '',
      address2: '',
      city: '',
      zip: 'W4 2HD',
      lat: null,
      lon: null,
    }),
  'steps.address.unknownPostcode': (s: Snapshot) =>
    expect(finderMessage(s) ?? unknownPostcode.message).toBe(unknownPostcode.message),
  'steps.address.lookupFailed': (s: Snapshot) =>
    expect(finderMessage(s) ?? lookupDown.message).toBe(lookupDown.message),
  'steps.billing': (s: Snapshot) => {
    expect(pathOf(s, 'billing')).toBe(KIT_CHECKOUT_PATHS.billing);
    shippingReady(s);
  },
  'steps.instructions': (s: Snapshot) => {
    expect(pathOf(s, 'instructions')).toBe(KIT_CHECKOUT_PATHS.instructions);
    // Instructions wait for the basket and need a ready address.
    expect(s.context.basket).not.toBeNull();
    shippingReady(s);
  },
  'steps.instructions.loading': busy,
  'steps.instructions.unavailable': (s: Snapshot) =>
    expect(s.context.errors[0]?.message).toBe(KIT_CHECKOUT_MESSAGES.instructionsLoadFailed),
  'steps.instructions.ready': (s: Snapshot) => expect(s.context.instructionOptions).not.toBeNull(),
  'steps.payment': (s: Snapshot) => {
    expect(pathOf(s, 'payment')).toBe(KIT_CHECKOUT_PATHS.payment);
    expect(s.context.preview?.amountToCharge).toBeGreaterThan(0);
  },
  'steps.paymentWithCredits': (s: Snapshot) => {
    expect(pathOf(s, 'paymentWithCredits')).toBe(KIT_CHECKOUT_PATHS.paymentWithCredits);
    expect(s.context.preview?.amountToCharge).toBe(0);
  },
  'steps.confirmation': (s: Snapshot) => {
    expect(pathOf(s, 'confirmation')).toBe(KIT_CHECKOUT_PATHS.confirmation);
    expect(s.context.order).toEqual(order);
  },
  'steps.error': (s: Snapshot) => {
    expect(pathOf(s, 'error')).toBe(KIT_CHECKOUT_PATHS.error);
    expect(s.context.errors).toHaveLength(1);
    // Only a failed 3-D Secure return leaves a written order unpaid.
    if (s.context.unpaidOrderId !== null) expect(s.context.unpaidOrderId).toBe(order.id);
  },
  signingIn: busy,
  signingUp: busy,
  savingAddress: busy,
  savingBilling: busy,
  savingInstructions: (s: Snapshot) => expect(s.context.instructions).toEqual(instructions),
  loadingPayment: busy,
  savingCard: (s: Snapshot) => expect(s.context.choice?.kind).toBe('newCard'),
  placingOrder: (s: Snapshot) => {
    shippingReady(s);
    expect(s.context.choice?.kind).toMatch(/^(saved|credits)$/);
  },
  redirecting: (s: Snapshot) => expect(s.context.actionUrl).toMatch(/^\/sandbox\//),
  confirmingPayment: (s: Snapshot) => expect(s.context.returnedPaymentId).not.toBeNull(),
  failed: (s: Snapshot) => expect(s.context.errors).toHaveLength(1),
  leaving: (s: Snapshot) => {
    expect(s.status).toBe('done');
    // The menu or home; an order whose 3-D Secure failed may also leave for its payment page.
    const exits: string[] = Object.values(KIT_CHECKOUT_EXITS);
    if (s.context.unpaidOrderId !== null) exits.push(orderPaymentPath(s.context.unpaidOrderId));
    expect(exits).toContain(s.output?.redirectTo);
  },
} satisfies Record<
  Exclude<StateKeys<StateValueFrom<typeof kitCheckoutMachine>>, 'steps' | 'routing'>,
  (snapshot: Snapshot) => void
>;

/** The actor under test with fake calls; from a persisted snapshot to walk another branch. */
function createHarness(input: KitCheckoutInput, snapshot?: PersistedSnapshot<unknown>) {
  const { fake, settle } = pendingCalls();
  const opened: string[] = [];
  const reported: CheckoutFailure[] = [];
  const actor = createActor(
    kitCheckoutMachine.provide({
      actors: {
        loadBasket: fake('loadBasket'),
        signIn: fake('signIn'),
        signUp: fake('signUp'),
        loadAddresses: fake('loadAddresses'),
        lookupAddresses: fake('lookupAddresses'),
        saveAddress: fake('saveAddress'),
        saveBillingAddress: fake('saveBillingAddress'),
        loadInstructions: fake('loadInstructions'),
        saveInstructions: fake('saveInstructions'),
        loadPayment: fake('loadPayment'),
        saveCard: fake('saveCard'),
        placeOrder: fake('placeOrder'),
        confirmPayment: fake('confirmPayment'),
      },
      actions: {
        openActionUrl: (_, url: string) => void opened.push(url),
        reportOrderFailure: (_, failure: CheckoutFailure) => void reported.push(failure),
      },
    }),
    { input, snapshot },
  ).start();
  const send: Executor = async ({ event }) => void actor.send(event as KitCheckoutEvent);
  const outcome: Executor = async ({ event }) => settle(event);
  // A new event or call fails to compile until it has an executor here.
  const events = {
    'url.changed': send,
    'login.submit': send,
    'signup.submit': send,
    'address.choose': send,
    'address.submit': send,
    'address.find': send,
    'foundAddress.choose': send,
    'billing.choose': send,
    'billing.submit': send,
    'instructions.submit': send,
    'payment.submit': send,
    retry: send,
    'xstate.done.actor.loadBasket': outcome,
    'xstate.error.actor.loadBasket': outcome,
    'xstate.done.actor.signIn': outcome,
    'xstate.error.actor.signIn': outcome,
    'xstate.done.actor.signUp': outcome,
    'xstate.error.actor.signUp': outcome,
    'xstate.done.actor.loadAddresses': outcome,
    'xstate.error.actor.loadAddresses': outcome,
    'xstate.done.actor.lookupAddresses': outcome,
    'xstate.error.actor.lookupAddresses': outcome,
    'xstate.done.actor.saveAddress': outcome,
    'xstate.error.actor.saveAddress': outcome,
    'xstate.done.actor.saveBillingAddress': outcome,
    'xstate.error.actor.saveBillingAddress': outcome,
    'xstate.done.actor.loadInstructions': outcome,
    'xstate.error.actor.loadInstructions': outcome,
    'xstate.done.actor.saveInstructions': outcome,
    'xstate.error.actor.saveInstructions': outcome,
    'xstate.done.actor.loadPayment': outcome,
    'xstate.error.actor.loadPayment': outcome,
    'xstate.done.actor.saveCard': outcome,
    'xstate.error.actor.saveCard': outcome,
    'xstate.done.actor.placeOrder': outcome,
    'xstate.error.actor.placeOrder': outcome,
    'xstate.done.actor.confirmPayment': outcome,
    'xstate.error.actor.confirmPayment': outcome,
  } satisfies Record<KitCheckoutEvent['type'] | CallOutcome, Executor>;
  return { actor, settle, events, opened, reported };
}

/** Walks an entry's paths on the actor, each shared step once (see `walkPaths`). */
const walk = (input: KitCheckoutInput, paths: KitPath[]) =>
  walkPaths(paths, (persisted) => createHarness(input, persisted), stateAssertions);

const modelFor = memoByInput(
  (input: KitCheckoutInput) =>
    new TestModel(kitCheckoutMachine, {
      input,
      events: eventsAt,
      serializeState: serialize,
    }),
);
const shortestPaths = memoByInput((input: KitCheckoutInput) => modelFor(input).getShortestPaths());

/** Where the payment region ends: the box is loaded again (a retry) or the checkout left. */
const leftPayment = (s: Snapshot) => s.matches('loadingBasket') || s.status === 'done';

const flowModelFor = (input: KitCheckoutInput) =>
  new TestModel(kitCheckoutMachine, {
    input,
    events: flowEvents,
    serializeState: serializeFlow,
  });

/** Signing in loads the box again: from there on the flow is the signed-in customer's. */
const signedInLoad = (s: Snapshot) => s.matches('loadingBasket') && s.context.customer !== null;

/**
 * A signed-in load leads on the same way whichever entry reached it; only what its routing reads
 * (the entry's URL, a return from the bank) tells two apart.
 */
const claimSignedInLoad = firstOfEach(({ state }: KitPath) =>
  JSON.stringify([
    serializeFlow(state),
    state.context.path,
    state.context.returnedPaymentId !== null,
  ]),
);

/**
 * The payment region is the same from every entry that reaches the same payment state: it ends
 * where the box loads again, before the routing reads the entry's URL.
 */
const claimPaymentStart = claimStarts<KitPath>({ routesAgain: false });

/**
 * Every simple path, in regions (the whole graph has too many: billing and payment can go back
 * and forth, and each call can fail): from each entry until the customer is signed in and the box
 * loads; from each such load to a payment step; then from each payment step the entries reach
 * first, every simple path on. An entry that reaches a load or a payment state another entry
 * reached first walks only its own way there. Paths through the same states (two baskets that
 * both leave for the menu) are walked once.
 */
describe('kit checkout machine: every simple path to a payment step', () => {
  for (const entry of entries) {
    const model = flowModelFor(entry.input);
    const toSignedIn = distinctPaths(
      model.getSimplePaths({ stopWhen: (s) => signedInLoad(s) || atPayment(s) }),
      serializeFlow,
    );
    const starts = claimSignedInLoad(toSignedIn.filter((path) => signedInLoad(path.state)));
    const paths = [
      ...toSignedIn.filter((path) => !starts.includes(path)),
      ...distinctPaths(simplePathsFrom(model, starts, atPayment), serializeFlow),
    ];
    it(
      `${entry.name}: walks its ${paths.length} simple paths`,
      () => walk(entry.input, paths),
      WALK_TIMEOUT_MS,
    );
  }
});

describe('kit checkout machine: every simple path from a payment step', () => {
  for (const entry of entries) {
    const starts = claimPaymentStart(
      modelFor(entry.input)
        .getShortestPaths({ allowDuplicatePaths: true })
        .filter((path) => atPayment(path.state)),
    );
    if (starts.length === 0) continue;
    const paymentModel = new TestModel(kitCheckoutMachine, {
      input: entry.input,
      events: flowEvents,
      serializeState: cachedSerializer((s: Snapshot) => JSON.stringify(s.value)),
    });
    const paths = simplePathsFrom(paymentModel, starts, leftPayment);
    it(
      `${entry.name}: walks the ${paths.length} simple paths from its payment steps`,
      () => walk(entry.input, paths),
      WALK_TIMEOUT_MS,
    );
  }
});

/**
 * Every simple path of the postcode finder (product rule R8.11): from the address step, as a
 * signed-in customer without a listable address reaches it, until the step is left or its forms
 * are used (their paths on are the flow's, above).
 */
describe('kit checkout machine: every simple path through the postcode finder', () => {
  const entry = entries.find((e) => e.name === 'signed in at /checkout')!;
  const start = modelFor(entry.input)
    .getShortestPaths({ allowDuplicatePaths: true })
    .filter((path) => path.state.matches({ steps: { address: 'postcode' } }))
    .slice(0, 1);
  const finderModel = new TestModel(kitCheckoutMachine, {
    input: entry.input,
    events: (s) => eventsAt(s).filter(isFinderEvent),
    serializeState: cachedSerializer((s: Snapshot) =>
      JSON.stringify([s.value, s.context.foundAddress]),
    ),
  });
  const paths = simplePathsFrom(finderModel, start);
  it(
    `walks its ${paths.length} simple paths`,
    async () => {
      expect(start).toHaveLength(1);
      // Every outcome is reached: a list, a district, an unknown postcode, a failed call.
      const reached = new Set(
        paths
          .flatMap((path) => path.steps.map((step) => stateKey(step.state.value)))
          .filter((key) => key.startsWith('steps.address.')),
      );
      expect([...reached].sort()).toEqual(
        [
          'postcode',
          'findingAddress',
          'foundAddresses',
          'districtOnly',
          'unknownPostcode',
          'lookupFailed',
        ]
          .map((state) => `steps.address.${state}`)
          .sort(),
      );
      await walk(entry.input, paths);
    },
    WALK_TIMEOUT_MS,
  );
});

describeStatesAndTransitions({
  name: 'kit checkout machine',
  machine: kitCheckoutMachine,
  entries,
  shortestPaths,
  transitionPaths: (input) => transitionPaths(modelFor(input), eventsAt),
  walk,
  stateKeys: Object.keys(stateAssertions),
  // 'steps.address' and 'steps.instructions' are only ever rested in through their children.
  notRestedIn: { routing: ['routing'], parents: ['steps.address', 'steps.instructions'] },
});

describe('kit checkout machine: the product rules', () => {
  const start = (input: Partial<KitCheckoutInput>) => createHarness({ ...base, ...input });

  async function toPayment(options: KitPaymentOptions = withCard) {
    const harness = start({ customer });
    await harness.settle({ type: 'xstate.done.actor.loadBasket', output: box });
    await harness.settle({ type: 'xstate.done.actor.loadAddresses', output: [home, office] });
    await harness.settle({
      type: 'xstate.done.actor.loadInstructions',
      output: instructionOptions,
    });
    harness.actor.send({ type: 'instructions.submit', instructions });
    await harness.settle({ type: 'xstate.done.actor.saveInstructions', output: box });
    await harness.settle({ type: 'xstate.done.actor.loadPayment', output: options });
    return harness;
  }

  it('sends a confirmation reached from the wrong origin to /', () => {
    const { actor } = start({ customer, path: KIT_CHECKOUT_PATHS.confirmation });
    expect(actor.getSnapshot().output).toEqual({ redirectTo: '/' });
  });

  it('sends a box below the minimum back to the menu', async () => {
    const { actor, settle } = start({ customer });
    await settle({ type: 'xstate.done.actor.loadBasket', output: belowMinimum });
    expect(actor.getSnapshot().output).toEqual({ redirectTo: '/menu' });
  });

  it('goes to the address step when no listable address is known, else to instructions', async () => {
    const without = start({ customer });
    await without.settle({ type: 'xstate.done.actor.loadBasket', output: box });
    await without.settle({ type: 'xstate.done.actor.loadAddresses', output: [noPhone] });
    expect(without.actor.getSnapshot().matches({ steps: 'address' })).toBe(true);
    expect(without.actor.getSnapshot().context.addresses).toEqual([]);

    const known = start({ customer });
    await known.settle({ type: 'xstate.done.actor.loadBasket', output: box });
    await known.settle({ type: 'xstate.done.actor.loadAddresses', output: [office, home] });
    expect(known.actor.getSnapshot().matches({ steps: 'instructions' })).toBe(true);
    // The default address is the delivery and the billing address.
    expect(known.actor.getSnapshot().context.shippingAddressId).toBe('1');
    expect(known.actor.getSnapshot().context.billingAddressId).toBe('1');
  });

  it('sends a deep link to payment to the step before it (instructions)', async () => {
    const { actor, settle } = start({ customer, path: KIT_CHECKOUT_PATHS.payment });
    await settle({ type: 'xstate.done.actor.loadBasket', output: box });
    await settle({ type: 'xstate.done.actor.loadAddresses', output: [home] });
    expect(actor.getSnapshot().matches({ steps: 'instructions' })).toBe(true);
    actor.send({ type: 'url.changed', path: KIT_CHECKOUT_PATHS.payment, search: '' });
    expect(actor.getSnapshot().matches({ steps: 'instructions' })).toBe(true);
  });

  async function toAddressStep() {
    const harness = start({ customer });
    await harness.settle({ type: 'xstate.done.actor.loadBasket', output: box });
    await harness.settle({ type: 'xstate.done.actor.loadAddresses', output: [] });
    return harness;
  }
  const lookupInput = (snapshot: Snapshot) =>
    (snapshot.children.lookupAddresses?.getSnapshot() as { input?: unknown } | undefined)?.input;

  it('finds the addresses of a postcode typed in any case and spacing, and fills the form with the one chosen (R8.11)', async () => {
    const { actor, settle } = await toAddressStep();
    actor.send({ type: 'address.find', postcode: ' w42hd ' });
    expect(lookupInput(actor.getSnapshot())).toEqual({ postcode: 'W4 2HD' });
    await settle({ type: 'xstate.done.actor.lookupAddresses', output: [devonshire, flat] });
    expect(actor.getSnapshot().matches({ steps: { address: 'foundAddresses' } })).toBe(true);
    expect(actor.getSnapshot().context.foundAddress).toBeNull();

    actor.send({ type: 'foundAddress.choose', addressId: devonshire.id });
    expect(actor.getSnapshot().context.foundAddress).toEqual({
      address1: '12 Devonshire Road',
      address2: '',
      city: 'London',
      zip: 'W4 2HD',
      lat: 51.4916,
      lon: -0.2555,
    });
    // Only an address the lookup found can be chosen.
    expect(actor.getSnapshot().can({ type: 'foundAddress.choose', addressId: '1' })).toBe(false);
  });

  it('keeps the postcode of a district-only match and asks for the street (R3.13)', async () => {
    const { actor, settle } = await toAddressStep();
    actor.send({ type: 'address.find', postcode: 'sw1a 1aa' });
    await settle({ type: 'xstate.done.actor.lookupAddresses', output: [] });
    expect(actor.getSnapshot().matches({ steps: { address: 'districtOnly' } })).toBe(true);
    expect(actor.getSnapshot().context.foundAddress).toMatchObject({
      address1: '',
      city: '',
      zip: 'SW1A 1AA',
    });
  });

  it("says the server's words for an unknown postcode (R8.11), and to try again when the lookup fails (R8.12)", async () => {
    const { actor, settle } = await toAddressStep();
    actor.send({ type: 'address.find', postcode: 'ZZ9 9ZZ' });
    const unknown = {
      status: 404,
      message: "We couldn't find any addresses for ZZ9 9ZZ. Check the postcode and try again.",
    };
    await settle({ type: 'xstate.error.actor.lookupAddresses', error: unknown });
    expect(actor.getSnapshot().matches({ steps: { address: 'unknownPostcode' } })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual([
      { field: POSTCODE_FINDER_FIELD, message: unknown.message },
    ]);

    actor.send({ type: 'address.find', postcode: 'W4 2HD' });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    await settle({ type: 'xstate.error.actor.lookupAddresses', error: lookupDown });
    expect(actor.getSnapshot().matches({ steps: { address: 'lookupFailed' } })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual([
      { field: POSTCODE_FINDER_FIELD, message: "We couldn't look up W4 2HD just now. Try again." },
    ]);

    // Trying again looks it up again.
    actor.send({ type: 'address.find', postcode: 'W4 2HD' });
    await settle({ type: 'xstate.done.actor.lookupAddresses', output: [devonshire] });
    expect(actor.getSnapshot().matches({ steps: { address: 'foundAddresses' } })).toBe(true);
  });

  it('checks the postcode before looking it up, with the takeaway’s messages', async () => {
    const { actor } = await toAddressStep();
    actor.send({ type: 'address.find', postcode: '  ' });
    expect(actor.getSnapshot().context.errors).toEqual([
      { field: POSTCODE_FINDER_FIELD, message: 'Enter a postcode' },
    ]);
    actor.send({ type: 'address.find', postcode: 'W4' });
    expect(actor.getSnapshot().context.errors).toEqual([
      { field: POSTCODE_FINDER_FIELD, message: 'Enter a real postcode, like W4 2HD' },
    ]);
    expect(actor.getSnapshot().matches({ steps: { address: 'postcode' } })).toBe(true);
    expect(actor.getSnapshot().children.lookupAddresses).toBeUndefined();
  });

  it('replaces a lookup under way with a new one', async () => {
    const { actor, settle } = await toAddressStep();
    actor.send({ type: 'address.find', postcode: 'SW1A 1AA' });
    actor.send({ type: 'address.find', postcode: 'W4 2HD' });
    expect(lookupInput(actor.getSnapshot())).toEqual({ postcode: 'W4 2HD' });
    await settle({ type: 'xstate.done.actor.lookupAddresses', output: [devonshire] });
    expect(actor.getSnapshot().context.postcodeLookup).toEqual({
      postcode: 'W4 2HD',
      addresses: [devonshire],
    });
  });

  it('says "Couldn\'t load addresses list" when the list fails', async () => {
    const { actor, settle } = start({ customer });
    await settle({ type: 'xstate.done.actor.loadBasket', output: box });
    await settle({ type: 'xstate.error.actor.loadAddresses', error: { status: 500 } });
    expect(actor.getSnapshot().context.errors[0]?.message).toBe("Couldn't load addresses list");
  });

  it('says "Couldn\'t save  your billing address" (product rule R8.8\'s words) when saving it fails', async () => {
    const { actor, settle } = await toPayment();
    actor.send({ type: 'url.changed', path: KIT_CHECKOUT_PATHS.billing, search: '' });
    actor.send({ type: 'billing.submit', form: typedAddress });
    await settle({ type: 'xstate.error.actor.saveBillingAddress', error: { status: 500 } });
    expect(actor.getSnapshot().matches({ steps: 'billing' })).toBe(true);
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(
      "Couldn't save  your billing address",
    );
  });

  it('asks for no card when store credit covers the box, and orders without one', async () => {
    const { actor, settle } = await toPayment(withCredits);
    expect(actor.getSnapshot().matches({ steps: 'paymentWithCredits' })).toBe(true);
    actor.send({ type: 'payment.submit', choice: { kind: 'credits' } });
    expect(actor.getSnapshot().value).toBe('placingOrder');
    await settle({ type: 'xstate.done.actor.placeOrder', output: { status: 'succeeded', order } });
    expect(actor.getSnapshot().matches({ steps: 'confirmation' })).toBe(true);
  });

  it('asks for a card when the basket says so, even when credit covers the box', async () => {
    const { actor } = await toPayment({
      ...withCredits,
      preview: { ...covered, requestCard: true },
    });
    expect(actor.getSnapshot().matches({ steps: 'payment' })).toBe(true);
  });

  it("shows 'Something went wrong!' and reports a failed order", async () => {
    const { actor, settle, reported } = await toPayment();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({ type: 'xstate.error.actor.placeOrder', error: { status: 500 } });
    expect(actor.getSnapshot().matches({ steps: 'error' })).toBe(true);
    expect(actor.getSnapshot().context.errors[0]?.message).toBe('Something went wrong!');
    expect(reported).toEqual([{ status: 500 }]);
  });

  it('says why when the delivery day closed since the day step showed it (R8.4, R8.8)', async () => {
    const { actor, settle } = await toPayment();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    const message = 'Choose a delivery day this week that is still available';
    await settle({
      type: 'xstate.error.actor.placeOrder',
      error: { status: 400, code: 'delivery_date_unavailable', message },
    });
    expect(actor.getSnapshot().matches({ steps: 'error' })).toBe(true);
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(message);
  });

  it('keeps a declined card on the payment step with the bank’s words', async () => {
    const { actor, settle } = await toPayment();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({
      type: 'xstate.error.actor.placeOrder',
      error: { status: 402, message: 'Your card was reported stolen.', hardDecline: true },
    });
    expect(actor.getSnapshot().matches({ steps: 'payment' })).toBe(true);
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(
      `Your card was reported stolen. ${KIT_CHECKOUT_MESSAGES.hardDecline}`,
    );
    expect(actor.getSnapshot().context.choice).toBeNull();
  });

  it('keeps too many declines (429) on the payment step with the server’s words', async () => {
    const { actor, settle } = await toPayment();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    const message =
      'Too many payments for your account were declined. Please check your card details with your bank, then try again in 60 minutes.';
    await settle({
      type: 'xstate.error.actor.placeOrder',
      error: { status: 429, message, hardDecline: false },
    });
    expect(actor.getSnapshot().matches({ steps: 'payment' })).toBe(true);
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(message);
  });

  it('sends the order call what the steps chose', async () => {
    const { actor } = await toPayment();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    const child = actor.getSnapshot().children.placeOrder;
    expect((child?.getSnapshot() as { input?: unknown } | undefined)?.input).toEqual({
      basketId: 'b1',
      paymentMethodId: '3',
      shippingAddressId: '1',
      billingAddressId: '1',
      deliveryNote: 'Blue door',
      courierInstruction: 'Leave in the porch',
      frequency: 2,
    });
  });

  it('opens the bank challenge page and confirms the payment on return', async () => {
    const { actor, settle, opened } = await toPayment();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({
      type: 'xstate.done.actor.placeOrder',
      output: { status: 'requires_action', actionUrl: '/sandbox/challenge/pi_1' },
    });
    expect(opened).toEqual(['/sandbox/challenge/pi_1']);

    const back = start({ customer, path: KIT_CHECKOUT_PATHS.payment, returnedPaymentId: '12' });
    await back.settle({
      type: 'xstate.done.actor.confirmPayment',
      output: { status: 'succeeded', order, message: null },
    });
    expect(back.actor.getSnapshot().matches({ steps: 'confirmation' })).toBe(true);
  });

  it('after a failed 3-D Secure says why, then sends the written order to be paid on its page', async () => {
    const back = start({ customer, path: KIT_CHECKOUT_PATHS.payment, returnedPaymentId: '12' });
    await back.settle({
      type: 'xstate.done.actor.confirmPayment',
      output: { status: 'failed', order, message: 'The bank could not authenticate the card' },
    });
    const failed = back.actor.getSnapshot();
    expect(failed.matches({ steps: 'error' })).toBe(true);
    expect(failed.context.errors[0]?.message).toBe(
      'The bank could not authenticate the card. Try another card or contact your bank.',
    );

    back.actor.send({ type: 'retry' });
    expect(back.actor.getSnapshot().output).toEqual({ redirectTo: '/payment/7' });
  });
});
