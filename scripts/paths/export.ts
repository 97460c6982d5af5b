import type { AnyMachineSnapshot } from 'xstate';
import { liveTransition } from '../../src/flows/flow-broadcast';
import type { ReplayPath, ReplayPaths } from '../../src/views/flows/replay-path';
import {
  describeEvent,
  describePath,
  generatePaths,
  stateKeys,
  type AnyPathModel,
} from './generate';
import { findMachines, loadPathModel } from './models';

/** What the viewer replays (product rule R15.4): src/views/flows/flow-paths.json. */
export const PATHS_FILE = 'src/views/flows/flow-paths.json';
export const EXPORT_COMMAND = 'npm run paths -- export';

/** The edges a path takes, in words: where from, which event, where to. */
const edgeKeys = (path: {
  start: AnyMachineSnapshot;
  steps: { event: { type: string }; state: AnyMachineSnapshot }[];
}) =>
  path.steps.map(
    (step, index) =>
      `${stateKeys((index === 0 ? path.start : path.steps[index - 1]!.state).value).join('+')} ${step.event.type} ${stateKeys(step.state.value).join('+')}`,
  );

/**
 * A machine's shortest paths (those `npm run paths -- list` prints), cut to a covering set: in
 * their order, each path kept takes a step (state, event, next state) no path before it took.
 * The whole list runs to tens of thousands for order edit; this set reaches the same states
 * and transitions in a few dozen.
 */
export function replayPaths(model: AnyPathModel): ReplayPath[] {
  const seen = new Set<string>();
  return generatePaths(model, 'shortest').flatMap((path) => {
    const edges = edgeKeys(path);
    if (edges.every((edge) => seen.has(edge))) return [];
    edges.forEach((edge) => seen.add(edge));
    return [
      {
        name: describePath(path),
        entry: path.entry,
        start: path.start.value,
        steps: path.steps.map((step, index) => ({
          event: describeEvent(step.event),
          value: step.state.value,
          transitions: model.machine
            .getTransitionData(index === 0 ? path.start : path.steps[index - 1]!.state, step.event)
            .map(liveTransition),
        })),
      },
    ];
  });
}

/** Every machine's replayable paths, by machine name; machines without a path model left out. */
export async function allReplayPaths(root?: string): Promise<ReplayPaths> {
  const result: ReplayPaths = {};
  for (const machine of findMachines(root)) {
    const model = await loadPathModel(machine, root);
    if (model) result[machine.name] = replayPaths(model);
  }
  return result;
}

export const replayJson = (paths: ReplayPaths) => `${JSON.stringify(paths)}\n`;
