import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventObject,
  Snapshot,
  StateValue,
} from 'xstate';
import { getNextSnapshot } from 'xstate';
import { expect } from 'vitest';
import type { TestModel, TestParam, TestPath } from 'xstate/graph';

/** 'steps.login' for { steps: 'login' }: one name per state, as the assertion tables use. */
export function stateKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value)[0] ?? [];
  return parent === undefined || child === undefined ? '' : `${parent}.${stateKey(child)}`;
}

/**
 * One path per transition of the model: the shortest way to each state, then each event the
 * state handles. Simple paths never take a transition back to a state they have visited (a
 * failed call returning to its form, a refresh returning to signed in); these do.
 */
export function transitionPaths<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  model: TestModel<TSnapshot, TEvent, TInput>,
  events: readonly TEvent[] | ((state: TSnapshot) => readonly TEvent[]),
): TestPath<TSnapshot, TEvent>[] {
  return model.getShortestPaths({ allowDuplicatePaths: true }).flatMap((path) =>
    (typeof events === 'function' ? events(path.state) : events)
      .filter((event) => path.state.can(event))
      .map((event) => {
        const state = getNextSnapshot(model.testLogic, path.state, event);
        const statePath = {
          state,
          steps: [...path.steps, { state, event }],
          weight: path.weight + 1,
        };
        return {
          ...statePath,
          description: `takes ${event.type} from ${stateKey(path.state.value)}: ${[
            ...path.steps.slice(1).map((step) => step.event),
            event,
          ]
            .map(describeEvent)
            .join(' → ')}`,
          test: (params: TestParam<TSnapshot, TEvent>) => model.testPath(statePath, params),
        };
      }),
  );
}

const describeEvent = ({ type, ...payload }: EventObject) =>
  Object.keys(payload).length ? `${type} (${JSON.stringify(payload)})` : type;

interface Edge {
  from: string;
  event: string;
  to: string;
}

/** Every transition the paths take, from state to state. */
export function takenEdges(paths: TestPath<Snapshot<unknown>, EventObject>[]): Edge[] {
  return paths.flatMap((path) =>
    path.steps.slice(1).map((step, index) => ({
      from: stateKey((path.steps[index]?.state as unknown as { value: StateValue }).value),
      event: step.event.type,
      to: stateKey((step.state as unknown as { value: StateValue }).value),
    })),
  );
}

/**
 * The transitions declared in the machine that no path takes. A transition declared on a parent
 * counts when taken from any of its children; routing (`always`) is left out: no path rests there.
 */
export function untakenTransitions(machine: AnyStateMachine, taken: Edge[]): string[] {
  const missing: string[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    const from = node.path.join('.');
    for (const transitions of node.transitions.values()) {
      for (const transition of transitions) {
        const targetNode = transition.target?.[0];
        const to = targetNode?.path.join('.');
        // A target that only routes (always) is never rested in: the edge lands where it routes.
        const routes = (targetNode?.always?.length ?? 0) > 0;
        const isTaken = taken.some(
          (edge) =>
            edge.event === transition.eventType &&
            (edge.from === from || edge.from.startsWith(`${from}.`)) &&
            (to === undefined
              ? edge.to === edge.from
              : routes || edge.to === to || edge.to.startsWith(`${to}.`)),
        );
        if (!isTaken)
          missing.push(`${from || '(root)'} ${transition.eventType} → ${to ?? 'itself'}`);
      }
    }
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return missing;
}

/**
 * A state serializer that remembers its answer per snapshot: path generation asks for the same
 * snapshots (the adjacency map's) again at every step of its search.
 */
export function cachedSerializer<TSnapshot extends object>(
  serialize: (snapshot: TSnapshot) => string,
): (snapshot: TSnapshot) => string {
  const cache = new WeakMap<TSnapshot, string>();
  return (snapshot) => {
    let key = cache.get(snapshot);
    if (key === undefined) {
      key = serialize(snapshot);
      cache.set(snapshot, key);
    }
    return key;
  };
}

/**
 * The state matcher for a model's assertion table: the entry for 'steps.payment.ready' runs where
 * the snapshot is in that state (and 'steps.payment' in any of its children). Without one a
 * TestModel runs only a '*' entry.
 */
export const matchesStateKey = (snapshot: AnyMachineSnapshot, key: string) => snapshot.matches(key);

/**
 * A filter that lets each key through once, across all the calls made to it: the first path to a
 * start state claims it, and later entries that reach the same state leave it to that one.
 */
export function firstOfEach<T>(key: (item: T) => string): (items: T[]) => T[] {
  const seen = new Set<string>();
  return (items) =>
    items.filter((item) => {
      const itemKey = key(item);
      if (seen.has(itemKey)) return false;
      seen.add(itemKey);
      return true;
    });
}

/**
 * One path per sequence of states: event variants that lead through the same states (two
 * baskets that both leave for the menu) make the same path; their own transitions are taken by
 * `transitionPaths`.
 */
export const distinctPaths = <TSnapshot, TPath extends { steps: { state: TSnapshot }[] }>(
  paths: TPath[],
  serialize: (snapshot: TSnapshot) => string,
): TPath[] =>
  firstOfEach((path: TPath) => path.steps.map((step) => serialize(step.state)).join(' → '))(paths);

/**
 * Every simple path of a region that starts where the given paths end: each start joined with
 * every simple path on from its last state (until `stopWhen`, when given).
 */
export function simplePathsFrom<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  model: TestModel<TSnapshot, TEvent, TInput>,
  starts: TestPath<TSnapshot, TEvent>[],
  stopWhen?: (snapshot: TSnapshot) => boolean,
): TestPath<TSnapshot, TEvent>[] {
  return starts.flatMap((start) =>
    model.getSimplePaths({ fromState: start.state, stopWhen }).map((suffix) => {
      const steps = [...start.steps, ...suffix.steps.slice(1)];
      const statePath = { state: suffix.state, steps, weight: steps.length };
      return {
        ...statePath,
        description: `reaches ${stateKey(suffix.state.value)}: ${steps
          .slice(1)
          .map((step) => step.event.type)
          .join(' → ')}`,
        test: (params: TestParam<TSnapshot, TEvent>) => model.testPath(statePath, params),
      };
    }),
  );
}

/** Remembers what a model gives for each entry: generating paths is the slow part of a test file. */
export function memoByInput<TInput extends object, TResult>(
  compute: (input: TInput) => TResult,
): (input: TInput) => TResult {
  const cache = new WeakMap<TInput, TResult>();
  return (input) => {
    if (!cache.has(input)) cache.set(input, compute(input));
    return cache.get(input) as TResult;
  };
}

interface PathStep<TSnapshot> {
  state: TSnapshot;
  event: EventObject;
}

interface TrieNode<TSnapshot> {
  step: PathStep<TSnapshot>;
  /** The events so far, to name the path in a failure. */
  trail: EventObject[];
  next: Map<string, TrieNode<TSnapshot>>;
}

interface ForkableHarness<TSnapshot> {
  actor: {
    getSnapshot: () => TSnapshot;
    getPersistedSnapshot: () => Snapshot<unknown>;
    stop: () => void;
  };
  events: Record<string, (step: { event: EventObject }) => Promise<void>>;
}

/** A test that walks hundreds of paths may take a while on a busy machine: not vitest's 5 s. */
export const WALK_TIMEOUT_MS = 120_000;

/**
 * Walks many model paths from one start on the actor under test, each step once where paths
 * share it: at a fork the actor's persisted snapshot starts a copy (its pending calls started
 * again) for each other branch. Each state the model names is checked on the actor's own
 * snapshot (two paths that meet in one model state may carry different context: the model keeps
 * the first it met), and a failure names the events that led to it.
 */
export async function walkPaths<TSnapshot extends AnyMachineSnapshot>(
  paths: { steps: PathStep<TSnapshot>[] }[],
  harnessFrom: (persisted?: Snapshot<unknown>) => ForkableHarness<TSnapshot>,
  assertions: Record<string, (snapshot: TSnapshot) => void>,
) {
  const root: TrieNode<TSnapshot> = {
    step: { state: undefined as unknown as TSnapshot, event: { type: 'xstate.init' } },
    trail: [],
    next: new Map(),
  };
  for (const path of paths) {
    let node = root;
    for (const step of path.steps.slice(1)) {
      const key = JSON.stringify(step.event);
      let child = node.next.get(key);
      if (!child) {
        child = { step, trail: [...node.trail, step.event], next: new Map() };
        node.next.set(key, child);
      }
      node = child;
    }
  }
  const check = (harness: ForkableHarness<TSnapshot>, node: TrieNode<TSnapshot>) => {
    const actual = harness.actor.getSnapshot();
    try {
      expect(actual.value).toEqual(node.step.state.value);
      for (const [key, assert] of Object.entries(assertions))
        if (node.step.state.matches(key)) assert(actual);
    } catch (error) {
      const trail = node.trail.map(({ type, ...payload }) =>
        Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type,
      );
      if (error instanceof Error) error.message += `\nPath: ${trail.join(' → ') || '(start)'}`;
      throw error;
    }
  };
  const visit = async (harness: ForkableHarness<TSnapshot>, node: TrieNode<TSnapshot>) => {
    check(harness, node);
    const children = [...node.next.values()];
    for (const [index, child] of children.entries()) {
      const last = index === children.length - 1;
      const branch = last ? harness : harnessFrom(harness.actor.getPersistedSnapshot());
      const execute = branch.events[child.step.event.type];
      if (!execute) throw new Error(`no executor for ${child.step.event.type}`);
      await execute({ event: child.step.event });
      await visit(branch, child);
      if (!last) branch.actor.stop();
    }
  };
  const [first] = paths;
  if (!first?.steps[0]) return;
  root.step = first.steps[0];
  const harness = harnessFrom();
  await visit(harness, root);
  harness.actor.stop();
}
