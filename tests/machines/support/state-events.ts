import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { getNextSnapshot } from 'xstate';
import type { TestModel, TestParam, TestPath } from 'xstate/graph';
import { stateKey } from './model-paths';

/** The events a state offers: what its screen shows, and the outcomes of the calls it has made. */
export type EventsOf<TSnapshot, TEvent> = (snapshot: TSnapshot) => readonly TEvent[];

/**
 * `transitionPaths` (model-paths.ts) for a model whose events depend on the state: one path per
 * transition, the shortest way to each state and then each event that state offers and handles.
 */
export function transitionPathsOf<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  model: TestModel<TSnapshot, TEvent, TInput>,
  eventsOf: EventsOf<TSnapshot, TEvent>,
): TestPath<TSnapshot, TEvent>[] {
  return model.getShortestPaths({ allowDuplicatePaths: true }).flatMap((path) =>
    eventsOf(path.state)
      .filter((event) => path.state.can(event))
      .map((event) =>
        extendPath(model, path, [event], `takes ${event.type} from ${stateKey(path.state.value)}`),
      ),
  );
}

/** A path made longer by these events, for a state the generated paths cannot tell apart. */
export function extendPath<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  model: TestModel<TSnapshot, TEvent, TInput>,
  path: TestPath<TSnapshot, TEvent>,
  events: readonly TEvent[],
  label: string,
): TestPath<TSnapshot, TEvent> {
  const steps = [...path.steps];
  let state = path.state;
  for (const event of events) {
    state = getNextSnapshot(model.testLogic, state, event);
    steps.push({ state, event });
  }
  const statePath = { state, steps, weight: steps.length - 1 };
  return {
    ...statePath,
    description: `${label}: ${describeSteps(steps.slice(1).map((step) => step.event.type))}`,
    test: (params: TestParam<TSnapshot, TEvent>) => model.testPath(statePath, params),
  };
}

/** 'a → b ×3 → c': event types in order, repeats counted. */
function describeSteps(types: string[]): string {
  const runs: { type: string; count: number }[] = [];
  for (const type of types) {
    const last = runs.at(-1);
    if (last?.type === type) last.count += 1;
    else runs.push({ type, count: 1 });
  }
  return runs.map(({ type, count }) => (count > 1 ? `${type} ×${count}` : type)).join(' → ');
}
