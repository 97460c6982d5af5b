import { afterEach, describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { broadcastFlow } from '../../src/flows/flow-broadcast';
import type { FlowChannel, FlowLiveMessage } from '../../src/flows/flow-live';
import {
  stateName,
  statesOfValue,
  trailOf,
  transitionsTaken,
} from '../../src/views/flows/live-highlight';
import { statechartGraph } from '../../src/views/flows/statechart-graph';

/** Product rule R15.3: a running flow tells the viewer where it is; the viewer finds the arrows. */
const machine = setup({
  types: { context: {} as { ready: boolean }, events: {} as { type: 'next' } | { type: 'type' } },
  guards: { isReady: ({ context }) => context.ready },
}).createMachine({
  id: 'demo',
  context: { ready: true },
  initial: 'start',
  states: {
    start: { on: { next: 'routing', type: {} } },
    routing: {
      always: [{ guard: 'isReady', target: 'steps.payment' }, { target: 'steps.address' }],
    },
    steps: {
      initial: 'address',
      states: {
        address: {},
        payment: { initial: 'loading', states: { loading: {}, ready: {} } },
      },
    },
  },
});

const FLOW_CHANNEL: FlowChannel = 'sfoglia-flows';
const graph = statechartGraph(machine);
const channels: BroadcastChannel[] = [];
afterEach(() => channels.splice(0).forEach((channel) => channel.close()));

function listen() {
  const channel = new BroadcastChannel(FLOW_CHANNEL);
  channels.push(channel);
  const messages: FlowLiveMessage[] = [];
  channel.onmessage = ({ data }: MessageEvent<FlowLiveMessage>) => messages.push(data);
  return { channel, messages };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the live view of a running flow', () => {
  it('maps a state value to the innermost states drawn', () => {
    expect(statesOfValue(graph, 'start')).toEqual(['demo.start']);
    expect(statesOfValue(graph, { steps: { payment: 'loading' } })).toEqual([
      'demo.steps.payment.loading',
    ]);
    expect(stateName(graph, 'demo.steps.payment.loading')).toBe('steps.payment.loading');
    expect(statesOfValue(graph, 'nowhere')).toEqual([]);
  });

  it('tells each step with the transitions taken, `always` hops included, and answers a viewer', async () => {
    const { channel, messages } = listen();
    const actor = createActor(machine).start();
    broadcastFlow(actor);
    await settle();
    expect(messages).toEqual([
      {
        type: 'flow.step',
        machineId: 'demo',
        value: 'start',
        transitions: [],
        trail: [{ value: 'start', transitions: [] }],
      },
    ]);

    actor.send({ type: 'next' });
    await settle();
    const step = messages.at(-1)!;
    expect(step.type === 'flow.step' && step.value).toEqual({ steps: { payment: 'loading' } });
    const arrows = transitionsTaken(graph, step.type === 'flow.step' ? step.transitions : []);
    const taken = graph.transitions.filter((transition) => arrows.includes(transition.id));
    // next, then the first `always` whose guard passes (not the fallback to address).
    expect(taken.map((t) => [t.sourceId, t.event, t.targetId])).toEqual([
      ['demo.start', 'next', 'demo.routing'],
      ['demo.routing', 'always', 'demo.steps.payment'],
    ]);

    // A viewer that opens later asks, and hears the same, with the way the flow came.
    channel.postMessage({ type: 'flows.ask' } satisfies FlowLiveMessage);
    await settle();
    expect(messages.at(-1)).toEqual(step);
    const trail = step.type === 'flow.step' ? step.trail : [];
    const { lines, visitedStateIds, earlierTransitionIds } = trailOf(graph, trail);
    expect(lines).toEqual([
      { event: 'start', stateIds: ['demo.start'] },
      { event: 'next', stateIds: ['demo.steps.payment.loading'] },
    ]);
    expect(visitedStateIds).toEqual(['demo.start']);
    // The last step's arrows are the highlight's own; none was taken before it.
    expect(earlierTransitionIds).toEqual([]);

    // The screen closes: the flow says so and stops talking.
    actor.stop();
    await settle();
    expect(messages.at(-1)).toEqual({ type: 'flow.stopped', machineId: 'demo' });
  });

  it('an event no state takes says nothing; an actor is told about once', async () => {
    const { messages } = listen();
    const actor = createActor(machine).start();
    broadcastFlow(actor);
    broadcastFlow(actor);
    actor.send({ type: 'next' });
    await settle();
    const count = messages.length;
    expect(count).toBe(2);
    actor.send({ type: 'next' });
    await settle();
    expect(messages).toHaveLength(count);
    actor.stop();
  });
});
