import type { AnyActorRef, AnyMachineSnapshot, AnyTransitionDefinition } from 'xstate';
import type { FlowChannel, FlowLiveMessage, LiveStep, LiveTransition } from './flow-live';

const FLOW_CHANNEL: FlowChannel = 'sfoglia-flows';
/** The steps a flow keeps for a viewer opened late: a long session drops its oldest. */
const FLOW_TRAIL_STEPS = 100;

export const liveTransition = (transition: AnyTransitionDefinition): LiveTransition => {
  const { source, eventType, target } = transition;
  // The same lists the viewer's graph walks (statechart-graph.ts): `always` ones under '', the
  // rest by their event type, each in the order written.
  const siblings = eventType ? source.transitions.get(eventType) : source.always;
  return {
    sourceId: source.id,
    eventType,
    order: Math.max(0, siblings?.indexOf(transition) ?? 0),
    targetIds: (target ?? []).map((node) => node.id),
  };
};

/** The actors already told about: React may start the bridge's effect twice (StrictMode). */
const broadcasting = new WeakSet<AnyActorRef>();

/**
 * Tells the statechart viewer in other tabs where this flow is (product rule R15.3), through
 * XState's inspection of the actor's system: each step's transitions (the microsteps, `always`
 * hops included) and the state they led to. Loaded by the bridge with a dynamic import only
 * when the viewer is on, so no customer route carries it. It stops when the actor stops (its
 * screen closed) or finishes.
 */
export function broadcastFlow(actor: AnyActorRef): void {
  if (broadcasting.has(actor) || actor.getSnapshot().status !== 'active') return;
  broadcasting.add(actor);
  const channel = new BroadcastChannel(FLOW_CHANNEL);
  const machineId = (actor.getSnapshot() as AnyMachineSnapshot).machine.id;
  let taken: LiveTransition[] = [];
  let last: LiveTransition[] = [];
  const valueNow = () => (actor.getSnapshot() as AnyMachineSnapshot).value;
  const trail: LiveStep[] = [{ value: valueNow(), transitions: [] }];
  const post = (message: FlowLiveMessage) => channel.postMessage(message);
  const tell = () =>
    post({ type: 'flow.step', machineId, value: valueNow(), transitions: last, trail });

  const inspection = actor.system.inspect((event) => {
    if (event.actorRef !== actor) return;
    if (event.type === '@xstate.microstep') taken.push(...event._transitions.map(liveTransition));
    if (event.type !== '@xstate.snapshot') return;
    // The step is over once the actor has its new snapshot; an event no state took says nothing.
    if (taken.length > 0) {
      last = taken;
      taken = [];
      trail.push({ value: valueNow(), transitions: last });
      if (trail.length > FLOW_TRAIL_STEPS) trail.shift();
      tell();
    }
    const { status } = event.snapshot as AnyMachineSnapshot;
    if (status === 'active') return;
    inspection.unsubscribe();
    if (status === 'stopped') post({ type: 'flow.stopped', machineId });
    channel.close();
    broadcasting.delete(actor);
  });
  channel.onmessage = ({ data }: MessageEvent<FlowLiveMessage>) => {
    if (data.type === 'flows.ask') tell();
  };
  tell();
}
