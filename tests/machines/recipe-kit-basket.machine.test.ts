import { describe, expect, it } from 'vitest';
import {
  createActor,
  getNextSnapshot,
  SimulatedClock,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import {
  isKitBasketReady,
  KIT_BASKET_LOAD_FAILED,
  recipeKitBasketMachine,
  type KitBasketState,
  type RecipeKitBasketEvent,
  type RecipeKitBasketInput,
} from '../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import {
  BASKET_LOADING_TIMEOUT,
  BASKET_POLL_MS,
  BASKET_UPDATE_FAILED,
  BASKET_WAIT_TRIES,
} from '../../machines/basket-shared/basket-shared';
import type { StateKeys } from '../../src/flows/flow-types';
import { stateKey, takenEdges, untakenTransitions } from './support/model-paths';
import { pendingCalls } from './support/pending-calls';
import {
  answers,
  quantities,
  type ActorName,
  POLL,
  W1,
  cacio,
  callInput,
  emptyBasket,
  entries,
  eventsOf,
  filled,
  fresh,
  materialize,
  ragu,
  serialize,
  twoCacio,
  type ModelEvent,
  withLines,
} from './recipe-kit-basket/events';
import { extendPath, transitionPathsOf } from './support/state-events';

type Snapshot = SnapshotFrom<typeof recipeKitBasketMachine>;
type Executor = (step: { event: { type: string } }) => Promise<void>;

const busy = (s: Snapshot) => expect(s.hasTag('busy')).toBe(true);
const hasBasket = (s: Snapshot) => expect(s.context.basket).not.toBeNull();

/** What must hold in each state, whatever path led there. */
const stateAssertions = {
  'loading.idle': (s: Snapshot) => {
    busy(s);
    expect(s.context.basket).toBeNull();
  },
  // A call made before the basket is there waits for it.
  'loading.waiting': (s: Snapshot) => {
    busy(s);
    expect(s.context.queued.length).toBeGreaterThan(0);
    expect(s.context.waitTries).toBeLessThan(BASKET_WAIT_TRIES);
  },
  // Product rule R7.11: not during a token sign-in, not on the gift-boxes route.
  creating: (s: Snapshot) => {
    busy(s);
    expect(s.context.basket).toBeNull();
    expect(s.context.tokenSignIn || s.context.onGiftBoxes).toBe(false);
  },
  // At rest the box shows what the server last confirmed.
  ready: (s: Snapshot) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.lines).toEqual(s.context.confirmedLines);
    expect(s.context.basket?.lines ?? []).toEqual(s.context.lines);
  },
  adding: (s: Snapshot) => {
    busy(s);
    hasBasket(s);
    expect(callInput(s, 'addItem')).toMatchObject({ basketId: s.context.basket?.basketId });
  },
  // A change shows at once; the call on its way sets a quantity of a line the server has.
  syncing: (s: Snapshot) => {
    busy(s);
    hasBasket(s);
    const { lineId, quantity } = callInput<{ lineId: string; quantity: number }>(s, 'changeItem');
    expect(s.context.confirmedLines.map((line) => line.id)).toContain(lineId);
    expect(quantity).toBeGreaterThanOrEqual(0);
  },
  updatingPlan: (s: Snapshot) => {
    busy(s);
    hasBasket(s);
  },
  applyingVoucher: (s: Snapshot) => {
    busy(s);
    hasBasket(s);
  },
  removingVoucher: (s: Snapshot) => {
    busy(s);
    expect(s.context.basket?.voucher).not.toBeNull();
  },
  // Sign-out: the old basket is deleted and a new one made; a token sign-in is over.
  resetting: (s: Snapshot) => {
    busy(s);
    expect(s.context.tokenSignIn).toBe(false);
  },
  // Every week at its minimum and the total at the minimum spend (product rule R7.13).
  checkingOut: (s: Snapshot) => {
    expect(isKitBasketReady(s.context.basket)).toBe(true);
    expect(
      (s.getMeta() as Record<string, { path?: string }>)['recipeKitBasket.checkingOut'],
    ).toEqual({ path: '/checkout' });
  },
} satisfies Record<
  Exclude<
    StateKeys<StateValueFrom<typeof recipeKitBasketMachine>>,
    'loading' | 'routing' | 'checking'
  >,
  (s: Snapshot) => void
>;

function createHarness(input: RecipeKitBasketInput) {
  const { fake, settle } = pendingCalls();
  // Polls run on this clock: a path moves it on one poll at a time.
  const clock = new SimulatedClock();
  const actor = createActor(
    recipeKitBasketMachine.provide({
      actors: {
        loadBasket: fake('loadBasket'),
        createBasket: fake('createBasket'),
        addItem: fake('addItem'),
        changeItem: fake('changeItem'),
        updatePlan: fake('updatePlan'),
        resetBasket: fake('resetBasket'),
        applyVoucher: fake('applyVoucher'),
        removeVoucher: fake('removeVoucher'),
      },
    }),
    { input, clock },
  ).start();
  const send: Executor = async ({ event }) => void actor.send(event as RecipeKitBasketEvent);
  const outcome: Executor = async ({ event }) => settle(event);
  const poll: Executor = async () => void clock.increment(BASKET_POLL_MS);
  // A new event or call fails to compile until it has an executor here.
  const events = {
    'item.add': send,
    'item.increment': send,
    'item.decrement': send,
    'plan.change': send,
    'voucher.apply': send,
    'voucher.remove': send,
    'checkout.start': send,
    'basket.retry': send,
    'session.signedOut': send,
    [POLL]: poll,
    'xstate.done.actor.loadBasket': outcome,
    'xstate.error.actor.loadBasket': outcome,
    'xstate.done.actor.createBasket': outcome,
    'xstate.error.actor.createBasket': outcome,
    'xstate.done.actor.addItem': outcome,
    'xstate.error.actor.addItem': outcome,
    'xstate.done.actor.changeItem': outcome,
    'xstate.error.actor.changeItem': outcome,
    'xstate.done.actor.updatePlan': outcome,
    'xstate.error.actor.updatePlan': outcome,
    'xstate.done.actor.resetBasket': outcome,
    'xstate.error.actor.resetBasket': outcome,
    'xstate.done.actor.applyVoucher': outcome,
    'xstate.error.actor.applyVoucher': outcome,
    'xstate.done.actor.removeVoucher': outcome,
    'xstate.error.actor.removeVoucher': outcome,
  } satisfies Record<ModelEvent['type'], Executor>;
  return { actor, settle, clock, events };
}

/**
 * The generated path walked again from its start, each answer worked out for where the path
 * really is: a generated step holds one of the states serialized alike, not always the one its
 * events lead to.
 */
function concrete(
  model: TestModel<Snapshot, ModelEvent, RecipeKitBasketInput>,
  path: TestPath<Snapshot, ModelEvent>,
): TestPath<Snapshot, ModelEvent> {
  const [start, ...rest] = path.steps;
  let state = start!.state;
  const steps = [start!];
  for (const step of rest) {
    const event = materialize(step.event, state);
    state = getNextSnapshot(model.testLogic, state, event);
    steps.push({ state, event });
  }
  const statePath = { state, steps, weight: path.weight };
  return {
    ...statePath,
    description: path.description,
    test: (params) => model.testPath(statePath, params),
  };
}

/**
 * Walks a generated path on the running machine, its calls settled by the path: at every step
 * the actor must be where the path is, with the same context, and meet that state's assertions.
 */
async function walk(input: RecipeKitBasketInput, generated: TestPath<Snapshot, ModelEvent>) {
  const path = concrete(modelFor(input), generated);
  // The serialization keeps all the routing reads: walked again, the path passes the same states.
  expect(path.steps.map((step) => serialize(step.state))).toEqual(
    generated.steps.map((step) => serialize(step.state)),
  );
  const { actor, events } = createHarness(input);
  const states = Object.fromEntries(
    Object.entries(stateAssertions).map(([key, assert]) => [
      key,
      (model: Snapshot) => {
        const running = actor.getSnapshot();
        expect(running.value).toEqual(model.value);
        expect(running.context).toEqual(model.context);
        assert(running);
      },
    ]),
  );
  await path.test({ states, events });
  expect(actor.getSnapshot().value).toEqual(path.state.value);
  actor.stop();
}

const modelFor = (input: RecipeKitBasketInput) =>
  new TestModel(recipeKitBasketMachine, {
    input,
    events: eventsOf as (s: Snapshot) => RecipeKitBasketEvent[],
    serializeState: serialize,
    // Without a matcher a TestModel runs only a '*' entry of the assertion table.
    stateMatcher: (s, key) => s.matches(key as never),
  }) as unknown as TestModel<Snapshot, ModelEvent, RecipeKitBasketInput>;

const describeEvents = (path: TestPath<Snapshot, ModelEvent>) =>
  path.steps
    .slice(1)
    .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1 '))
    .join(' → ');

/**
 * Where the entries differ: only while the basket loads (routing reads the token sign-in and the
 * route). From there on their graphs are one, so a later entry walks only what is new.
 */
const sharedKey = (s: Snapshot) =>
  s.matches('loading')
    ? JSON.stringify([serialize(s), s.context.tokenSignIn, s.context.onGiftBoxes])
    : serialize(s);
const seenStates = new Set<string>();
const seenTransitions = new Set<string>();
const isNew = (seen: Set<string>, key: string) => !seen.has(key) && Boolean(seen.add(key));

/** Generating paths is the slow part: once per entry. */
const generated = new Map(
  entries.map((entry) => {
    const model = modelFor(entry.input);
    const shortest = model
      .getShortestPaths()
      .filter((path) => isNew(seenStates, sharedKey(path.state)))
      .map((path) => ({
        ...path,
        description: `reaches ${stateKey(path.state.value)}: ${describeEvents(path)}`,
      }));
    const transitions = transitionPathsOf(model, eventsOf).filter((path) => {
      const from = path.steps.at(-2)!.state;
      return isNew(
        seenTransitions,
        `${sharedKey(from)} ${JSON.stringify(path.steps.at(-1)!.event)}`,
      );
    });
    // The wait runs out only at the 100th poll: a path of its own, poll after poll.
    const [waiting] = model.getShortestPaths({
      toState: (state) => state.matches({ loading: 'waiting' }),
    });
    const polls = Array.from({ length: BASKET_WAIT_TRIES }, () => ({ type: POLL }) as const);
    if (waiting && isNew(seenTransitions, `${sharedKey(waiting.state)} every poll`))
      transitions.push(extendPath(model, waiting, polls, 'waits out every poll'));
    return [entry.input, { shortest, transitions }];
  }),
);
const pathsOf = (input: RecipeKitBasketInput) => generated.get(input)!;

describe('recipe-kit basket machine: the shortest path to every state', () => {
  for (const entry of entries) {
    if (pathsOf(entry.input).shortest.length === 0) continue;
    describe(entry.name, () => {
      for (const path of pathsOf(entry.input).shortest) {
        it(path.description, () => walk(entry.input, path));
      }
    });
  }

  it('reaches every state of the machine (coverage guard)', () => {
    const reached = new Set(
      entries
        .flatMap((entry) => pathsOf(entry.input).shortest)
        .flatMap((path) => path.steps.map((step) => stateKey(step.state.value))),
    );
    expect([...reached].sort()).toEqual(Object.keys(stateAssertions).sort());
  });
});

describe('recipe-kit basket machine: every transition', () => {
  for (const entry of entries) {
    describe(entry.name, () => {
      for (const path of pathsOf(entry.input).transitions) {
        it(path.description, () => walk(entry.input, path));
      }
    });
  }

  it('takes every transition the machine declares (coverage guard)', () => {
    const taken = entries.flatMap((entry) => takenEdges(pathsOf(entry.input).transitions));
    // Sign-out is declared on the machine itself: taken from any state, it counts for the root.
    const fromRoot = taken.map((edge) => ({ ...edge, from: '' }));
    expect(untakenTransitions(recipeKitBasketMachine, [...taken, ...fromRoot])).toEqual([]);
  });
});

describe('recipe-kit basket machine: the product rules', () => {
  const onMenu = entries[0]!.input;

  async function readyWith(basket: KitBasketState | null, input = onMenu) {
    const harness = createHarness(input);
    await harness.settle({ type: 'xstate.done.actor.loadBasket', output: basket });
    return harness;
  }

  it('creates a basket when none exists, but not during a token sign-in or on the gift-boxes route', async () => {
    const menu = await readyWith(null);
    expect(menu.actor.getSnapshot().value).toBe('creating');

    for (const input of entries.slice(1).map((entry) => entry.input)) {
      const { actor } = await readyWith(null, input);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context.basket).toBeNull();
    }
  });

  it('minus on 1 removes the line at once and asks the server for 0; a refusal puts it back', async () => {
    const { actor, settle } = await readyWith(filled);

    actor.send({ type: 'item.decrement', lineId: '1' });

    expect(actor.getSnapshot().context.lines).toEqual([ragu]);
    expect(callInput(actor.getSnapshot(), 'changeItem')).toEqual({
      basketId: 'k1',
      lineId: '1',
      quantity: 0,
    });
    await settle({ type: 'xstate.error.actor.changeItem', error: { status: 500 } });
    expect(actor.getSnapshot().context.lines).toEqual([cacio, ragu]);
    expect(actor.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });

  it('after a refusal shows the box the server last confirmed, and checks that box for checkout', async () => {
    const { actor, settle } = await readyWith(withLines(emptyBasket, [{ ...cacio, quantity: 3 }]));
    actor.send({ type: 'item.decrement', lineId: '1' });
    actor.send({ type: 'item.decrement', lineId: '1' });
    actor.send({ type: 'item.decrement', lineId: '1' });
    // The first change (to 2) is confirmed; the next one (to none) is refused.
    await settle({ type: 'xstate.done.actor.changeItem', output: twoCacio });
    await settle({ type: 'xstate.error.actor.changeItem', error: { status: 500 } });

    expect(actor.getSnapshot().context.lines).toEqual(twoCacio.lines);
    expect(actor.getSnapshot().context.basket?.lines).toEqual(twoCacio.lines);
    // Two portions, £17.90, meet the minimum.
    expect(actor.getSnapshot().can({ type: 'checkout.start' })).toBe(true);
  });

  it('sends clicks made during a change after it, one call at a time', async () => {
    const { actor, settle } = await readyWith(filled);

    actor.send({ type: 'item.increment', lineId: '1' });
    actor.send({ type: 'item.increment', lineId: '1' });
    expect(actor.getSnapshot().context.lines[0]?.quantity).toBe(3);
    await settle({
      type: 'xstate.done.actor.changeItem',
      output: withLines(filled, [{ ...cacio, quantity: 2 }, ragu]),
    });

    expect(callInput(actor.getSnapshot(), 'changeItem')).toEqual({
      basketId: 'k1',
      lineId: '1',
      quantity: 3,
    });
    expect(actor.getSnapshot().context.lines[0]?.quantity).toBe(3);
  });

  it('sends a dish added while the basket loads once it is there', async () => {
    const { actor, settle } = createHarness(onMenu);

    actor.send({ type: 'item.add', variantId: '11', mealWeek: W1 });
    await settle({ type: 'xstate.done.actor.loadBasket', output: filled });

    expect(actor.getSnapshot().value).toBe('adding');
    expect(callInput(actor.getSnapshot(), 'addItem')).toEqual({
      basketId: 'k1',
      variantId: '11',
      mealWeek: W1,
    });
  });

  it('sends a dish added and then a plan chosen while the basket loads, one after the other (R7.21)', async () => {
    const { actor, settle } = createHarness(onMenu);

    actor.send({ type: 'item.add', variantId: '11', mealWeek: W1 });
    actor.send({ type: 'plan.change', frequency: 2 });
    await settle({ type: 'xstate.done.actor.loadBasket', output: filled });

    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().context.queued).toEqual([{ type: 'plan.change', frequency: 2 }]);
    await settle({ type: 'xstate.done.actor.addItem', output: filled });

    expect(actor.getSnapshot().value).toBe('updatingPlan');
    expect(callInput(actor.getSnapshot(), 'updatePlan')).toMatchObject({
      basketId: 'k1',
      frequency: 2,
    });
    expect(actor.getSnapshot().context.queued).toEqual([]);
  });

  it("gives up with 'Basket loading timeout' after 100 polls of 100 ms", async () => {
    const { actor, clock } = createHarness(onMenu);
    actor.send({ type: 'plan.change', frequency: 2 });

    for (let poll = 1; poll < BASKET_WAIT_TRIES; poll += 1) clock.increment(BASKET_POLL_MS);
    expect(actor.getSnapshot().matches({ loading: 'waiting' })).toBe(true);
    expect(clock.now()).toBe(9_900);
    clock.increment(BASKET_POLL_MS);

    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe(BASKET_LOADING_TIMEOUT);
    expect(BASKET_LOADING_TIMEOUT).toBe('Basket loading timeout');
    expect(actor.getSnapshot().context.queued).toEqual([]);
  });

  it("says a box that cannot be read couldn't load, drops the clicks made meanwhile, and reads it again on Try again (R7.22)", async () => {
    const { actor, settle } = createHarness(onMenu);
    actor.send({ type: 'item.add', variantId: '11', mealWeek: W1 });
    await settle({ type: 'xstate.error.actor.loadBasket', error: { status: 0 } });

    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe("Couldn't load your box. Try again.");
    expect(actor.getSnapshot().context.error).toBe(KIT_BASKET_LOAD_FAILED);
    expect(actor.getSnapshot().context.queued).toEqual([]);
    expect(actor.getSnapshot().children.addItem).toBeUndefined();

    actor.send({ type: 'basket.retry' });
    expect(actor.getSnapshot().value).toEqual({ loading: 'idle' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle({ type: 'xstate.done.actor.loadBasket', output: filled });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.basket).toEqual(filled);
    // With a box there is nothing to try again.
    expect(actor.getSnapshot().can({ type: 'basket.retry' })).toBe(false);
  });

  it('deletes the basket at sign-out and shows the new, empty one', async () => {
    const { actor, settle } = await readyWith(filled);
    actor.send({ type: 'item.increment', lineId: '1' });

    actor.send({ type: 'session.signedOut' });
    expect(actor.getSnapshot().value).toBe('resetting');
    // The change on its way belonged to the deleted basket: its call is stopped.
    expect(actor.getSnapshot().children.changeItem).toBeUndefined();
    await settle({ type: 'xstate.done.actor.resetBasket', output: fresh });

    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.basket).toEqual(fresh);
    expect(actor.getSnapshot().context.lines).toEqual([]);
  });

  it('ends a token sign-in at sign-out, and says so when the new basket cannot be made', async () => {
    const { actor, settle } = await readyWith(null, entries[1]!.input);

    actor.send({ type: 'session.signedOut' });
    expect(actor.getSnapshot().context.tokenSignIn).toBe(false);
    await settle({ type: 'xstate.error.actor.resetBasket', error: { status: 500 } });

    expect(actor.getSnapshot().context.basket).toBeNull();
    expect(actor.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });

  it('sends the plan and a voucher code as given; says why a code is refused', async () => {
    const { actor, settle } = await readyWith(filled);

    actor.send({ type: 'plan.change', numberOfRecipes: 4, frequency: 2 });
    expect(callInput(actor.getSnapshot(), 'updatePlan')).toEqual({
      basketId: 'k1',
      numberOfRecipes: 4,
      frequency: 2,
      // Product rule R7.19: the plan keeps the box's choice of a plan or a one-off.
      startSubscription: true,
    });
    await settle({ type: 'xstate.done.actor.updatePlan', output: filled });

    actor.send({ type: 'voucher.apply', code: 'pasta10' });
    expect(callInput(actor.getSnapshot(), 'applyVoucher')).toEqual({
      basketId: 'k1',
      code: 'pasta10',
    });
    await settle({ type: 'xstate.error.actor.applyVoucher', error: { status: 404 } });
    expect(actor.getSnapshot().context.voucherState).toEqual({
      status: 'invalid',
      message: 'Invalid code',
    });

    actor.send({ type: 'voucher.apply', code: 'pasta10' });
    await settle({
      type: 'xstate.done.actor.applyVoucher',
      output: withLines({ ...filled, voucher: { id: '7', code: 'PASTA10' } }, filled.lines),
    });
    expect(actor.getSnapshot().context.voucherState).toEqual({ status: 'valid', code: 'PASTA10' });
    actor.send({ type: 'voucher.remove' });
    expect(callInput(actor.getSnapshot(), 'removeVoucher')).toEqual({
      basketId: 'k1',
      voucherId: '7',
    });
  });

  /** The server answers the call on its way as it would (the model's answers). */
  const answer = (harness: Awaited<ReturnType<typeof readyWith>>, name: ActorName) =>
    harness.settle({
      type: `xstate.done.actor.${name}`,
      output: answers[name](harness.actor.getSnapshot()),
    });
  const shownQuantities = (s: Snapshot) => quantities(s.context.lines);
  const plus = (lineId: string) => ({ type: 'item.increment', lineId }) as const;
  const minus = (lineId: string) => ({ type: 'item.decrement', lineId }) as const;

  it('R7.21: five fast clicks on a dish all reach the server, the later ones merged in one call', async () => {
    const harness = await readyWith(filled);
    const { actor } = harness;

    for (let click = 0; click < 5; click += 1) actor.send(plus('1'));

    expect(shownQuantities(actor.getSnapshot())).toBe('1×6 2×1');
    expect(callInput(actor.getSnapshot(), 'changeItem')).toEqual({
      basketId: 'k1',
      lineId: '1',
      quantity: 2,
    });
    await answer(harness, 'changeItem');
    // The server's answer (2) does not overwrite the clicks made meanwhile.
    expect(shownQuantities(actor.getSnapshot())).toBe('1×6 2×1');
    expect(callInput(actor.getSnapshot(), 'changeItem')).toMatchObject({
      lineId: '1',
      quantity: 6,
    });
    await answer(harness, 'changeItem');

    expect(actor.getSnapshot().value).toBe('ready');
    expect(quantities(actor.getSnapshot().context.confirmedLines)).toBe('1×6 2×1');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('R7.21: plus on several dishes quickly sends each dish its own count, one call at a time', async () => {
    const harness = await readyWith(filled);
    const { actor } = harness;

    actor.send(plus('1'));
    actor.send(plus('2'));
    actor.send(plus('2'));
    actor.send(plus('1'));

    expect(shownQuantities(actor.getSnapshot())).toBe('1×3 2×3');
    await answer(harness, 'changeItem');
    expect(callInput(actor.getSnapshot(), 'changeItem')).toMatchObject({
      lineId: '1',
      quantity: 3,
    });
    await answer(harness, 'changeItem');
    expect(callInput(actor.getSnapshot(), 'changeItem')).toMatchObject({
      lineId: '2',
      quantity: 3,
    });
    await answer(harness, 'changeItem');

    expect(actor.getSnapshot().value).toBe('ready');
    expect(quantities(actor.getSnapshot().context.confirmedLines)).toBe('1×3 2×3');
  });

  it('R7.21: clicks made while the plan is saved are kept over its answer and sent after it', async () => {
    const harness = await readyWith(filled);
    const { actor } = harness;
    actor.send({ type: 'plan.change', numberOfRecipes: 3 });

    actor.send(plus('1'));
    actor.send(plus('1'));
    actor.send(minus('2'));
    expect(shownQuantities(actor.getSnapshot())).toBe('1×3');
    await answer(harness, 'updatePlan');

    expect(actor.getSnapshot().context.basket?.numberOfRecipes).toBe(3);
    expect(shownQuantities(actor.getSnapshot())).toBe('1×3');
    await answer(harness, 'changeItem');
    await answer(harness, 'changeItem');
    expect(actor.getSnapshot().value).toBe('ready');
    expect(quantities(actor.getSnapshot().context.confirmedLines)).toBe('1×3');
  });

  it('R7.21: a click made while a dish is added is kept and sent after it', async () => {
    const harness = await readyWith(filled);
    const { actor } = harness;
    actor.send({ type: 'item.add', variantId: ragu.variantId, mealWeek: W1 });

    actor.send(plus('1'));
    await answer(harness, 'addItem');

    expect(shownQuantities(actor.getSnapshot())).toBe('1×2 2×2');
    expect(callInput(actor.getSnapshot(), 'changeItem')).toMatchObject({
      lineId: '1',
      quantity: 2,
    });
    await answer(harness, 'changeItem');
    expect(quantities(actor.getSnapshot().context.confirmedLines)).toBe('1×2 2×2');
  });

  it('R7.21: clicks that cancel out during a call bring the server back to where they end', async () => {
    const harness = await readyWith(filled);
    const { actor } = harness;

    actor.send(plus('1'));
    actor.send(plus('1'));
    actor.send(minus('1'));
    actor.send(minus('1'));
    expect(shownQuantities(actor.getSnapshot())).toBe('1×1 2×1');
    await answer(harness, 'changeItem');

    expect(callInput(actor.getSnapshot(), 'changeItem')).toMatchObject({
      lineId: '1',
      quantity: 1,
    });
    await answer(harness, 'changeItem');
    expect(quantities(actor.getSnapshot().context.confirmedLines)).toBe('1×1 2×1');
  });

  it('R7.21: a refused call puts back what the server holds, drops the clicks after it and says so', async () => {
    const harness = await readyWith(filled);
    const { actor } = harness;
    actor.send(plus('1'));
    await answer(harness, 'changeItem');
    actor.send(plus('1'));
    actor.send(plus('1'));

    await harness.settle({ type: 'xstate.error.actor.changeItem', error: { status: 500 } });

    expect(actor.getSnapshot().value).toBe('ready');
    expect(shownQuantities(actor.getSnapshot())).toBe('1×2 2×1');
    expect(actor.getSnapshot().context.pending).toEqual([]);
    expect(actor.getSnapshot().context.error).toBe(BASKET_UPDATE_FAILED);
  });

  it('is ready for checkout only when every week meets its minimum and the total the spend', () => {
    expect(isKitBasketReady(filled)).toBe(true);
    expect(isKitBasketReady(withLines(emptyBasket, [cacio]))).toBe(false);
    expect(isKitBasketReady({ ...filled, minimumSpend: 20 })).toBe(false);
    expect(isKitBasketReady(emptyBasket)).toBe(false);
    expect(isKitBasketReady(null)).toBe(false);
  });
});
