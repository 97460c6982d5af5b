import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import {
  transitionLabel,
  type StateInfo,
  type StatechartGraph,
  type TransitionInfo,
} from './statechart-graph';

/** A state's box, in the drawing's coordinates (absolute, from ELK's ROOT coordinates). */
export interface PlacedState {
  state: StateInfo;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Text lines under the name: the URL, then each invoked actor. */
  lines: string[];
}

/** The dot that marks a compound state's initial child, and its arrow to that child. */
export interface PlacedInitial {
  parentId: string;
  x: number;
  y: number;
  points: { x: number; y: number }[];
}

export interface PlacedTransition {
  transition: TransitionInfo;
  label: string;
  points: { x: number; y: number }[];
  labelBox: { x: number; y: number; width: number; height: number } | null;
}

export interface StatechartLayout {
  width: number;
  height: number;
  states: PlacedState[];
  initials: PlacedInitial[];
  transitions: PlacedTransition[];
}

/**
 * Text is measured by estimate, not by the DOM, so the same layout comes out in Node and in the
 * browser; the estimates are a little generous for the typeface's widest glyphs.
 */
const NAME_CHAR = 8.2;
const SMALL_CHAR = 6.6;
const LINE = 16;
const NAME_LINE = 20;
const PAD = 12;
const INITIAL_DOT = 12;
export const COMPOUND_HEADER = 30;

const stateLines = (state: StateInfo) => [
  ...(state.url ? [state.url] : []),
  ...state.invokes.map((id) => `invoke ${id}`),
];

const initialNodeId = (state: StateInfo) => `${state.id}#initial`;

function leafSize(state: StateInfo) {
  const lines = stateLines(state);
  const width = Math.max(
    state.key.length * NAME_CHAR,
    ...lines.map((line) => line.length * SMALL_CHAR),
    48,
  );
  return { width: Math.ceil(width + 2 * PAD), height: NAME_LINE + lines.length * LINE + 2 * PAD };
}

/** The deepest state holding both ends: where ELK wants an edge declared. */
function container(graph: StatechartGraph, sourceId: string, targetId: string): string {
  const parents = new Map(graph.states.map((state) => [state.id, state.parentId]));
  const ancestors = (id: string) => {
    const chain: string[] = [];
    for (let at: string | null | undefined = id; at; at = parents.get(at)) chain.push(at);
    return chain;
  };
  const ofTarget = new Set(ancestors(targetId));
  // An edge between a compound state and its own child lives in the compound state's parent.
  const shared = ancestors(sourceId).find((id) => ofTarget.has(id) && id !== targetId);
  const holder = shared === sourceId ? parents.get(sourceId) : shared;
  return holder ?? CHART;
}

/** ELK lays out the children of its top node: the machine's root is one, so it may have edges. */
const CHART = '#chart';

/**
 * Lays the chart out with the ELK given: in the browser one whose work runs in a worker
 * (`elk-in-worker.ts`), in Node (the SVG script, the tests) the bundled one in process.
 */
export async function layoutStatechart(
  graph: StatechartGraph,
  elk: Pick<ELK, 'layout'>,
): Promise<StatechartLayout> {
  const children = new Map<string, StateInfo[]>();
  for (const state of graph.states)
    if (state.parentId)
      children.set(state.parentId, [...(children.get(state.parentId) ?? []), state]);

  const edgesOf = new Map<string, ElkExtendedEdge[]>();
  const addEdge = (holder: string, edge: ElkExtendedEdge) =>
    edgesOf.set(holder, [...(edgesOf.get(holder) ?? []), edge]);
  const labels = new Map<string, string>();
  for (const transition of graph.transitions) {
    const label = transitionLabel(transition);
    labels.set(transition.id, label);
    addEdge(container(graph, transition.sourceId, transition.targetId), {
      id: transition.id,
      sources: [transition.sourceId],
      targets: [transition.targetId],
      labels: [{ text: label, width: label.length * SMALL_CHAR + 8, height: LINE }],
    });
  }

  const elkNode = (state: StateInfo): ElkNode => {
    const kids = children.get(state.id) ?? [];
    if (kids.length === 0) return { id: state.id, ...leafSize(state) };
    const initial: ElkNode[] = state.initialId
      ? [{ id: initialNodeId(state), width: INITIAL_DOT, height: INITIAL_DOT }]
      : [];
    if (state.initialId)
      addEdge(state.id, {
        id: `${state.id}#initial-edge`,
        sources: [initialNodeId(state)],
        targets: [state.initialId],
      });
    const header = stateLines(state).length * LINE + COMPOUND_HEADER;
    const minWidth = Math.max(
      state.key.length * NAME_CHAR,
      ...stateLines(state).map((l) => l.length * SMALL_CHAR),
    );
    return {
      id: state.id,
      layoutOptions: {
        'elk.padding': `[top=${header + PAD},left=${PAD},bottom=${PAD},right=${PAD}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${Math.ceil(minWidth + 2 * PAD)}, ${header + 2 * PAD})`,
      },
      children: [...initial, ...kids.map(elkNode)],
    };
  };

  const root = graph.states.find((state) => state.id === graph.rootId)!;
  const tree: ElkNode = { id: CHART, children: [elkNode(root)] };
  const withEdges = (node: ElkNode): ElkNode => ({
    ...node,
    children: node.children?.map(withEdges),
    edges: edgesOf.get(node.id) ?? [],
  });
  const laidOut = await elk.layout(withEdges(tree), {
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
    },
  });

  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const transitionsById = new Map(graph.transitions.map((t) => [t.id, t]));
  const placed: StatechartLayout = {
    width: laidOut.width ?? 0,
    height: laidOut.height ?? 0,
    states: [],
    initials: [],
    transitions: [],
  };
  const visit = (node: ElkNode) => {
    const state = byId.get(node.id);
    const box = {
      x: node.x ?? 0,
      y: node.y ?? 0,
      width: node.width ?? 0,
      height: node.height ?? 0,
    };
    if (state) placed.states.push({ state, ...box, lines: stateLines(state) });
    for (const edge of node.edges ?? []) {
      const points = (edge.sections ?? []).flatMap((section) => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      const transition = transitionsById.get(edge.id);
      if (!transition) {
        const parentId = edge.id.slice(0, -'#initial-edge'.length);
        const dot = node.children?.find((child) => child.id === `${parentId}#initial`);
        placed.initials.push({
          parentId,
          x: (dot?.x ?? 0) + INITIAL_DOT / 2,
          y: (dot?.y ?? 0) + INITIAL_DOT / 2,
          points,
        });
        continue;
      }
      const label = edge.labels?.[0];
      placed.transitions.push({
        transition,
        label: labels.get(edge.id) ?? '',
        points,
        labelBox:
          label?.x === undefined
            ? null
            : { x: label.x, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 },
      });
    }
    node.children?.forEach(visit);
  };
  visit(laidOut);
  return placed;
}
