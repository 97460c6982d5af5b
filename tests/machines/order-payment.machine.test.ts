import { describe, expect, it } from 'vitest';
import {
  createActor,
  type Snapshot as PersistedSnapshot,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import {
  memoByInput,
  stateKey,
  takenEdges,
  transitionPaths,
  untakenTransitions,
  walkPaths,
  WALK_TIMEOUT_MS,
} from './support/model-paths';
import { pendingCalls } from './support/pending-calls';
import {
  dropped,
  entries,
  goodCard,
  modelEvents,
  newCard,
  options,
  paidBefore,
  returned,
  serialize,
  unpaid,
} from './order-payment/events';
import type { StateKeys } from '../../src/flows/flow-types';
import {
  ORDER_PAYMENT_MESSAGES,
  orderPaymentMachine,
  type OrderPaymentEvent,
  type OrderPaymentInput,
} from '../../machines/order-payment/order-payment.machine';
import type {
  CheckoutFailure,
  PayOrderInput,
} from '../../machines/order-payment/order-payment.types';

type Snapshot = SnapshotFrom<typeof orderPaymentMachine>;
type OrderPaymentPath = TestPath<Snapshot, OrderPaymentEvent>;
type Executor = (step: { event: { type: string } }) => Promise<void>;
type ActorName = 'loadOrder' | 'saveCard' | 'pay' | 'confirmPayment';
type CallOutcome = `xstate.${'done' | 'error'}.actor.${ActorName}`;

const busy = (s: Snapshot) => expect(s.hasTag('busy')).toBe(true);

/** What must hold in each state, whatever path led there. */
const stateAssertions = {
  loading: (s: Snapshot) => {
    busy(s);
    expect(s.context.returnedPaymentId).toBeNull();
  },
  choosing: (s: Snapshot) => {
    expect(s.hasTag('busy')).toBe(false);
    // Only an order awaiting payment is offered for payment.
    expect(['payment_pending', 'not_authorized']).toContain(s.context.order?.state);
    expect(s.context.methods.length).toBeGreaterThan(0);
  },
  savingCard: (s: Snapshot) => {
    busy(s);
    expect(s.context.choice?.kind).toBe('newCard');
  },
  paying: (s: Snapshot) => {
    busy(s);
    expect(s.context.choice).toEqual({ kind: 'saved', methodId: expect.any(String) });
    expect(s.context.errors).toEqual([]);
  },
  redirecting: (s: Snapshot) => {
    busy(s);
    expect(s.context.actionUrl).toBe('/sandbox/challenge/pi_1');
  },
  confirmingPayment: (s: Snapshot) => {
    busy(s);
    expect(s.context.returnedPaymentId).toBe('9');
  },
  failed: (s: Snapshot) => {
    expect(s.context.errors).toHaveLength(1);
    expect([
      ORDER_PAYMENT_MESSAGES.loadFailed,
      ORDER_PAYMENT_MESSAGES.paymentDetailsFailed,
    ]).toContain(s.context.errors[0]?.message);
  },
  paid: (s: Snapshot) => {
    expect(s.status).toBe('done');
    expect(s.context.errors).toEqual([]);
  },
  nothingToPay: (s: Snapshot) => {
    expect(s.status).toBe('done');
    expect(s.context.order?.state).toBe('dropped');
  },
  notFound: (s: Snapshot) => {
    expect(s.status).toBe('done');
    expect(s.context.order).toBeNull();
  },
} satisfies Record<
  // The routing state (always transitions) is never rested in.
  Exclude<StateKeys<StateValueFrom<typeof orderPaymentMachine>>, 'routing'>,
  (snapshot: Snapshot) => void
>;

/** The actor under test with fake calls; from a persisted snapshot to walk another branch. */
function createHarness(input: OrderPaymentInput, snapshot?: PersistedSnapshot<unknown>) {
  const { fake, settle } = pendingCalls();
  const opened: string[] = [];
  const payInputs: PayOrderInput[] = [];
  const actor = createActor(
    orderPaymentMachine.provide({
      actors: {
        loadOrder: fake('loadOrder'),
        saveCard: fake('saveCard'),
        pay: fake('pay'),
        confirmPayment: fake('confirmPayment'),
      },
      actions: { openActionUrl: (_, url: string) => void opened.push(url) },
    }),
    { input, snapshot },
  );
  // What each payment attempt sends: the input of every new `pay` call.
  const seen = new Set<unknown>();
  actor.subscribe((snapshot) => {
    const call = snapshot.children.pay;
    if (!call || seen.has(call)) return;
    seen.add(call);
    payInputs.push((call.getSnapshot() as { input: PayOrderInput }).input);
  });
  actor.start();
  const send: Executor = async ({ event }) => void actor.send(event as OrderPaymentEvent);
  const outcome: Executor = async ({ event }) => settle(event);
  // A new event or call fails to compile until it has an executor here.
  const events = {
    'payment.submit': send,
    retry: send,
    'xstate.done.actor.loadOrder': outcome,
    'xstate.error.actor.loadOrder': outcome,
    'xstate.done.actor.saveCard': outcome,
    'xstate.error.actor.saveCard': outcome,
    'xstate.done.actor.pay': outcome,
    'xstate.error.actor.pay': outcome,
    'xstate.done.actor.confirmPayment': outcome,
    'xstate.error.actor.confirmPayment': outcome,
  } satisfies Record<OrderPaymentEvent['type'] | CallOutcome, Executor>;
  return { actor, settle, events, opened, payInputs };
}

/** Walks an entry's paths on the actor, each shared step once (see `walkPaths`). */
const walk = (input: OrderPaymentInput, paths: OrderPaymentPath[]) =>
  walkPaths(paths, (persisted) => createHarness(input, persisted), stateAssertions);

const modelFor = memoByInput(
  (input: OrderPaymentInput) =>
    new TestModel(orderPaymentMachine, {
      input,
      events: modelEvents,
      serializeState: serialize,
    }),
);
const simplePaths = memoByInput((input: OrderPaymentInput) => modelFor(input).getSimplePaths());
const transitionPathsOf = memoByInput((input: OrderPaymentInput) =>
  transitionPaths(modelFor(input), modelEvents),
);

/** The whole graph is small: every simple path from each entry, checked on the actor. */
describe('order payment machine: every simple path', () => {
  for (const entry of entries) {
    const paths = simplePaths(entry.input);
    it(
      `${entry.name}: walks its ${paths.length} simple paths`,
      () => walk(entry.input, paths),
      WALK_TIMEOUT_MS,
    );
  }

  it('reaches every state of the machine (coverage guard)', () => {
    const reached = new Set(
      entries
        .flatMap((entry) => simplePaths(entry.input))
        .flatMap((path) => path.steps.map((step) => stateKey(step.state.value)))
        .filter((key) => key !== 'routing'),
    );
    expect([...reached].sort()).toEqual(Object.keys(stateAssertions).sort());
  });
});

/** Simple paths never go back to a state (a decline back to the choice): these do. */
describe('order payment machine: every transition', () => {
  for (const entry of entries) {
    const paths = transitionPathsOf(entry.input);
    it(
      `${entry.name}: takes each of its ${paths.length} transitions`,
      () => walk(entry.input, paths),
      WALK_TIMEOUT_MS,
    );
  }

  it('takes every transition the machine declares (coverage guard)', () => {
    const taken = entries.flatMap((entry) =>
      takenEdges([...simplePaths(entry.input), ...transitionPathsOf(entry.input)]),
    );
    expect(untakenTransitions(orderPaymentMachine, taken)).toEqual([]);
  });
});

describe('order payment machine: the rules', () => {
  const fresh = { orderId: '42', returnedPaymentId: null };
  const failure = (error: CheckoutFailure) => error;

  async function choosing() {
    const harness = createHarness(fresh);
    await harness.settle({ type: 'xstate.done.actor.loadOrder', output: options(unpaid) });
    return harness;
  }

  it("says 'We were unable to process your request' when the order cannot be loaded, and tries again", async () => {
    const { actor, settle } = createHarness(fresh);
    await settle({ type: 'xstate.error.actor.loadOrder', error: failure({ status: 500 }) });
    expect(actor.getSnapshot().context.errors).toEqual([
      { field: 'order', message: 'We were unable to process your request' },
    ]);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await settle({ type: 'xstate.done.actor.loadOrder', output: options(unpaid) });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual([]);
  });

  it('says not found for an order the server does not show this customer (404)', async () => {
    const { actor, settle } = createHarness(fresh);
    await settle({ type: 'xstate.error.actor.loadOrder', error: failure({ status: 404 }) });
    expect(actor.getSnapshot().value).toBe('notFound');
  });

  it('goes straight to success for an order already paid, and to nothing to pay for a dropped one', async () => {
    const paid = createHarness(fresh);
    await paid.settle({ type: 'xstate.done.actor.loadOrder', output: options(paidBefore) });
    expect(paid.actor.getSnapshot().value).toBe('paid');
    expect(paid.actor.getSnapshot().context.amountPaid).toBeNull();
    const gone = createHarness(fresh);
    await gone.settle({ type: 'xstate.done.actor.loadOrder', output: options(dropped) });
    expect(gone.actor.getSnapshot().value).toBe('nothingToPay');
  });

  it('offers a payment_pending order as well as a not_authorized one', async () => {
    const { actor, settle } = createHarness(fresh);
    await settle({
      type: 'xstate.done.actor.loadOrder',
      output: options({ ...unpaid, state: 'payment_pending' }),
    });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('checks a typed card before saving it', async () => {
    const { actor } = await choosing();
    actor.send({
      type: 'payment.submit',
      choice: { kind: 'newCard', card: { number: '4242', expiry: 'soon', cvc: '' } },
    });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(
      actor
        .getSnapshot()
        .context.errors.map((error) => error.field)
        .sort(),
    ).toEqual(['cardCvc', 'cardExpiry', 'cardNumber']);
  });

  it('pays with a new card once saved, the amount to charge being the total less store credit', async () => {
    const { actor, settle, payInputs } = await choosing();
    actor.send({ type: 'payment.submit', choice: { kind: 'newCard', card: goodCard } });
    await settle({ type: 'xstate.done.actor.saveCard', output: newCard });
    expect(payInputs).toEqual([{ orderId: '42', methodId: '4', attempt: 0 }]);
    await settle({ type: 'xstate.done.actor.pay', output: { status: 'succeeded' } });
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().context.amountPaid).toBe(20);
  });

  it("shows 'Request failed' when a card cannot be saved, unless the gateway says why", async () => {
    const { actor, settle } = await choosing();
    actor.send({ type: 'payment.submit', choice: { kind: 'newCard', card: goodCard } });
    await settle({ type: 'xstate.error.actor.saveCard', error: failure({ status: 0 }) });
    expect(actor.getSnapshot().context.errors).toEqual([
      { field: 'cardNumber', message: 'Request failed' },
    ]);
  });

  it("keeps a declined card on the page with the bank's words, and makes the next try a new attempt", async () => {
    const { actor, settle, payInputs } = await choosing();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({
      type: 'xstate.error.actor.pay',
      error: failure({ status: 402, message: 'Your card was declined.', hardDecline: false }),
    });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.errors).toEqual([
      {
        field: 'payment',
        message: 'Your card was declined. Try another card or contact your bank.',
      },
    ]);
    // Product rule R11.5: the form afresh, nothing pre-selected.
    expect(actor.getSnapshot().context.choice).toBeNull();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    expect(payInputs.map((input) => input.attempt)).toEqual([0, 1]);
  });

  it('asks for another card after a hard decline', async () => {
    const { actor, settle } = await choosing();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({
      type: 'xstate.error.actor.pay',
      error: failure({
        status: 402,
        message: 'Your card was declined. Please use a different card.',
        hardDecline: true,
      }),
    });
    expect(actor.getSnapshot().context.choice).toBeNull();
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(
      'Your card was declined. Use a different card: this one cannot be charged.',
    );
  });

  it("retries the same attempt when the provider could not be reached, with the server's words", async () => {
    const { actor, settle, payInputs } = await choosing();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({
      type: 'xstate.error.actor.pay',
      error: failure({
        status: 502,
        message: "We couldn't reach our payment provider. Please try again.",
      }),
    });
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(
      "We couldn't reach our payment provider. Please try again.",
    );
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    expect(payInputs.map((input) => input.attempt)).toEqual([0, 0]);
  });

  it("leaves for the bank's page when the card needs 3-D Secure", async () => {
    const { actor, settle, opened } = await choosing();
    actor.send({ type: 'payment.submit', choice: { kind: 'saved', methodId: '3' } });
    await settle({
      type: 'xstate.done.actor.pay',
      output: { status: 'requires_action', actionUrl: '/sandbox/challenge/pi_1' },
    });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(opened).toEqual(['/sandbox/challenge/pi_1']);
  });

  it('confirms a returned payment first: paid goes to success with the amount', async () => {
    const { actor, settle } = createHarness({ orderId: '42', returnedPaymentId: '9' });
    expect(actor.getSnapshot().value).toBe('confirmingPayment');
    await settle({ type: 'xstate.done.actor.confirmPayment', output: returned('succeeded') });
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().context.amountPaid).toBe(20);
  });

  it("comes back to the choice with the bank's words when the challenge failed", async () => {
    const { actor, settle } = createHarness({ orderId: '42', returnedPaymentId: '9' });
    await settle({
      type: 'xstate.done.actor.confirmPayment',
      output: returned('failed', '42', 'The bank could not authenticate this payment.'),
    });
    expect(actor.getSnapshot().value).toBe('loading');
    await settle({ type: 'xstate.done.actor.loadOrder', output: options(unpaid) });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.errors).toEqual([
      {
        field: 'payment',
        message:
          'The bank could not authenticate this payment. Try another card or contact your bank.',
      },
    ]);
  });

  it("does not take another order's payment for this one", async () => {
    const { actor, settle } = createHarness({ orderId: '42', returnedPaymentId: '9' });
    await settle({ type: 'xstate.done.actor.confirmPayment', output: returned('succeeded', '7') });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.errors[0]?.message).toBe(
      ORDER_PAYMENT_MESSAGES.paymentPending,
    );
  });

  it("shows the server's error when the payment details fail, else 'Something went wrong'", async () => {
    const withMessage = createHarness({ orderId: '42', returnedPaymentId: '9' });
    await withMessage.settle({
      type: 'xstate.error.actor.confirmPayment',
      error: failure({ status: 502, message: "We couldn't reach our payment provider." }),
    });
    expect(withMessage.actor.getSnapshot().context.errors[0]?.message).toBe(
      "We couldn't reach our payment provider.",
    );
    const without = createHarness({ orderId: '42', returnedPaymentId: '9' });
    await without.settle({
      type: 'xstate.error.actor.confirmPayment',
      error: failure({ status: 0 }),
    });
    expect(without.actor.getSnapshot().context.errors[0]?.message).toBe('Something went wrong');
    without.actor.send({ type: 'retry' });
    expect(without.actor.getSnapshot().value).toBe('confirmingPayment');
  });
});
