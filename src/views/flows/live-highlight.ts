import type { StateValue } from 'xstate';
import type { LiveTransition } from '../../flows/flow-live';
import type { StatechartGraph } from './statechart-graph';

/** What the drawing marks: the current state(s) and the transitions just taken. */
export interface Highlight {
  stateIds: string[];
  transitionIds: string[];
}

export const NO_HIGHLIGHT: Highlight = { stateIds: [], transitionIds: [] };

/** The innermost active states of a state value, as key paths from the root. */
function leafPaths(value: StateValue, prefix: string[] = []): string[][] {
  if (typeof value === 'string') return [[...prefix, value]];
  const entries = Object.entries(value);
  if (entries.length === 0) return [prefix];
  return entries.flatMap(([key, inner]) =>
    inner === undefined ? [[...prefix, key]] : leafPaths(inner, [...prefix, key]),
  );
}

/** The graph's states a running flow's value stands for (its innermost ones). */
export function statesOfValue(graph: StatechartGraph, value: StateValue): string[] {
  const byPath = new Map(graph.states.map((state) => [state.path.join('.'), state.id]));
  return leafPaths(value).flatMap((path) => {
    const id = byPath.get(path.join('.'));
    return id ? [id] : [];
  });
}

/** The graph's arrows for transitions a running flow took (one arrow per target). */
export function transitionsTaken(graph: StatechartGraph, taken: LiveTransition[]): string[] {
  return taken.flatMap((live) =>
    graph.transitions
      .filter(
        (transition) =>
          transition.sourceId === live.sourceId &&
          transition.eventType === live.eventType &&
          transition.order === live.order &&
          (transition.targetless
            ? live.targetIds.length === 0
            : live.targetIds.includes(transition.targetId)),
      )
      .map((transition) => transition.id),
  );
}

/** A state's name in words: its keys below the machine's, `steps.payment.ready`. */
export const stateName = (graph: StatechartGraph, id: string) =>
  graph.states.find((state) => state.id === id)?.path.join('.') ?? id;
