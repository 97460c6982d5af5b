import type { APIRequestContext, Page } from '@playwright/test';
import {
  getNextSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type SnapshotFrom,
  type StateMachine,
  type StateValue,
} from 'xstate';
import type { AnyPathModel, GeneratedPath } from '../../scripts/paths/generate';

/** What an executor, a state check or an entry gets: the page, the API and the test's own world. */
export interface UiContext<TWorld> {
  page: Page;
  request: APIRequestContext;
  world: TWorld;
}

/** One step of a path about to be walked: the event, the model's state before and after it. */
export interface UiStep<
  TWorld,
  TEvent extends EventObject = EventObject,
> extends UiContext<TWorld> {
  event: TEvent;
  from: AnyMachineSnapshot;
  to: AnyMachineSnapshot;
  /** The event after this one: a submit's executor reads which outcome it must bring about. */
  next: EventObject | undefined;
  /** Every event after this one, for an outcome further on (the address a postcode must list). */
  after: EventObject[];
  /** The URLs (meta.path) of the states walked so far, oldest first: what Back returns to. */
  visited: string[];
}

/**
 * How the customer brings an event about: clicks and keystrokes, or, for an actor's done or error
 * event, nothing more (the step before chose the input the real server answers that way).
 * `can` says whether the UI can bring about this step at all: paths with a step it cannot are
 * not walked.
 */
export type Executor<TWorld> =
  | ((step: UiStep<TWorld>) => Promise<void>)
  | {
      can: (step: Omit<UiStep<TWorld>, keyof UiContext<TWorld>>) => boolean;
      run?: (step: UiStep<TWorld>) => Promise<void>;
    };

/** The `src` of each actor a machine may invoke. */
type ActorSrc<M extends AnyStateMachine> =
  M extends StateMachine<
    infer _C,
    infer _E,
    infer _Ch,
    infer TActor,
    infer _A,
    infer _G,
    infer _D,
    infer _V,
    infer _T,
    infer _I,
    infer _O,
    infer _Em,
    infer _M,
    infer _S
  >
    ? TActor['src']
    : never;

/**
 * Every event the machine takes: its own, and each invoked actor's done and error events. An
 * executor table `satisfies Record<MachineEventType<typeof machine>, Executor<…>>`, so a new event
 * without an executor fails to compile.
 */
export type MachineEventType<M extends AnyStateMachine> =
  EventFromLogic<M>['type'] | `xstate.${'done' | 'error'}.actor.${ActorSrc<M> & string}`;

type DottedKeys<V> = V extends string
  ? V
  : V extends Record<string, StateValue>
    ? { [K in keyof V & string]: `${K}.${DottedKeys<NonNullable<V[K]>>}` }[keyof V & string]
    : never;

/** Every state as `npm run paths` names it ('steps.login'), routing states included. */
export type MachineStateKey<M extends AnyStateMachine> = DottedKeys<SnapshotFrom<M>['value']>;

/**
 * What the customer sees in a state, beyond its URL (meta.path, checked by the walk); `transient`
 * for a busy state the next step shows it left (a call under way).
 */
export type StateCheck<TWorld> =
  ((context: UiContext<TWorld> & { snapshot: AnyMachineSnapshot }) => Promise<void>) | 'transient';

/** A machine's generated paths through the real UI. */
export interface UiAdapter<TWorld = unknown> {
  /** The machine's folder in machines/, as `npm run paths` names it. */
  machine: string;
  model: AnyPathModel;
  /** A fresh world per path (the customer it signs up, links it asks for), made lazily. */
  world: (context: Omit<UiContext<never>, 'world'>) => TWorld;
  /** How each of the model's entries is started; an entry left out is not walked. */
  entries: Record<string, (context: UiContext<TWorld>) => Promise<void>>;
  executors: Record<string, Executor<TWorld>>;
  states: Record<string, StateCheck<TWorld>>;
  /**
   * States and transitions (as `npm run paths` names them) the real UI cannot reach today, each
   * with why. The coverage guard allows these and no others.
   */
  notThroughTheUi?: Record<string, string>;
}

/**
 * Builds an adapter with the state names checked by the compiler (its executor table is checked
 * by `satisfies Record<MachineEventType<typeof machine>, Executor<World>>` where it is written),
 * its world type kept inside it.
 */
export const uiAdapter = <M extends AnyStateMachine, TWorld>(
  _machine: M,
  adapter: Omit<UiAdapter<TWorld>, 'states'> & {
    states: Partial<Record<MachineStateKey<M>, StateCheck<TWorld>>>;
  },
): UiAdapter => adapter as unknown as UiAdapter;

/** A world's part made the first time a step asks for it (a customer, a link), then the same. */
export const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

export const pathUrl = (snapshot: AnyMachineSnapshot): string | undefined => {
  const meta = Object.values(snapshot.getMeta()) as { path?: string }[];
  return meta.reverse().find((entry) => entry.path !== undefined)?.path;
};

const executorOf = <TWorld>(adapter: UiAdapter<TWorld>, event: EventObject) => {
  const executor = adapter.executors[event.type];
  if (!executor) throw new Error(`${adapter.machine}: no executor for ${event.type}`);
  return executor;
};

/**
 * The path's states replayed from its start: a generated path's snapshots stand for every state
 * that serializes alike (its context may come from another path), a replay's are this path's own.
 */
export function replay(adapter: UiAdapter<unknown>, path: GeneratedPath): GeneratedPath {
  let snapshot = path.start;
  return {
    ...path,
    steps: path.steps.map(({ event }) => {
      snapshot = getNextSnapshot(adapter.model.machine, snapshot, event);
      return { event, state: snapshot };
    }),
  };
}

interface ReplayNode {
  snapshot: AnyMachineSnapshot;
  next: Map<EventObject, ReplayNode>;
}

/**
 * `replay` for many paths of one model at once: a step the paths share (the same event object
 * after the same steps, as the graph traversal hands them out) is computed once. Order edit's
 * 23,000 generated paths share most of their steps, and replaying each alone took 13 s of every
 * Playwright process's start.
 */
export function sharedReplay(adapter: UiAdapter<unknown>): (path: GeneratedPath) => GeneratedPath {
  const starts = new Map<AnyMachineSnapshot, ReplayNode>();
  return (path) => {
    let node = starts.get(path.start);
    if (!node) starts.set(path.start, (node = { snapshot: path.start, next: new Map() }));
    return {
      ...path,
      steps: path.steps.map(({ event }) => {
        let child: ReplayNode | undefined = node!.next.get(event);
        if (!child) {
          const snapshot = getNextSnapshot(adapter.model.machine, node!.snapshot, event);
          node!.next.set(event, (child = { snapshot, next: new Map() }));
        }
        node = child;
        return { event, state: child.snapshot };
      }),
    };
  };
}

/**
 * Whether the UI can bring about every step of the path (and start its entry), its states as
 * `replayed` (`sharedReplay` for a model's many paths) makes them.
 */
export function walkable<TWorld>(
  adapter: UiAdapter<TWorld>,
  generated: GeneratedPath,
  replayed: (path: GeneratedPath) => GeneratedPath,
): boolean {
  if (!(generated.entry in adapter.entries)) return false;
  const path = replayed(generated);
  const visited: string[] = [];
  return path.steps.every((step, index) => {
    const from = index === 0 ? path.start : path.steps[index - 1]!.state;
    const url = pathUrl(from);
    if (url !== undefined && visited.at(-1) !== url) visited.push(url);
    const executor = executorOf(adapter, step.event);
    return (
      typeof executor === 'function' ||
      executor.can({
        event: step.event,
        from,
        to: step.state,
        next: path.steps[index + 1]?.event,
        after: path.steps.slice(index + 1).map((later) => later.event),
        visited: [...visited],
      })
    );
  });
}
