import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, Snapshot } from 'xstate';
import type { TestModel } from 'xstate/graph';
import {
  stateKey,
  takenEdges,
  transitionPaths,
  untakenTransitions,
  walkPaths,
  WALK_TIMEOUT_MS,
} from './model-paths';

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

/** Settles one pending call of a harness with its done or error event, e.g. the first load. */
export const settleCall = <TEventType extends string>(
  events: Record<TEventType, Executor>,
  event: { type: TEventType; output?: unknown; error?: unknown },
) => events[event.type]({ event });

/**
 * The path suite every machine test opens with: one generated path per transition walked on the
 * real actor with the state assertions, then the two coverage guards (every state reached, every
 * transition taken). `parentStates` are asserted on entry but are never a path's resting state.
 */
export function describeEveryPath<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  title: string,
  suite: {
    machine: AnyStateMachine;
    model: TestModel<TSnapshot, TEvent, TInput>;
    modelEvents: readonly TEvent[];
    createHarness: (persisted?: unknown) => CallHarness<TSnapshot, string>;
    stateAssertions: Record<string, (snapshot: TSnapshot) => void>;
    parentStates?: readonly string[];
  },
) {
  const paths = transitionPaths(suite.model, suite.modelEvents);
  describe(`${title}: every generated path`, () => {
    it(
      `walks ${paths.length} paths, one per transition`,
      async () => {
        await walkPaths(
          paths,
          (persisted) => suite.createHarness(persisted),
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
