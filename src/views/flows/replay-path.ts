import type { StateValue } from 'xstate';
import type { LiveTransition } from '../../flows/flow-live';

/**
 * A generated path the viewer replays (product rule R15.4), as `npm run paths -- export`
 * (scripts/paths/export.ts) writes them into flow-paths.json.
 */
export interface ReplayStep {
  /** The event in words, as `npm run paths -- list` writes it. */
  event: string;
  value: StateValue;
  /** The transitions the event selects from the state before (the `always` hops after it not). */
  transitions: LiveTransition[];
}

export interface ReplayPath {
  /** The path in words, the line `npm run paths -- list` prints. */
  name: string;
  entry: string;
  start: StateValue;
  steps: ReplayStep[];
}

export type ReplayPaths = Record<string, ReplayPath[]>;
