import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode } from 'xstate';

/**
 * A machine's statechart as plain nodes and edges, walked from its definition (StateNode's
 * states, transitions, always, after, invoke), never from a diagram's text: what the viewer at
 * /flows draws (product rule R15.1). No DOM, no layout: the same graph feeds the browser and Node.
 */
export interface StateInfo {
  /** The state node's id: `takeawayCheckout.steps.payment`. */
  id: string;
  key: string;
  /** Keys from the root, without the machine's: `['steps', 'payment']`; empty for the root. */
  path: string[];
  parentId: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The child entered first, for a compound state. */
  initialId: string | null;
  /** The step's URL (`meta.path`), where it has one. */
  url: string | null;
  /** Invoked actors, by their id (equal to the actor's name, STYLE.md). */
  invokes: string[];
  entryActions: string[];
  tags: string[];
  description: string | null;
}

export type EdgeKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface TransitionInfo {
  id: string;
  sourceId: string;
  /** The target, or the source itself for a transition without one (it only runs actions). */
  targetId: string;
  targetless: boolean;
  kind: EdgeKind;
  /** The event as written (`address.submit`), or `always`, `after 3000ms`, `done: loadBasket`. */
  event: string;
  /** As XState keys it (`xstate.after.…`, '' for `always`): what a running flow reports. */
  eventType: string;
  guard: string | null;
  /** The guards of `setup` it reads, by name (a combinator's too), for their descriptions. */
  guardNames: string[];
  actions: string[];
  /** Its rank among the source's transitions for the same event: the first that passes wins. */
  order: number;
}

export interface StatechartGraph {
  machineId: string;
  rootId: string;
  states: StateInfo[];
  transitions: TransitionInfo[];
}

interface Named {
  type?: unknown;
  params?: unknown;
  guards?: unknown[];
  check?: unknown;
  stateValue?: unknown;
  name?: string;
}

/** The combinators' check functions: their own names do not survive minification. */
const checkOf = (guard: unknown) => (guard as Named).check;
const AND = checkOf(and([]));
const OR = checkOf(or([]));
const NOT = checkOf(not('x'));
const STATE_IN = checkOf(stateIn('x'));

function paramsText(params: unknown): string {
  if (params === undefined || typeof params === 'function') return '';
  if (params === null || typeof params !== 'object') return `(${String(params)})`;
  const values = Object.values(params as Record<string, unknown>).filter(
    (value) => value === null || ['string', 'number', 'boolean'].includes(typeof value),
  );
  return values.length > 0 ? `(${values.map(String).join(', ')})` : '';
}

/** A guard by its name in `setup`, with literal params and the combinators spelled out. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  const named = guard as Named;
  if (typeof guard === 'function') {
    const parts = (named.guards ?? []).map((inner) => guardName(inner) ?? 'inline guard');
    if (named.check === NOT) return `not ${parts[0]}`;
    if (named.check === AND) return parts.map((part) => wrap(part, ' or ')).join(' and ');
    if (named.check === OR) return parts.map((part) => wrap(part, ' and ')).join(' or ');
    if (named.check === STATE_IN) return `in ${String(named.stateValue)}`;
    return 'inline guard';
  }
  return typeof named.type === 'string' ? `${named.type}${paramsText(named.params)}` : null;
}

/** The names of the `setup` guards a guard reads, the combinators' inner ones included. */
export function guardNamesOf(guard: unknown): string[] {
  if (guard === undefined || guard === null) return [];
  if (typeof guard === 'string') return [guard];
  if (typeof guard === 'function') return ((guard as Named).guards ?? []).flatMap(guardNamesOf);
  const { type } = guard as Named;
  return typeof type === 'string' ? [type] : [];
}

const wrap = (part: string, other: string) => (part.includes(other) ? `(${part})` : part);

/** An action by its name in `setup`; built-in ones (assign, raise…) as their kind. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  const named = action as Named;
  if (typeof named.type === 'string') return named.type.replace(/^xstate\./, '');
  return 'inline action';
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

function eventOf(node: AnyStateNode, eventType: string): { kind: EdgeKind; event: string } {
  const delayed = node.after.find((transition) => transition.eventType === eventType);
  if (delayed) {
    const delay = delayed.delay;
    return { kind: 'after', event: `after ${typeof delay === 'number' ? `${delay}ms` : delay}` };
  }
  if (eventType.startsWith(DONE_ACTOR))
    return { kind: 'done', event: `done: ${eventType.slice(DONE_ACTOR.length)}` };
  if (eventType.startsWith(ERROR_ACTOR))
    return { kind: 'error', event: `error: ${eventType.slice(ERROR_ACTOR.length)}` };
  if (eventType.startsWith(DONE_STATE)) return { kind: 'done', event: 'done' };
  return { kind: 'event', event: eventType };
}

interface Definition {
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions?: readonly unknown[];
}

export function statechartGraph(machine: AnyStateMachine): StatechartGraph {
  const states: StateInfo[] = [];
  const transitions: TransitionInfo[] = [];

  const addTransitions = (
    node: AnyStateNode,
    definitions: readonly Definition[],
    kind: EdgeKind,
    event: string,
    eventType: string,
  ) =>
    definitions.forEach((definition, order) => {
      const targets = definition.target?.length ? definition.target : [undefined];
      for (const target of targets) {
        transitions.push({
          id: `t${transitions.length}`,
          sourceId: node.id,
          targetId: target?.id ?? node.id,
          targetless: target === undefined,
          kind,
          event,
          eventType,
          guard: guardName(definition.guard),
          guardNames: [...new Set(guardNamesOf(definition.guard))],
          actions: (definition.actions ?? []).map(actionName),
          order,
        });
      }
    });

  // A flow whose URLs carry an id names its steps relative to the root's `meta.basePath`
  // (src/flows/flow-path.ts places them the same way; importing it would share a chunk with
  // every checkout).
  const basePath = (machine.root.meta as { basePath?: unknown } | undefined)?.basePath;
  const urlOf = (path: string) =>
    typeof basePath !== 'string' || path.startsWith('/')
      ? path
      : path
        ? `${basePath}/${path}`
        : basePath;
  const walk = (node: AnyStateNode) => {
    const initial = node.initial?.target[0];
    const url = (node.meta as { path?: unknown } | undefined)?.path;
    states.push({
      id: node.id,
      key: node.key,
      path: node.path,
      parentId: node.parent?.id ?? null,
      type: node.type,
      initialId: initial?.id ?? null,
      url: typeof url === 'string' ? urlOf(url) : null,
      invokes: node.invoke.map((invoke) => invoke.id),
      entryActions: node.entry.map(actionName),
      tags: [...node.tags],
      description: node.description ?? null,
    });
    for (const [eventType, definitions] of node.transitions) {
      const { kind, event } = eventOf(node, eventType);
      addTransitions(node, definitions, kind, event, eventType);
    }
    if (node.always) addTransitions(node, node.always, 'always', 'always', '');
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return { machineId: machine.id, rootId: machine.root.id, states, transitions };
}

/** A transition in words: `address.submit [isAddressReady]`. */
export const transitionLabel = (transition: TransitionInfo) =>
  transition.guard ? `${transition.event} [${transition.guard}]` : transition.event;
