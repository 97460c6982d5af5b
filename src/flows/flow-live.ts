import type { StateValue } from 'xstate';

/**
 * What a running flow tells the statechart viewer in another tab of the same browser (product
 * rule R15.3): the channel's name and its messages. Plain data, as BroadcastChannel clones it.
 * Types only: a module both sides loaded at run time would become a chunk of its own, and the
 * bridge would name it among the broadcaster's preloads on every flow's route. Each side writes
 * the channel's name as `FlowChannel`, so the compiler keeps them equal.
 */
export type FlowChannel = 'sfoglia-flows';

/** A transition as the machine's definition has it: enough for the viewer to find its arrow. */
export interface LiveTransition {
  /** The state node it leaves: `takeawayCheckout.steps.instructions`. */
  sourceId: string;
  /** As XState keys it: the event, '' for `always`, `xstate.after.…` for a timer. */
  eventType: string;
  /** Its rank among the source's transitions for that event type (the first that passes wins). */
  order: number;
  /** Its targets' ids; none for a transition that only runs actions. */
  targetIds: string[];
}

/** One step of a flow's run: the state it led to and the transitions it took (none at the start). */
export interface LiveStep {
  value: StateValue;
  transitions: LiveTransition[];
}

export type FlowLiveMessage =
  /**
   * The flow moved (or a viewer asked): where it is, the transitions its last step took, and its
   * steps so far (at most FLOW_TRAIL_STEPS, oldest first), so a viewer opened late sees the way
   * it came.
   */
  | {
      type: 'flow.step';
      machineId: string;
      value: StateValue;
      transitions: LiveTransition[];
      trail: LiveStep[];
    }
  /** The flow's screen closed: its actor is gone. */
  | { type: 'flow.stopped'; machineId: string }
  /** A viewer opened: every running flow says where it is. */
  | { type: 'flows.ask' };
