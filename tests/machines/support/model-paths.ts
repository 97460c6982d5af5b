import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventObject,
  Snapshot,
  StateValue,
} from 'xstate';
import { getNextSnapshot } from 'xstate';
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
  events: readonly TEvent[],
): TestPath<TSnapshot, TEvent>[] {
  return model.getShortestPaths({ allowDuplicatePaths: true }).flatMap((path) =>
    events
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
