import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findFlows, loadMachine } from '../../scripts/statechart/flows';
import { orderEditMachine } from '../../machines/order-edit/order-edit.machine';
import { takeawayCheckoutMachine } from '../../machines/takeaway-checkout/takeaway-checkout.machine';
import { statechartGraph, transitionLabel } from '../../src/views/flows/statechart-graph';
import ELK from 'elkjs/lib/elk.bundled.js';
import { layoutStatechart } from '../../src/views/flows/statechart-layout';

const root = fileURLToPath(new URL('../..', import.meta.url));
const flows = findFlows(root);

/** A state's configuration as written, before xstate reads it. */
interface StateConfig {
  states?: Record<string, StateConfig>;
  on?: Record<string, unknown>;
  always?: unknown;
  after?: Record<string, unknown>;
  invoke?: unknown;
  onDone?: unknown;
}

const asArray = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A transition config counts once per target (a string, an array, or none). */
const edgesOf = (transitions: unknown) =>
  asArray(transitions).reduce<number>((sum, transition) => {
    const target =
      typeof transition === 'string' ? transition : (transition as { target?: unknown }).target;
    return sum + Math.max(1, asArray(target).length);
  }, 0);

/** Counted from the configuration, independently of the StateNode walk under test. */
function countFromDefinition(config: StateConfig): { states: number; transitions: number } {
  const invokes = asArray(config.invoke) as { onDone?: unknown; onError?: unknown }[];
  let transitions =
    Object.values(config.on ?? {}).reduce<number>((sum, t) => sum + edgesOf(t), 0) +
    edgesOf(config.always) +
    Object.values(config.after ?? {}).reduce<number>((sum, t) => sum + edgesOf(t), 0) +
    invokes.reduce((sum, invoke) => sum + edgesOf(invoke.onDone) + edgesOf(invoke.onError), 0) +
    edgesOf(config.onDone);
  let states = 1;
  for (const child of Object.values(config.states ?? {})) {
    const counted = countFromDefinition(child);
    states += counted.states;
    transitions += counted.transitions;
  }
  return { states, transitions };
}

describe('statechartGraph: a machine as the nodes and edges /flows draws (product rule R15.1)', () => {
  it("shows the takeaway checkout's entry rules as automatic transitions with their guards", () => {
    const graph = statechartGraph(takeawayCheckoutMachine);

    const entry = graph.transitions.filter((t) => t.sourceId === 'takeawayCheckout.entering');

    expect(entry.every((t) => t.kind === 'always')).toBe(true);
    expect(entry.map((t) => [transitionLabel(t), t.targetId])).toEqual([
      ['always [isEntryPath(/pasta-now-checkout/payment)]', 'takeawayCheckout.leaving'],
      [
        'always [not isSignedIn and isEntryPath(/pasta-now-checkout/login)]',
        'takeawayCheckout.steps.login',
      ],
      [
        'always [not isSignedIn and isEntryPath(/pasta-now-checkout/signup)]',
        'takeawayCheckout.steps.signup',
      ],
      ['always [not isSignedIn]', 'takeawayCheckout.steps.continue'],
      ['always [needsAddress]', 'takeawayCheckout.steps.address'],
      [
        'always [isDelivery and isEntryPath(/pasta-now-checkout/delivery/address)]',
        'takeawayCheckout.steps.address',
      ],
      ['always', 'takeawayCheckout.steps.instructions'],
    ]);
  });

  it('keeps URLs, invoked actors, entry actions, initial and final states', () => {
    const graph = statechartGraph(takeawayCheckoutMachine);
    const state = (id: string) => graph.states.find((s) => s.id === `takeawayCheckout.${id}`)!;

    expect(state('steps.payment')).toMatchObject({
      url: '/pasta-now-checkout/payment',
      type: 'compound',
      initialId: 'takeawayCheckout.steps.payment.loading',
    });
    expect(state('loadingBasket').invokes).toEqual(['loadBasket']);
    expect(state('redirecting').entryActions).toEqual(['openActionUrl']);
    expect(state('leaving').type).toBe('final');
    const loaded = graph.transitions.filter((t) => t.sourceId === state('loadingBasket').id);
    expect(loaded.map(transitionLabel)).toEqual([
      'done: loadBasket [isBasketEmpty]',
      'done: loadBasket',
      'error: loadBasket',
    ]);
  });

  it("shows a step's URL under its flow's base path, where its URLs carry an id", () => {
    const graph = statechartGraph(orderEditMachine);
    const url = (id: string) => graph.states.find((s) => s.id === `orderEdit.${id}`)?.url;

    expect(url('editing.overview')).toBe('/order/:orderId/edit');
    expect(url('editing.recipes')).toBe('/order/:orderId/edit/recipes');
    expect(url('changing')).toBeNull();
  });

  it.each(flows)('$name: as many states and transitions as its definition has', async (flow) => {
    const machine = await loadMachine(flow, root);
    const expected = countFromDefinition(machine.config as StateConfig);

    const graph = statechartGraph(machine);

    expect({ states: graph.states.length, transitions: graph.transitions.length }).toEqual(
      expected,
    );
    const ids = new Set(graph.states.map((s) => s.id));
    expect(graph.transitions.filter((t) => !ids.has(t.targetId))).toEqual([]);
  });

  it('lays out every state and routes every transition with ELK', async () => {
    const graph = statechartGraph(takeawayCheckoutMachine);

    const layout = await layoutStatechart(graph, new ELK());

    expect(layout.states).toHaveLength(graph.states.length);
    expect(layout.transitions).toHaveLength(graph.transitions.length);
    expect(layout.transitions.filter((t) => t.points.length < 2)).toEqual([]);
    expect(layout.initials.map((i) => i.parentId)).toEqual(
      expect.arrayContaining(['takeawayCheckout', 'takeawayCheckout.steps.payment']),
    );
    // ELK lays out the largest chart in about a second, several on a machine shared with others.
  }, 30_000);
});
