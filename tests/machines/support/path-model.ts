import type { AnyStateMachine } from 'xstate';

/**
 * What a machine's generated paths are made of, shared by its model test and `npm run paths`:
 * the machine, the ways in (each an input), the events the model may take (with the payloads
 * worth covering, or the events a state offers) and the serializer that tells states apart.
 * Each lives in tests/machines/<flow>/events.ts as `pathModel`, found there by the script.
 */
export interface PathModel<TSnapshot, TEvent, TInput> {
  machine: AnyStateMachine;
  entries: readonly { name: string; input: TInput }[];
  events: readonly TEvent[] | ((snapshot: TSnapshot) => readonly TEvent[]);
  serializeState?: (snapshot: TSnapshot) => string;
  /**
   * Where simple paths stop (and the events and serializer they use, when not the model's), for
   * a machine whose whole graph has too many of them.
   */
  /** Why simple paths are not listed, for a machine with too many and no region of them. */
  tooManySimplePaths?: string;
  /**
   * A wait the shortest search takes once where the machine needs it many times in a row: the
   * basket's poll, given up only at its hundredth (product rule R4.4). The shortest path into
   * `state` is extended by `times` of `event`, one more shortest path (listed, walked, covered).
   */
  waitsOut?: { state: string; event: TEvent; times: number };
  simpleRegion?: {
    name: string;
    stopWhen: (snapshot: TSnapshot) => boolean;
    events?: (snapshot: TSnapshot) => readonly TEvent[];
    serializeState?: (snapshot: TSnapshot) => string;
  };
}
