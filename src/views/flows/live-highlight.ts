import type { StateValue } from 'xstate';
import type { LiveStep, LiveTransition } from '../../flows/flow-live';
import type { StatechartGraph } from './statechart-graph';

/**
 * What the drawing marks: the current state(s) and the transitions just taken; for a flow
 * running in another tab, also the states it passed through and the transitions it took before.
 */
export interface Highlight {
  stateIds: string[];
  transitionIds: string[];
  visitedStateIds?: string[];
  earlierTransitionIds?: string[];
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

/** One line of a running flow's steps so far: the event that moved it and where it went. */
export interface TrailLine {
  event: string;
  stateIds: string[];
}

/** A step's event in words: the first transition's (the later ones are its `always` hops). */
const eventOf = (step: LiveStep, index: number) => {
  if (index === 0 && step.transitions.length === 0) return 'start';
  const type = step.transitions[0]?.eventType;
  return type === '' ? 'always' : (type ?? 'start');
};

/**
 * A running flow's way so far (product rule R15.3), for a viewer that opened after it started:
 * the states it passed through and the transitions it took before its last step, and one line a
 * step. The current states and the last step's transitions are the highlight's own.
 */
export function trailOf(graph: StatechartGraph, trail: LiveStep[]) {
  const earlier = trail.slice(0, -1);
  return {
    visitedStateIds: [...new Set(earlier.flatMap((step) => statesOfValue(graph, step.value)))],
    earlierTransitionIds: [
      ...new Set(earlier.flatMap((step) => transitionsTaken(graph, step.transitions))),
    ],
    lines: trail.map((step, index): TrailLine => ({
      event: eventOf(step, index),
      stateIds: statesOfValue(graph, step.value),
    })),
  };
}

/** A state's name in words: its keys below the machine's, `steps.payment.ready`. */
export const stateName = (graph: StatechartGraph, id: string) =>
  graph.states.find((state) => state.id === id)?.path.join('.') ?? id;
