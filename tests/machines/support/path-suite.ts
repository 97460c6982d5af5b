import { describe, expect, it } from 'vitest';
import {
  createActor,
  type ActorOptions,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import {
  stateKey,
  takenEdges,
  transitionPaths,
  untakenTransitions,
  walkPaths,
  WALK_TIMEOUT_MS,
} from './model-paths';
import { matchesStateKey } from './model-paths';
import { pendingCalls } from './pending-calls';

/** A call's done or error event, as a model's events name it. */
export type CallEventType<TCall extends string> = `xstate.${'done' | 'error'}.actor.${TCall}`;

export type Executor = (step: { event: { type: string } }) => Promise<void>;

/** A machine under test with its fake calls: an actor, and an executor for each model event. */
export interface CallHarness<TSnapshot extends AnyMachineSnapshot, TEventType extends string> {
  actor: {
    getSnapshot: () => TSnapshot;
    getPersistedSnapshot: () => Snapshot<unknown>;
    send: (event: never) => void;
    stop: () => void;
  };
  events: Record<TEventType, Executor>;
}

/**
 * The two executors of a harness: `send` gives the event to the actor, `call` settles the
 * pending call the event names (see pendingCalls).
 */
export const harnessExecutors = <TEvent extends EventObject>(
  actor: { send: (event: TEvent) => void },
  settle: (event: { type: string }) => Promise<void>,
) => ({
  send: (async ({ event }) => void actor.send(event as TEvent)) satisfies Executor,
  call: (({ event }) => settle(event)) satisfies Executor,
});

/** The model of a machine's paths, its states told apart by `serialize` and matched by key. */
export const pathModel = <TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: readonly EventFromLogic<TMachine>[],
  serialize: (snapshot: SnapshotFrom<TMachine>) => string,
  input?: InputFrom<TMachine>,
) =>
  new TestModel(machine, {
    ...(input === undefined ? {} : { input }),
    events: [...events],
    serializeState: serialize as (snapshot: AnyMachineSnapshot) => string,
    stateMatcher: matchesStateKey,
  });

type FakeCall = ReturnType<typeof pendingCalls>['fake'];

/**
 * A harness factory for `describeEveryPath` and the rule tests: the machine with its calls
 * faked (`provide` names each actor with `fake`), started afresh or from a persisted snapshot
 * where a path forks, and the model's executors built from `send` and `call`.
 */
export const callHarness =
  <TMachine extends AnyStateMachine, TEventType extends string>(
    provide: (fake: FakeCall) => TMachine,
    executors: (ways: ReturnType<typeof harnessExecutors>) => Record<TEventType, Executor>,
    input?: InputFrom<TMachine>,
  ) =>
  (persisted?: unknown) => {
    const { fake, settle } = pendingCalls();
    const options = {
      ...(input === undefined ? {} : { input }),
      ...(persisted ? { snapshot: persisted as Snapshot<unknown> } : {}),
    } as ActorOptions<TMachine>;
    const actor = createActor(provide(fake), options).start();
    return {
      actor,
      events: executors(harnessExecutors<EventFromLogic<TMachine>>(actor, settle)),
    };
  };

/** Settles one pending call of a harness with its done or error event, e.g. the first load. */
export const settleCall = <TEventType extends string>(
  events: Record<TEventType, Executor>,
  event: { type: TEventType; output?: unknown; error?: unknown },
) => events[event.type]({ event });

/** A fresh harness whose first call (the load) has settled with this event. */
export const settledHarness = async <
  TEventType extends string,
  THarness extends { events: Record<TEventType, Executor> },
>(
  createHarness: () => THarness,
  event: { type: TEventType; output?: unknown; error?: unknown },
): Promise<THarness> => {
  const harness = createHarness();
  await settleCall(harness.events, event);
  return harness;
};

/** One way into a machine: its model (from that input) and a harness started with that input. */
export interface PathEntry<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
> {
  name: string;
  model: TestModel<TSnapshot, TEvent, TInput>;
  createHarness: (persisted?: unknown) => CallHarness<TSnapshot, string>;
}

/**
 * The path suite every machine test opens with: one generated path per transition walked on the
 * real actor with the state assertions, then the two coverage guards (every state reached, every
 * transition taken). `parentStates` are asserted on entry but are never a path's resting state.
 * A machine with several ways in (an input that decides where it starts) lists them as `entries`;
 * the coverage guards then count the paths of all of them.
 */
export function describeEveryPath<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  title: string,
  suite: {
    machine: AnyStateMachine;
    modelEvents: readonly TEvent[];
    stateAssertions: Record<string, (snapshot: TSnapshot) => void>;
    parentStates?: readonly string[];
  } & (
    | {
        model: TestModel<TSnapshot, TEvent, TInput>;
        createHarness: (persisted?: unknown) => CallHarness<TSnapshot, string>;
      }
    | { entries: readonly PathEntry<TSnapshot, TEvent, TInput>[] }
  ),
) {
  const entries =
    'entries' in suite
      ? suite.entries
      : [{ name: '', model: suite.model, createHarness: suite.createHarness }];
  // A later entry walks only the paths whose transition (their last step) no earlier entry took.
  const seen = new Set<string>();
  const edgeKeys = (path: TestPath<TSnapshot, TEvent>) =>
    takenEdges([path]).map((edge) => JSON.stringify(edge));
  const walks = entries.map((entry) => {
    const fresh = transitionPaths(entry.model, suite.modelEvents).filter(
      (path) => !seen.has(edgeKeys(path).at(-1) ?? ''),
    );
    fresh.forEach((path) => edgeKeys(path).forEach((key) => seen.add(key)));
    return { ...entry, paths: fresh };
  });
  const paths = walks.flatMap((walk) => walk.paths);
  describe(`${title}: every generated path`, () => {
    for (const walk of walks)
      it(
        `${walk.name ? `${walk.name}: ` : ''}walks ${walk.paths.length} path${walk.paths.length === 1 ? '' : 's'}, one per transition`,
        async () => {
          await walkPaths(
            walk.paths,
            (persisted) => walk.createHarness(persisted),
            suite.stateAssertions,
          );
        },
        WALK_TIMEOUT_MS,
      );

    it('reaches every state (coverage guard)', () => {
      const reached = new Set(
        paths.flatMap((p) => p.steps.map((step) => stateKey(step.state.value))),
      );
      const leaves = Object.keys(suite.stateAssertions).filter(
        (key) => !suite.parentStates?.includes(key),
      );
      expect([...reached].sort()).toEqual(leaves.sort());
    });

    it('takes every transition (coverage guard)', () => {
      expect(untakenTransitions(suite.machine, takenEdges(paths))).toEqual([]);
    });
  });
}
